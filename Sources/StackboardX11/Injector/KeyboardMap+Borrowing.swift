import CX11
import StackboardCore

/// The key types a borrowed keycode gets by how many characters it carries: ONE_LEVEL for one,
/// TWO_LEVEL (Shift) for two, and a four-level type (Shift, AltGr, Shift+AltGr) for three or
/// four, each only where the map has it and has a key for its modifiers.
struct BorrowTypes: Equatable {
    /// The index of TWO_LEVEL, when it is usable.
    var two: Int?
    /// The index of a FOUR_LEVEL type, when there is one and an AltGr key.
    var four: Int?

    /// How many characters one keycode can carry.
    var maxLevels: Int { four != nil ? 4 : (two != nil ? 2 : 1) }

    /// The type index for a key with `count` characters (nil: more than the map allows).
    func index(forLevels count: Int) -> Int? {
        switch count {
        case 1: return Int(XkbOneLevelIndex)
        case 2: return two ?? four
        case 3, 4: return four
        default: return nil
        }
    }
}

extension KeyboardMap {
    /// The types borrowed keycodes can use when the keyboard is in `group`.
    func borrowTypes(group: Int) -> BorrowTypes {
        var out = BorrowTypes()
        let shift = RealModifier.shift
        guard modifierKey(for: shift, group: group) != nil else { return out }
        if levelShape(Int(XkbTwoLevelIndex)) == [LevelEntry(level: 1, mask: shift)] { out.two = Int(XkbTwoLevelIndex) }
        guard let altgr = heldModifierKey(.altgr, group: group, fallbackMask: 0),
              let g = effectiveGroup(altgr, group), case .setsModifiers(let m) = effect(altgr, group: g, level: 0),
              m != 0, m & (m - 1) == 0, m & (shift | RealModifier.lock | RealModifier.control) == 0 else { return out }
        let wanted: Set<LevelEntry> = [LevelEntry(level: 1, mask: shift), LevelEntry(level: 2, mask: m),
                                       LevelEntry(level: 3, mask: shift | m)]
        let count = Int(desc.pointee.map.pointee.num_types)
        out.four = (0..<count).first { i in
            let t = desc.pointee.map.pointee.types[i]
            guard t.num_levels == 4, UInt32(t.mods.mask) == shift | m, !hasPreserve(t) else { return false }
            return Set(levelShape(i) ?? []) == wanted
        }
        return out
    }

    /// The active entries of type `index` with a mask limited to what the type looks at; nil
    /// when there is no such type.
    private func levelShape(_ index: Int) -> [LevelEntry]? {
        guard index < Int(desc.pointee.map.pointee.num_types) else { return nil }
        let t = desc.pointee.map.pointee.types[index]
        return (0..<Int(t.map_count)).compactMap { i in
            let e = t.map[i]
            return e.active != 0 ? LevelEntry(level: Int(e.level), mask: UInt32(e.mods.mask)) : nil
        }
    }

    private func hasPreserve(_ t: XkbKeyTypeRec) -> Bool {
        guard let preserve = t.preserve else { return false }
        return (0..<Int(t.map_count)).contains { preserve[$0].mask != 0 }
    }

    /// Puts `symbols` (level by level) on `kc` as its only group, with the type for their
    /// number, in this local copy of the map.
    func assign(_ symbols: [UInt], to kc: Int, types: BorrowTypes) -> Bool {
        guard keycodes.contains(kc), let index = types.index(forLevels: symbols.count) else { return false }
        var newTypes: [Int32] = [Int32(index), 0, 0, 0]
        guard XkbChangeTypesOfKey(desc, Int32(kc), 1, UInt32(XkbGroup1Mask), &newTypes, nil) == Success else { return false }
        let width = Int(desc.pointee.map.pointee.types[index].num_levels)
        guard let syms = XkbResizeKeySyms(desc, Int32(kc), Int32(width)) else { return false }
        for level in 0..<width { syms[level] = KeySym(level < symbols.count ? symbols[level] : 0) }
        return true
    }

    /// Empties `kc` (no groups, no symbols) in this local copy of the map.
    func clear(_ kc: Int) -> Bool {
        guard keycodes.contains(kc) else { return false }
        return XkbChangeTypesOfKey(desc, Int32(kc), 0, UInt32(XkbAllGroupsMask), nil, nil) == Success
    }

    /// Sends the symbols of `keys` from this copy to the server (`XkbChangeMap` on its device;
    /// the server passes it on to the master keyboard when this device is its last slave).
    /// Keys of the range that were not touched are sent as they were read, so they stay as
    /// they are (the copy must be fresh: read under the keymap lock); the notification covers
    /// the whole range.
    func upload(_ display: OpaquePointer, keys: ClosedRange<Int>) -> Bool {
        guard keys.lowerBound >= minKeycode, keys.upperBound <= maxKeycode, keys.count <= 255 else { return false }
        var changes = XkbMapChangesRec()
        changes.changed = UInt16(XkbKeySymsMask)
        changes.first_key_sym = KeyCode(keys.lowerBound)
        changes.num_key_syms = UInt8(keys.count)
        return XkbChangeMap(display, desc, &changes) != 0
    }

    /// Whether `kc` holds exactly `symbols` (one group, levels padded with NoSymbol): what a
    /// borrower recorded, compared before anyone restores it.
    func holdsExactly(_ kc: Int, _ symbols: [UInt]) -> Bool {
        let now = allKeysyms(kc)
        guard groupCount(kc) == 1, now.count <= KeymapRecord.levels else { return false }
        let pad = { (s: [UInt]) in s + Array(repeating: 0, count: KeymapRecord.levels - s.count) }
        return pad(now) == pad(Array(symbols.prefix(KeymapRecord.levels)))
    }

    /// Keycodes with no symbol in any group or level, no action, no behavior and no modifier,
    /// in this map and in the core map alike. Keycode 8 (evdev's KEY_RESERVED) is never used.
    func emptyKeycodes(display dpy: OpaquePointer) -> [Int] {
        let first = max(minKeycode, 9)
        guard first <= maxKeycode else { return [] }
        let count = maxKeycode - first + 1
        var perKey: Int32 = 0
        guard let core = XGetKeyboardMapping(dpy, KeyCode(first), Int32(count), &perKey) else { return [] }
        defer { XFree(core) }
        var inModmap = Set<Int>()
        if let modmap = XGetModifierMapping(dpy) {
            let width = Int(modmap.pointee.max_keypermod)
            for i in 0..<(8 * width) where modmap.pointee.modifiermap[i] != 0 {
                inModmap.insert(Int(modmap.pointee.modifiermap[i]))
            }
            XFreeModifiermap(modmap)
        }
        var empty: [Int] = []
        for kc in first...maxKeycode {
            guard groupCount(kc) == 0, !hasActions(kc), modifierMap(kc) == 0, !hasVirtualModifiers(kc),
                  !hasExplicitOrBehavior(kc), !inModmap.contains(kc) else { continue }
            let row = (kc - first) * Int(perKey)
            guard (0..<Int(perKey)).allSatisfy({ core[row + $0] == 0 }) else { continue }
            empty.append(kc)
        }
        return empty
    }
}

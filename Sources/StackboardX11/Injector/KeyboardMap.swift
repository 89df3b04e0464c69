import CX11

/// One shift level of a key type: the modifiers that select it (as the server resolved them).
struct LevelEntry: Hashable {
    /// The level (0-based).
    var level: Int
    /// The real modifiers that select it.
    var mask: UInt32
}

/// A key type of the map, reduced to what level selection needs.
struct KeyTypeInfo: Equatable {
    /// The real modifiers the type looks at.
    var mask: UInt32
    /// The number of levels.
    var levels: Int
    /// The active map entries.
    var entries: [LevelEntry]
}

/// What pressing a key does to the modifiers (its XKB action, reduced).
enum KeyEffect: Equatable {
    /// No action.
    case none
    /// Sets these real modifiers while held (SetMods).
    case setsModifiers(UInt32)
    /// Anything else (locks, latches, group changes...).
    case other
}

/// The XKB map of one keyboard device (types, symbols, actions, modifier maps), read with
/// `XkbGetMap`, freed in deinit. Accessors take keycodes and groups and never expose C pointers.
final class KeyboardMap {
    /// The map as Xlib holds it (never leaves the Injector folder).
    let desc: XkbDescPtr
    /// The device it was read from (an XInput id, or XkbUseCoreKbd).
    let device: UInt32
    /// The smallest keycode.
    let minKeycode: Int
    /// The largest keycode.
    let maxKeycode: Int
    /// Keycodes that plans never use: those other Stackboard processes have borrowed (they
    /// may change them at any time).
    var avoided: Set<Int> = []

    /// Every map component: types, symbols, modifier map, explicit, actions, behaviors, vmods.
    private static let allComponents: UInt32 = 0xff

    /// Reads the map of `device`; nil when the server has none for it.
    init?(display: OpaquePointer, device: UInt32) {
        guard let desc = XkbGetMap(display, Self.allComponents, device),
              desc.pointee.map != nil, desc.pointee.server != nil else { return nil }
        self.desc = desc
        self.device = device
        minKeycode = Int(desc.pointee.min_key_code)
        maxKeycode = Int(desc.pointee.max_key_code)
    }

    deinit { XkbFreeKeyboard(desc, Self.allComponents, 1) }

    /// The keycodes of the map.
    var keycodes: ClosedRange<Int> { minKeycode...maxKeycode }

    private var client: XkbClientMapRec { desc.pointee.map.pointee }
    private var server: XkbServerMapRec { desc.pointee.server.pointee }

    private func symMap(_ kc: Int) -> XkbSymMapRec { client.key_sym_map[kc] }

    /// How many groups key `kc` has (0: no symbols at all).
    func groupCount(_ kc: Int) -> Int {
        guard keycodes.contains(kc) else { return 0 }
        return Int(symMap(kc).group_info & 0x0f)
    }

    /// The group of `kc` that is used when the keyboard is in `group` (wrap, clamp or redirect,
    /// as XKB does); nil for a key without symbols.
    func effectiveGroup(_ kc: Int, _ group: Int) -> Int? {
        let n = groupCount(kc)
        guard n > 0 else { return nil }
        if group < n { return group }
        let info = symMap(kc).group_info
        switch info & 0xc0 {
        case UInt8(XkbClampIntoRange): return n - 1
        case UInt8(XkbRedirectIntoRange):
            let target = Int((info & 0x30) >> 4)
            return target < n ? target : 0
        default: return group % n
        }
    }

    /// The key type of `kc` in (effective) group `group`.
    func type(_ kc: Int, group: Int) -> KeyTypeInfo {
        var map = symMap(kc)
        let index = withUnsafeBytes(of: &map.kt_index) { Int($0[group & 3]) }
        guard index < Int(client.num_types) else { return KeyTypeInfo(mask: 0, levels: 1, entries: []) }
        let t = client.types[index]
        var entries: [LevelEntry] = []
        for i in 0..<Int(t.map_count) {
            let e = t.map[i]
            if e.active != 0 { entries.append(LevelEntry(level: Int(e.level), mask: UInt32(e.mods.mask))) }
        }
        return KeyTypeInfo(mask: UInt32(t.mods.mask), levels: Int(t.num_levels), entries: entries)
    }

    /// The number of levels per group of `kc` (the width of its symbol rows).
    private func width(_ kc: Int) -> Int { Int(symMap(kc).width) }

    /// The keysym at (`group`, `level`) of `kc` (NoSymbol outside the key).
    func keysym(_ kc: Int, group: Int, level: Int) -> UInt {
        let m = symMap(kc)
        guard group < groupCount(kc), level < Int(m.width) else { return 0 }
        return UInt(client.syms[Int(m.offset) + Int(m.width) * group + level])
    }

    /// Every keysym of `kc`, group by group (what "the key still holds what we put there" compares).
    func allKeysyms(_ kc: Int) -> [UInt] {
        guard keycodes.contains(kc) else { return [] }
        let m = symMap(kc)
        let count = Int(m.width) * groupCount(kc)
        return (0..<count).map { UInt(client.syms[Int(m.offset) + $0]) }
    }

    /// Whether `kc` has XKB actions.
    func hasActions(_ kc: Int) -> Bool {
        keycodes.contains(kc) && server.key_acts != nil && server.key_acts[kc] != 0
    }

    /// What pressing `kc` in `group` at `level` does to the modifiers.
    func effect(_ kc: Int, group: Int, level: Int) -> KeyEffect {
        guard hasActions(kc), group < groupCount(kc), level < width(kc) else { return .none }
        let action = server.acts[Int(server.key_acts[kc]) + width(kc) * group + level]
        let mods = action.mods
        switch Int32(mods.type) {
        case XkbSA_NoAction: return .none
        case XkbSA_SetMods:
            let mask = (Int(mods.flags) & Int(XkbSA_UseModMapMods)) != 0 ? modifierMap(kc) : UInt32(mods.mask)
            return .setsModifiers(mask)
        default: return .other
        }
    }

    /// The real modifiers `kc` is bound to in the modifier map.
    func modifierMap(_ kc: Int) -> UInt32 {
        guard keycodes.contains(kc), let modmap = client.modmap else { return 0 }
        return UInt32(modmap[kc])
    }

    /// Whether `kc` is bound to virtual modifiers.
    func hasVirtualModifiers(_ kc: Int) -> Bool {
        keycodes.contains(kc) && server.vmodmap != nil && server.vmodmap[kc] != 0
    }

    /// Whether `kc` has explicit components or a behavior (a radio group, a lock...).
    func hasExplicitOrBehavior(_ kc: Int) -> Bool {
        guard keycodes.contains(kc) else { return false }
        if let explicit = server.explicit, explicit[kc] != 0 { return true }
        if let behaviors = server.behaviors, behaviors[kc].type != 0 { return true }
        return false
    }

    /// The keysym XKB gives `kc` under `state` (modifiers plus the group in bits 13-14):
    /// `XkbTranslateKeyCode`, the check every pick goes through.
    func translate(_ kc: Int, state: UInt32) -> UInt {
        guard keycodes.contains(kc) else { return 0 }
        var consumed: UInt32 = 0
        var sym: KeySym = 0
        guard XkbTranslateKeyCode(desc, KeyCode(kc), state, &consumed, &sym) != 0 else { return 0 }
        return UInt(sym)
    }
}

import StackboardCore

/// The keyboard state the plans are made for: the effective group and the locked and latched
/// real modifiers (from `XkbGetState`).
struct KeyboardLockState: Equatable {
    /// The effective group (0-based).
    var group: Int
    /// Locked real modifiers (Caps Lock is LockMask here).
    var locked: UInt32
    /// Latched real modifiers.
    var latched: UInt32
}

/// How to type one keysym: the key, the modifier keys that select its level, and the locked or
/// latched modifiers to clear around it.
struct KeyPlan: Equatable {
    /// The keycode to press.
    var keycode: Int
    /// The group whose symbol it is (the current group, or another for a shortcut).
    var group: Int
    /// Modifier keys to hold for the level, in press order.
    var levelKeys: [Int]
    /// The real modifiers those keys set.
    var levelMask: UInt32
    /// Locked modifiers to unlock around the key (and lock again after).
    var clearLocked: UInt32
    /// Latched modifiers to unlatch before the key (a latch applies to this key only, so it is not restored).
    var clearLatched: UInt32

    /// The key alone: no modifier key held for its level and no lock or latch touched around it.
    var isBare: Bool { levelKeys.isEmpty && clearLocked == 0 && clearLatched == 0 }
}

/// The modifiers of the core protocol, by bit.
enum RealModifier {
    /// ShiftMask.
    static let shift: UInt32 = 1 << 0
    /// LockMask (Caps Lock).
    static let lock: UInt32 = 1 << 1
    /// ControlMask.
    static let control: UInt32 = 1 << 2

    /// The single-bit masks of `mask`.
    static func bits(_ mask: UInt32) -> [UInt32] { (0..<8).map { UInt32(1) << $0 }.filter { mask & $0 != 0 } }
}

/// Keysyms of modifier keys, in order of preference when several keys set the same modifier.
enum ModifierKeysyms {
    /// Shift_L, Shift_R, Control_L, Control_R, Alt_L, Alt_R, Meta_L, Meta_R, Super_L, Super_R,
    /// Hyper_L, Hyper_R, ISO_Level3_Shift, ISO_Level5_Shift.
    static let preferred: [UInt] = [0xffe1, 0xffe2, 0xffe3, 0xffe4, 0xffe9, 0xffea, 0xffe7, 0xffe8,
                                    0xffeb, 0xffec, 0xffed, 0xffee, 0xfe03, 0xfe11]

    /// The keysyms that press `modifier`, best first.
    static func names(for modifier: Modifier) -> [UInt] {
        switch modifier {
        case .shift: return [0xffe1, 0xffe2]
        case .ctrl: return [0xffe3, 0xffe4]
        case .alt: return [0xffe9, 0xffe7, 0xffea, 0xffe8]
        case .super: return [0xffeb, 0xffec]
        case .altgr: return [0xfe03]
        }
    }
}

extension KeyboardMap {
    /// A key that sets the real modifier `bit` while held (its action at level 1 of `group` is
    /// SetMods with that bit), preferring the usual modifier keysyms; nil when there is none.
    func modifierKey(for bit: UInt32, group: Int) -> Int? {
        var best: (score: Int, kc: Int)?
        for kc in keycodes {
            guard let g = effectiveGroup(kc, group) else { continue }
            let mask: UInt32
            switch effect(kc, group: g, level: 0) {
            case .setsModifiers(let m): mask = m
            case .other: continue
            case .none:
                // A map without actions: the modifier map decides, as in the core protocol.
                guard !hasActions(kc) else { continue }
                mask = modifierMap(kc)
            }
            guard mask & bit != 0 else { continue }
            let sym = keysym(kc, group: g, level: 0)
            let rank = ModifierKeysyms.preferred.firstIndex(of: sym) ?? ModifierKeysyms.preferred.count
            let score = (mask == bit ? 0 : 1000) + rank * 10 + (hasActions(kc) ? 0 : 500)
            if best.map({ score < $0.score }) ?? true { best = (score, kc) }
        }
        return best?.kc
    }

    /// The key for a held modifier (`ctrl` → the Control_L key...): found by keysym at level 1,
    /// or else any key that sets `fallbackMask`.
    func heldModifierKey(_ modifier: Modifier, group: Int, fallbackMask: UInt32) -> Int? {
        for name in ModifierKeysyms.names(for: modifier) {
            for kc in keycodes {
                guard let g = effectiveGroup(kc, group), keysym(kc, group: g, level: 0) == name else { continue }
                if case .other = effect(kc, group: g, level: 0) { continue }
                return kc
            }
        }
        for bit in RealModifier.bits(fallbackMask) {
            if let kc = modifierKey(for: bit, group: group) { return kc }
        }
        return nil
    }

    /// The best way to type `keysym` in `state`: a key whose level in the current group carries
    /// it (with `otherGroups`, a key that carries it in another group, for shortcuts such as
    /// Ctrl+C on a Cyrillic layout). Every pick is checked with `XkbTranslateKeyCode`.
    /// `character`: clear Caps Lock (and latches) around it so the case comes out as asked.
    func plan(for keysym: UInt, state: KeyboardLockState, otherGroups: Bool, character: Bool) -> KeyPlan? {
        if let p = plan(for: keysym, group: state.group, state: state, character: character) { return p }
        guard otherGroups else { return nil }
        for g in 0..<4 where g != state.group {
            if let p = plan(for: keysym, group: g, state: state, character: character) { return p }
        }
        return nil
    }

    private func plan(for keysym: UInt, group: Int, state: KeyboardLockState, character: Bool) -> KeyPlan? {
        var best: (score: Int, plan: KeyPlan)?
        let active = state.locked | state.latched
        for kc in keycodes where !avoided.contains(kc) {
            guard let g = effectiveGroup(kc, group) else { continue }
            let t = type(kc, group: g)
            for level in 0..<max(1, t.levels) where self.keysym(kc, group: g, level: level) == keysym {
                var masks = t.entries.filter { $0.level == level }.map(\.mask)
                if level == 0 { masks.insert(0, at: 0) }
                for mask in masks where mask & RealModifier.lock == 0 {
                    var keys: [Int] = []
                    var pressable = true
                    for bit in RealModifier.bits(mask) {
                        guard let k = modifierKey(for: bit, group: state.group) else { pressable = false; break }
                        if !keys.contains(k) { keys.append(k) }
                    }
                    guard pressable else { continue }
                    let lockedClear = state.locked & (t.mask | (character ? RealModifier.lock : 0)) & ~mask
                    let latchedClear = character ? state.latched & ~mask : state.latched & t.mask & ~mask
                    let kept = active & ~(lockedClear | latchedClear)
                    let effective = mask | kept | (UInt32(group) << 13)
                    guard translate(kc, state: effective) == keysym else { continue }
                    let score = RealModifier.bits(mask).count * 10 + RealModifier.bits(lockedClear | latchedClear).count
                    if best.map({ score < $0.score }) ?? true {
                        best = (score, KeyPlan(keycode: kc, group: group, levelKeys: keys, levelMask: mask,
                                               clearLocked: lockedClear, clearLatched: latchedClear))
                    }
                }
            }
        }
        return best?.plan
    }
}

import CXKBCommon
import StackboardCore

/// An owned `struct xkb_context *` that logs nothing (errors are reported by the caller, with
/// what to do) and ignores the `XKB_DEFAULT_*` environment variables.
final class XkbContext {
    let handle: OpaquePointer

    /// A context searching libxkbcommon's default include path (`XKB_CONFIG_ROOT`, else
    /// xkb-data's `/usr/share/X11/xkb`, and the user's `~/.config/xkb`).
    init() throws(LayoutError) {
        guard let context = xkb_context_new(XKB_CONTEXT_NO_ENVIRONMENT_NAMES) else {
            throw LayoutError(file: "", message: "cannot start libxkbcommon (out of memory?); try again")
        }
        handle = context
        xkb_context_set_log_fn(context) { _, _, _, _ in }
    }

    deinit { xkb_context_unref(handle) }
}

/// An owned `struct xkb_keymap *` compiled from rules names, with an `xkb_state` to read levels.
final class XkbKeymap {
    let keymap: OpaquePointer
    let state: OpaquePointer
    let shiftMask: UInt32
    let levelThreeMask: UInt32

    /// Compiles `name` with the `evdev` rules and the `pc105` model; nil when libxkbcommon
    /// cannot (no such layout or variant, or broken symbols).
    init?(context: XkbContext, name: XkbLayoutName) {
        let compiled: OpaquePointer? = "evdev".withCString { rules in
            "pc105".withCString { model in
                name.layout.withCString { layout in
                    (name.variant ?? "").withCString { variant in
                        "".withCString { options in
                            var names = xkb_rule_names(rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context.handle, &names, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
        guard let compiled else { return nil }
        guard let state = xkb_state_new(compiled) else {
            xkb_keymap_unref(compiled)
            return nil
        }
        keymap = compiled
        self.state = state
        shiftMask = Self.mask(compiled, XKB_MOD_NAME_SHIFT)
        // ISO_Level3_Shift (AltGr) is Mod5 in xkb-data's keymaps (modifier_map Mod5 { <LVL3> }).
        levelThreeMask = Self.mask(compiled, "Mod5")
    }

    deinit {
        xkb_state_unref(state)
        xkb_keymap_unref(keymap)
    }

    private static func mask(_ keymap: OpaquePointer, _ name: String) -> UInt32 {
        let index = xkb_keymap_mod_get_index(keymap, name)
        return index == XKB_MOD_INVALID || index >= 32 ? 0 : 1 << index
    }

    /// The four levels (none, Shift, AltGr, Shift+AltGr) of the key `keyName`; nil when the
    /// keymap has no such key. A combination that reaches a level already listed gives nil.
    func levels(ofKey keyName: String) -> XkbKeySymbols? {
        let keycode = xkb_keymap_key_by_name(keymap, keyName)
        guard keycode != XKB_KEYCODE_INVALID, xkb_keymap_num_layouts_for_key(keymap, keycode) > 0 else { return nil }
        var seen: [UInt32] = []
        var levels: [XkbSymbol?] = []
        for mods in [0, shiftMask, levelThreeMask, shiftMask | levelThreeMask] {
            xkb_state_update_mask(state, mods, 0, 0, 0, 0, 0)
            let level = xkb_state_key_get_level(state, keycode, 0)
            if seen.contains(level) {
                levels.append(nil)
                continue
            }
            seen.append(level)
            levels.append(symbol(keycode: keycode, level: level))
        }
        xkb_state_update_mask(state, 0, 0, 0, 0, 0, 0)
        return XkbKeySymbols(keyName: keyName, levels: levels)
    }

    /// What a level of a key produces: a dead key, or the characters of its keysyms.
    private func symbol(keycode: xkb_keycode_t, level: xkb_level_index_t) -> XkbSymbol? {
        var syms: UnsafePointer<xkb_keysym_t>?
        let count = Int(xkb_keymap_key_get_syms_by_level(keymap, keycode, 0, level, &syms))
        guard count > 0, let syms else { return nil }
        var text = ""
        for i in 0..<count {
            let keysym = syms[i]
            if let dead = Self.deadName(keysym) { return text.isEmpty ? .dead(dead) : nil }
            let code = xkb_keysym_to_utf32(keysym)
            guard code >= 0x20, code != 0x7F, let scalar = Unicode.Scalar(code) else { continue }
            text.unicodeScalars.append(scalar)
        }
        return text.isEmpty ? nil : .character(text)
    }

    /// `dead_acute` for a dead keysym, nil for any other.
    static func deadName(_ keysym: xkb_keysym_t) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_keysym_get_name(keysym, &buffer, buffer.count)
        guard n > 5 else { return nil }
        let name = String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return name.hasPrefix("dead_") ? name : nil
    }

    /// The keysym of a dead key by name.
    static func keysym(dead name: String) -> xkb_keysym_t {
        xkb_keysym_from_name(name, XKB_KEYSYM_NO_FLAGS)
    }
}

/// An owned Compose table and state: what dead keys compose (`dead_acute` `e` → `é`).
final class XkbCompose {
    let table: OpaquePointer
    let state: OpaquePointer

    /// The Compose table of `locale` (libX11's `/usr/share/X11/locale/LOCALE/Compose`); nil
    /// when there is none.
    init?(context: XkbContext, locale: String) {
        guard let table = xkb_compose_table_new_from_locale(context.handle, locale, XKB_COMPOSE_COMPILE_NO_FLAGS) else { return nil }
        guard let state = xkb_compose_state_new(table, XKB_COMPOSE_STATE_NO_FLAGS) else {
            xkb_compose_table_unref(table)
            return nil
        }
        self.table = table
        self.state = state
    }

    deinit {
        xkb_compose_state_unref(state)
        xkb_compose_table_unref(table)
    }

    /// Whether the one character `text` begins a sequence of this table: on a layout whose own
    /// Compose table says so, the key is a dead key (xkb:et's vowel keys).
    func beginsSequence(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard scalars.count == 1, let first = scalars.first else { return false }
        let keysym = xkb_utf32_to_keysym(first.value)
        guard keysym != 0 else { return false }
        xkb_compose_state_reset(state)
        defer { xkb_compose_state_reset(state) }
        _ = xkb_compose_state_feed(state, keysym)
        return xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSING
    }

    /// The keysym name a character's dead key goes by here: `UFE75` for U+FE75.
    static func keysymName(of text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.count == 1, let first = scalars.first else { return nil }
        var buffer = [CChar](repeating: 0, count: 64)
        let n = xkb_keysym_get_name(xkb_utf32_to_keysym(first.value), &buffer, buffer.count)
        guard n > 0 else { return nil }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// What `dead` followed by each of `bases` (single characters) composes, by base.
    func compositions(dead: String, bases: [String]) -> [String: String] {
        let deadKeysym = XkbKeymap.keysym(dead: dead)
        guard deadKeysym != 0 else { return [:] }
        var table: [String: String] = [:]
        for base in bases {
            let scalars = base.unicodeScalars
            guard scalars.count == 1, let first = scalars.first else { continue }
            let baseKeysym = xkb_utf32_to_keysym(first.value)
            guard baseKeysym != 0 else { continue }
            xkb_compose_state_reset(state)
            _ = xkb_compose_state_feed(state, deadKeysym)
            _ = xkb_compose_state_feed(state, baseKeysym)
            guard xkb_compose_state_get_status(state) == XKB_COMPOSE_COMPOSED else { continue }
            var buffer = [CChar](repeating: 0, count: 64)
            let n = xkb_compose_state_get_utf8(state, &buffer, buffer.count)
            if n > 0 { table[base] = String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        }
        xkb_compose_state_reset(state)
        return table
    }
}

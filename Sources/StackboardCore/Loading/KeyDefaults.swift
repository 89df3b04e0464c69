/// What a key gets when the layout leaves a property out: one table, by action.
public enum KeyDefaults {
    /// The default label, style and repeat of each action name (text keys: the label is their text).
    public static let table: [String: (label: String, style: KeyStyle, repeats: Bool)] = [
        "text": ("", .normal, false),
        "backspace": ("⌫", .function, true),
        "delete": ("⌦", .function, true),
        "return": ("⏎", .accent, false),
        "space": ("space", .normal, true),
        "tab": ("⇥", .function, false),
        "escape": ("esc", .function, false),
        "clear": ("clear", .function, false),
        "left": ("←", .function, true),
        "right": ("→", .function, true),
        "up": ("↑", .function, true),
        "down": ("↓", .function, true),
        "home": ("home", .function, false),
        "end": ("end", .function, false),
        "keysym": ("", .function, false),
        "shift": ("⇧", .function, false),
        "ctrl": ("ctrl", .function, false),
        "alt": ("alt", .function, false),
        "super": ("super", .function, false),
        "altgr": ("AltGr", .function, false),
        "capslock": ("⇪", .function, false),
        "layer": ("", .function, false),
        "next-layout": ("⌨", .function, false),
        "hide": ("hide", .function, false),
        "decimal": (".", .normal, false),
        "multiply": ("", .function, false),
        "morse-dot": ("·", .normal, false),
        "morse-dash": ("−", .normal, false),
        "morse-gap": ("gap", .function, false),
        "shuffled-digit": ("?", .normal, false),
        "done": ("✓", .accent, false),
        "cancel": ("✕", .function, false),
        "move": ("✥", .function, false),
        "shortcut": ("", .function, false),
        "click-left": ("left click", .function, false),
        "click-right": ("right click", .function, false),
        "click-middle": ("middle click", .function, false),
        "click-double": ("double click", .function, false),
        "click-drag": ("drag", .function, false),
        "click-pause": ("no clicks", .function, false),
        "settings": ("⚙", .function, false),
    ]

    /// The label a key with `action` shows when the layout gives none.
    ///
    /// Text keys show their text, keysym keys the keysym name, layer keys the layer name,
    /// multiply keys `×1000` and shortcut keys their chord (`ctrl+c`); the rest come from `table`.
    public static func label(for action: Action) -> String {
        switch action {
        case .text(let t): return t
        case .key(.keysym(let name)): return name
        case .layer(let name): return name
        case .multiply(let factor): return "×\(factor)"
        case .shortcut(let chord): return chord.description
        default: return table[action.name]?.label ?? action.name
        }
    }

    /// The style a key with `action` has when the layout gives none.
    public static func style(for action: Action) -> KeyStyle { table[action.name]?.style ?? .normal }

    /// Whether a key with `action` repeats while held when the layout does not say.
    public static func repeats(for action: Action) -> Bool { table[action.name]?.repeats ?? false }

    /// The shifted text of a text key that gives none: the upper case when it differs and is one
    /// character (`a` → `A`; `ß` → nil because `SS` is two; `1` → nil).
    public static func shifted(for text: String) -> String? {
        let upper = text.uppercased()
        return upper != text && upper.count == 1 ? upper : nil
    }
}

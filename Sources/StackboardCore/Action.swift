/// A modifier key that latches on one tap, locks on a second and releases on a third.
public enum Modifier: String, CaseIterable, Hashable, Sendable, Comparable {
    /// Shift: the next key types its shifted label.
    case shift
    /// Control.
    case ctrl
    /// Alt (Mod1).
    case alt
    /// Super (Mod4).
    case `super`
    /// AltGr (ISO_Level3_Shift; the mask is looked up, it is not always Mod5).
    case altgr

    /// Orders modifiers in a fixed order for stable output.
    public static func < (a: Modifier, b: Modifier) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}

/// Keys that are not text: what the injector sends as real X keys, and what an `Action.key`
/// sends. In the layout format each is an action named after its X keysym in lower case
/// (`backspace`, `return`, `left`); any other X key is a `keysym` action.
public enum NamedKey: Equatable, Hashable, Sendable {
    /// BackSpace; in entry mode: deletes the character before the cursor.
    case backspace
    /// Delete (forward); in entry mode: deletes the character after the cursor.
    case delete
    /// Return; in entry mode: done.
    case returnKey
    /// Tab.
    case tab
    /// Escape; in entry mode: cancel.
    case escape
    /// Left arrow; in entry mode: the cursor one character left.
    case left
    /// Right arrow; in entry mode: the cursor one character right.
    case right
    /// Up arrow.
    case up
    /// Down arrow.
    case down
    /// Home; in entry mode: the cursor to the start.
    case home
    /// End; in entry mode: the cursor to the end.
    case end
    /// Any X keysym by its name, for example `F1`, `Print`, `XF86AudioMute`.
    case keysym(String)

    /// Every named key with an action name of its own (all but `keysym`).
    public static let fixed: [NamedKey] = [.backspace, .delete, .returnKey, .tab, .escape,
                                           .left, .right, .up, .down, .home, .end]

    /// The X keysym name of this key.
    public var keysymName: String {
        switch self {
        case .backspace: return "BackSpace"
        case .delete: return "Delete"
        case .returnKey: return "Return"
        case .tab: return "Tab"
        case .escape: return "Escape"
        case .left: return "Left"
        case .right: return "Right"
        case .up: return "Up"
        case .down: return "Down"
        case .home: return "Home"
        case .end: return "End"
        case .keysym(let name): return name
        }
    }

    /// The key's action name in the layout format: its keysym name in lower case, or `keysym`.
    public var name: String {
        if case .keysym = self { return "keysym" }
        return keysymName.lowercased()
    }
}

/// What a key does when it fires. Each case has a name in the layout format (`name`).
public enum Action: Equatable, Hashable, Sendable {
    /// Types the text (in entry mode: inserts it into the field).
    case text(String)
    /// Sends a key that is not text (see `NamedKey` for what each does in entry mode).
    case key(NamedKey)
    /// Types a space.
    case space
    /// Clears the field (entry mode); in typing mode nothing.
    case clear
    /// A modifier: latched on one tap, locked on a second, released on a third.
    case modifier(Modifier)
    /// Caps Lock: shifts letters until tapped again.
    case capsLock
    /// Switches to the named layer of the same layout.
    case layer(String)
    /// Switches to the next layout.
    case nextLayout
    /// Hides the keyboard.
    case hide
    /// Types the locale's decimal separator (`.` or `,`).
    case decimalSeparator
    /// Multiplies the number in the field by the factor (千 = 1000, 万 = 10000).
    case multiply(Int)
    /// A Morse dot.
    case morseDot
    /// A Morse dash.
    case morseDash
    /// Ends the pending Morse letter.
    case morseGap
    /// A slot for one digit of a shuffled PIN pad; digits are dealt when the layout is shown.
    case shuffledDigit
    /// Entry mode: accept the field (like return).
    case done
    /// Entry mode: cancel (like escape).
    case cancel
    /// The grip of a floating keyboard: dragging it moves the window, a double tap docks or
    /// undocks it. It does nothing where the keypad cannot move (entry mode, a plug).
    case move
    /// Slot `n` (from 0) of the suggestion bar: types the word shown there. Made by
    /// `LayoutPreparation` for a layout with a suggestion bar, never written in a layout file.
    case suggestion(Int)
    /// Shows the layout of that name (the language key's long-press list).
    case showLayout(String)
    /// Sends a key chord (`ctrl+c`): the editing panel's select all, cut, copy, paste, undo and
    /// redo. In a terminal, copy and paste go as ctrl+shift+c and ctrl+shift+v
    /// (`Shortcut.inTerminal`). A keypad that edits its own field has no use for it.
    case shortcut(Shortcut)
    /// Chooses what the next dwell click outside the keyboard does (`click-right` and so on:
    /// the click panel; `--dwell-click`).
    case click(ClickType)
    /// Opens the settings panel (⚙; also a long press on the grip). Nothing where the panel is
    /// locked or never offered (a plug, entry mode): there the key is removed.
    case settings
    /// A control of the settings panel: what it changes. Made by `SettingsPanel`, never written
    /// in a layout file.
    case setting(SettingsCommand)

    /// Every action name of the layout format, for error messages and docs.
    public static let allNames: [String] = [
        "text", "backspace", "delete", "return", "space", "tab", "escape", "clear",
        "left", "right", "up", "down", "home", "end", "keysym",
        "shift", "ctrl", "alt", "super", "altgr", "capslock",
        "layer", "next-layout", "hide", "decimal", "multiply",
        "morse-dot", "morse-dash", "morse-gap", "shuffled-digit", "done", "cancel", "move", "shortcut", "settings",
    ] + ClickType.allCases.map { "click-" + $0.rawValue }

    /// The action's name in the layout format.
    public var name: String {
        switch self {
        case .text: return "text"
        case .key(let key): return key.name
        case .space: return "space"
        case .clear: return "clear"
        case .modifier(let m): return m.rawValue
        case .capsLock: return "capslock"
        case .layer: return "layer"
        case .nextLayout: return "next-layout"
        case .hide: return "hide"
        case .decimalSeparator: return "decimal"
        case .multiply: return "multiply"
        case .morseDot: return "morse-dot"
        case .morseDash: return "morse-dash"
        case .morseGap: return "morse-gap"
        case .shuffledDigit: return "shuffled-digit"
        case .done: return "done"
        case .cancel: return "cancel"
        case .move: return "move"
        case .suggestion: return "suggestion"
        case .showLayout: return "show-layout"
        case .shortcut: return "shortcut"
        case .click(let type): return "click-" + type.rawValue
        case .settings: return "settings"
        case .setting: return "setting"
        }
    }
}

import StackboardCore

/// The keyboard as a screen reader is shown it: what is on screen now, nothing more. The app
/// makes one after a turn (`AccessibleKeyboard.make`) and hands it to `AccessibleTree.update`.
public struct AccessibleKeyboard: Equatable, Sendable {
    /// One key (or suggestion slot) as it is exposed.
    public struct KeyItem: Equatable, Sendable {
        /// Its index in the layer's geometry (what a press of it hits).
        public var index: Int
        /// What a screen reader says for it: the label shown, or a word for a symbol.
        public var name: String
        /// Whether it is a modifier or lock key (a toggle button) rather than a push button.
        public var toggles: Bool
        /// Whether its modifier is latched or locked now (toggle buttons only).
        public var checked: Bool
        /// Whether it is a slot of the suggestion bar (its name is the word shown there).
        public var isSlot: Bool
        /// Its frame in window pixels.
        public var frame: Rect
        /// A key as exposed.
        public init(index: Int, name: String, toggles: Bool = false, checked: Bool = false, isSlot: Bool = false, frame: Rect) {
            self.index = index; self.name = name; self.toggles = toggles; self.checked = checked
            self.isSlot = isSlot; self.frame = frame
        }
    }

    /// What identifies the set of keys: a change of it replaces every key object (another
    /// layout or layer); the same set keeps its objects and only their names, states and
    /// frames change.
    public var layer: String
    /// The layout's name (the frame's description).
    public var layoutName: String
    /// The keys, in document order (blank keys left out).
    public var keys: [KeyItem]
    /// The window's size.
    public var size: Size
    /// The window's top-left corner on the screen (root pixels).
    public var origin: Point
    /// Whether the window is on screen.
    public var shown: Bool

    /// A keyboard with every property given.
    public init(layer: String, layoutName: String, keys: [KeyItem], size: Size, origin: Point, shown: Bool) {
        self.layer = layer; self.layoutName = layoutName; self.keys = keys; self.size = size
        self.origin = origin; self.shown = shown
    }

    /// The keyboard of `geometry` (the layer `layer` of layout `layoutName`), each key named
    /// from `label` (what it shows now: the shifted label, the bar's word) and checked when
    /// `checked` says its modifier is latched or locked.
    public static func make(layer: String, layoutName: String, geometry: KeyboardGeometry, origin: Point, shown: Bool,
                            label: (Int) -> String, checked: (Int) -> Bool) -> AccessibleKeyboard {
        var keys: [KeyItem] = []
        keys.reserveCapacity(geometry.keys.count)
        for placed in geometry.keys where placed.key.style != .blank && !placed.frame.isEmpty {
            let toggles = AccessibleKeyName.toggles(placed.key.action)
            var isSlot = false
            if case .suggestion = placed.key.action { isSlot = true }
            keys.append(KeyItem(index: placed.index, name: AccessibleKeyName.name(of: placed.key, showing: label(placed.index)),
                                toggles: toggles, checked: toggles && checked(placed.index), isSlot: isSlot,
                                frame: placed.frame))
        }
        return AccessibleKeyboard(layer: layer, layoutName: layoutName, keys: keys, size: geometry.size, origin: origin, shown: shown)
    }
}

/// What a key is called for a screen reader: its label when the label says it in letters or
/// digits (`q`, `Ctrl`, `?123`, `English`), else a word for what it does (`backspace`,
/// `shift`, `space`, `return`). A text key is always its label (a screen reader speaks `,` as
/// "comma" itself); a suggestion slot is its word.
public enum AccessibleKeyName {
    /// The name of `key`, which shows `label` now.
    public static func name(of key: Key, showing label: String) -> String {
        switch key.action {
        case .text(let text):
            return label.isEmpty ? text : label
        case .suggestion:
            return label
        case .space:
            return "space" // whatever the bar shows on it (the language's name)
        default:
            if saysItself(label) { return label }
            return word(for: key.action) ?? label
        }
    }

    /// Whether a label is readable as it is: it has a letter or a digit.
    static func saysItself(_ label: String) -> Bool {
        label.unicodeScalars.contains { $0.properties.isAlphabetic || $0.properties.numericType != nil }
            && !label.unicodeScalars.allSatisfy { $0.properties.isEmojiPresentation }
    }

    /// Whether the key latches or locks (exposed as a toggle button with a checked state).
    public static func toggles(_ action: Action) -> Bool {
        switch action {
        case .modifier, .capsLock: return true
        default: return false
        }
    }

    /// A word for what an action does, nil where only its label can say it.
    static func word(for action: Action) -> String? {
        switch action {
        case .text, .suggestion, .shuffledDigit, .decimalSeparator, .multiply, .setting: return nil
        case .key(let key):
            switch key {
            case .backspace: return "backspace"
            case .delete: return "delete"
            case .returnKey: return "return"
            case .tab: return "tab"
            case .escape: return "escape"
            case .left: return "left"
            case .right: return "right"
            case .up: return "up"
            case .down: return "down"
            case .home: return "home"
            case .end: return "end"
            case .keysym(let name): return name
            }
        case .space: return "space"
        case .clear: return "clear"
        case .modifier(let m): return m == .altgr ? "alt gr" : m.rawValue
        case .capsLock: return "caps lock"
        case .layer(let name): return name
        case .nextLayout: return "next layout"
        case .hide: return "hide keyboard"
        case .morseDot: return "dot"
        case .morseDash: return "dash"
        case .morseGap: return "letter gap"
        case .done: return "done"
        case .cancel: return "cancel"
        case .move: return "move keyboard"
        case .showLayout(let name): return name
        case .shortcut(let chord): return chord.description
        case .click(let type): return type.rawValue + " click"
        case .settings: return "settings"
        }
    }
}

/// The keys that edit text in the focused application rather than type it: the space bar as a
/// trackpad (`CaretTrackpad`) and the shortcut keys of an editing panel (`Action.shortcut`).
extension KeyboardState {
    /// Whether `key` is a space bar that a long press makes a trackpad: trackpads are on and it
    /// has no alternates of its own (a long press there opens them).
    func isTrackpad(_ key: Key) -> Bool {
        config.spaceTrackpad && key.action == .space && key.alternates.isEmpty
    }

    /// The trackpad's horizontal step near its start for a space bar of `keyFrame`: a third of
    /// the key's height (about a character's width at the keyboard's size), at least 4 pixels.
    static func trackpadStep(keyFrame: Rect) -> Double {
        max(4, Double(keyFrame.height) / 3)
    }

    /// Whether a pointer is sliding on the space bar as a trackpad.
    public var trackpadActive: Bool { pointers.values.contains { $0.trackpad != nil } }

    /// What a space bar shows while it is a trackpad: the way the caret goes.
    public static let trackpadLabel = "◀ ▶"

    /// Whether the key at `index` is a space bar being slid on as a trackpad.
    func isTrackpadKey(_ index: Int) -> Bool {
        pointers.values.contains { $0.key == index && $0.trackpad != nil }
    }

    /// The focused field is (true) or is not (false) a terminal: a shortcut key's copy and paste
    /// go as ctrl+shift+c and ctrl+shift+v there (`Shortcut.inTerminal`).
    public mutating func setTerminalField(_ terminal: Bool) -> [Effect] {
        mutate(now: nil) { state in
            state.terminalField = terminal
            return []
        }
    }
}

import Testing
@testable import StackboardCore

/// Layouts and a small driver shared by the state, dwell and scan tests.
enum StateFixtures {
    static func row(_ keys: [Key]) -> StackItem { .stack(Stack(axis: .horizontal, items: keys.map { .key($0) })) }
    static func text(_ t: String, _ shifted: String? = nil, alternates: [Key] = []) -> Key {
        Key(label: t, shiftedLabel: shifted, action: .text(t), alternates: alternates)
    }

    /// A keyboard with one of nearly everything, 4 rows of a "letters" layer and a "symbols" layer.
    static let standard: Layout = {
        let letters = Layer(name: "letters", root: Stack(axis: .vertical, items: [
            row([text("a", "A", alternates: [text("à", "À"), text("á", "Á"), text("â", "Â")]),
                 text("b", "B"),
                 text("e", "E", alternates: [text("é", "É"), text("è", "È"), text("ê", "Ê")]),
                 text("1", "!", alternates: [text("¹"), text("½"), text("¼")])]),
            row([Key(label: "⇧", action: .modifier(.shift)), Key(label: "ctrl", action: .modifier(.ctrl)),
                 Key(label: "caps", action: .capsLock), Key(label: "⌫", action: .key(.backspace), repeats: true),
                 Key(label: "space", action: .space, repeats: true),
                 Key(label: "x", action: .text("x"), alternates: [text("×")], repeats: true)]),
            row([Key(label: "?123", action: .layer("symbols")), Key(label: "⏎", action: .key(.returnKey)),
                 Key(label: "dec", action: .decimalSeparator), Key(label: "C", action: .clear),
                 Key(label: "千", action: .multiply(1000)), Key(label: "tab", action: .key(.tab)),
                 Key(label: "esc", action: .key(.escape)), Key(label: "del", action: .key(.delete))]),
            row([Key(label: "·", action: .morseDot), Key(label: "−", action: .morseDash),
                 Key(label: "gap", action: .morseGap), Key(label: "←", action: .key(.left)),
                 Key(label: "→", action: .key(.right)), Key(label: "↑", action: .key(.up)), Key(label: "home", action: .key(.home)),
                 Key(label: "end", action: .key(.end)), Key(label: "F1", action: .key(.keysym("F1"))),
                 Key(label: "done", action: .done), Key(label: "cancel", action: .cancel),
                 Key(label: "alt", action: .modifier(.alt)), Key(label: "hide", action: .hide),
                 Key(label: "next", action: .nextLayout), Key(label: "", action: .text(""), style: .blank)]),
        ]))
        let symbols = Layer(name: "symbols", root: Stack(axis: .vertical, items: [
            row([text("#"), text("$")]),
            row([Key(label: "abc", action: .layer("letters"))]),
        ]))
        return Layout(name: "test", description: "every kind of key", layers: [letters, symbols])
    }()

    static let size = Size(width: 600, height: 240)
}

/// Drives a `KeyboardState` with time passed by hand and finds keys by label.
struct Rig {
    var state: KeyboardState
    var now: Double = 0

    init(config: KeyboardConfig = KeyboardConfig(), layout: Layout = StateFixtures.standard,
         size: Size = StateFixtures.size) {
        state = KeyboardState(layout: layout, size: size, config: config)
    }

    /// The index of the key labelled `label` in the current layer (-1 when there is none).
    func index(_ label: String) -> Int {
        state.geometry.keys.first { $0.key.label == label }?.index ?? -1
    }

    /// The centre of the key labelled `label`.
    func center(_ label: String) -> Point {
        guard let frame = state.geometry.keys.first(where: { $0.key.label == label })?.frame else {
            Issue.record("no key labelled \(label)")
            return Point(x: -100, y: -100)
        }
        return Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
    }

    mutating func handle(_ event: InputEvent) -> [Effect] { state.handle(event, now: now) }
    mutating func press(_ label: String, pointer: Int = 1) -> [Effect] { handle(.press(pointer: pointer, at: center(label))) }
    mutating func release(_ label: String, pointer: Int = 1) -> [Effect] { handle(.release(pointer: pointer, at: center(label))) }
    mutating func move(to label: String, pointer: Int = 1) -> [Effect] { handle(.move(pointer: pointer, to: center(label))) }
    mutating func hover(_ label: String, pointer: Int = 1) -> [Effect] { handle(.hover(pointer: pointer, at: center(label))) }

    /// Press and release on the key, 50 ms apart; returns the release's effects.
    @discardableResult
    mutating func tap(_ label: String, pointer: Int = 1) -> [Effect] {
        _ = press(label, pointer: pointer)
        now += 0.05
        let effects = release(label, pointer: pointer)
        now += 0.05
        return effects
    }

    /// Moves the clock to `time` and fires what is due.
    mutating func advance(to time: Double) -> [Effect] {
        now = time
        return state.advance(to: time)
    }
}

/// What the effects typed (typing mode), in order.
func typed(_ effects: [Effect]) -> [String] {
    effects.compactMap { if case .type(let text, _) = $0 { return text } else { return nil } }
}

/// Whether the effects repaint everything.
func redrawsAll(_ effects: [Effect]) -> Bool { effects.contains(.redrawAll) }

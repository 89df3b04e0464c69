import StackboardCore

// TEMPORARY: stands in for StackboardCore.KeyboardState (being written on the `state` branch)
// with the same calls, so the window, the loop and the tests can run before it lands. Only
// taps, slide-off, one-shot shift and layer switches; deleted when the real one is merged.
struct InterimKeyboardState {
    var layout: Layout
    var layerName: String
    var geometry: KeyboardGeometry
    private var pressedKey: Int?
    private var shiftLatched = false

    init(layout: Layout, size: Size) {
        self.layout = layout
        let layer = layout.layers.first ?? Layer(name: "", root: Stack(axis: .vertical, items: []))
        layerName = layer.name
        geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
    }

    var shifted: Bool { shiftLatched }
    var nextDeadline: Double? { nil }
    func isPressed(_ index: Int) -> Bool { pressedKey == index }

    mutating func handle(_ event: InputEvent, now: Double) -> [Effect] {
        switch event {
        case .press(_, let point):
            guard let index = geometry.hit(point) else { return [] }
            pressedKey = index
            return [.click(.character), .redraw([index])]
        case .move(_, let point):
            guard let index = pressedKey else { return [] }
            if geometry.hit(point) == nil { pressedKey = nil; return [.redraw([index])] }
            return []
        case .release(_, let point):
            guard let index = pressedKey else { return [] }
            pressedKey = nil
            guard geometry.hit(point) == index else { return [.redraw([index])] }
            return fire(index)
        case .cancel:
            guard let index = pressedKey else { return [] }
            pressedKey = nil
            return [.redraw([index])]
        }
    }

    private mutating func fire(_ index: Int) -> [Effect] {
        let key = geometry.keys[index].key
        switch key.action {
        case .text:
            let text = key.text(shifted: shiftLatched) ?? ""
            let wasShifted = shiftLatched
            shiftLatched = false
            return [.type(text, modifiers: [])] + (wasShifted ? [.redrawAll] : [.redraw([index])])
        case .space:
            return [.type(" ", modifiers: []), .redraw([index])]
        case .modifier(.shift):
            shiftLatched.toggle()
            return [.redrawAll]
        case .layer(let name):
            if let layer = layout.layer(named: name) {
                layerName = name
                geometry = KeyboardGeometry(layout: layout, layer: layer, size: geometry.size)
            }
            return [.redrawAll]
        case .nextLayout:
            return [.nextLayout]
        case .hide:
            return [.redraw([index]), .hide]
        default:
            if let named = key.action.namedKey { return [.key(named, modifiers: []), .redraw([index])] }
            return [.redraw([index])]
        }
    }

    mutating func advance(to now: Double) -> [Effect] { [] }

    mutating func resize(to size: Size) -> [Effect] {
        let layer = layout.layer(named: layerName) ?? layout.layers[0]
        geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
        pressedKey = nil
        return [.redrawAll]
    }

    mutating func setLayout(_ layout: Layout) -> [Effect] {
        self = InterimKeyboardState(layout: layout, size: geometry.size)
        return [.redrawAll]
    }

    mutating func releaseAll() -> [Effect] {
        pressedKey = nil
        shiftLatched = false
        return [.redrawAll]
    }
}

// TEMPORARY: stands in for the JSON loader (`loader` branch) with a qwerty built in code.
enum InterimLayouts {
    static func load(_ name: String) -> Layout? {
        guard name == "qwerty" else { return nil }
        func row(_ s: String) -> [StackItem] { s.map { .key(Key(label: String($0), shiftedLabel: String($0).uppercased(), action: .text(String($0)))) } }
        let letters = Layer(name: "letters", root: Stack(axis: .vertical, items: [
            .stack(Stack(axis: .horizontal, items: row("qwertyuiop"))),
            .stack(Stack(axis: .horizontal, items: row("asdfghjkl"))),
            .stack(Stack(axis: .horizontal, distribution: .proportional, items:
                [.key(Key(label: "⇧", action: .modifier(.shift), weight: 1.5, style: .function))] + row("zxcvbnm")
                + [.key(Key(label: "⌫", action: .backspace, weight: 1.5, style: .function, repeats: true))])),
            .stack(Stack(axis: .horizontal, distribution: .proportional, items: [
                .key(Key(label: "123", action: .layer("numbers"), weight: 1.5, style: .function)),
                .key(Key(label: "space", action: .space, weight: 6)),
                .key(Key(label: "⏎", action: .returnKey, weight: 1.5, style: .accent)),
            ])),
        ]))
        let numbers = Layer(name: "numbers", root: Stack(axis: .vertical, items: [
            .stack(Stack(axis: .horizontal, items: row("1234567890"))),
            .stack(Stack(axis: .horizontal, items: row("-/:;()$&@\""))),
            .stack(Stack(axis: .horizontal, distribution: .proportional, items: [
                .key(Key(label: "abc", action: .layer("letters"), weight: 1.5, style: .function)),
                .key(Key(label: "", action: .space, weight: 1, style: .blank)),
                .key(Key(label: "space", action: .space, weight: 6)),
                .key(Key(label: "⏎", action: .returnKey, weight: 1.5, style: .accent)),
            ])),
        ]))
        return Layout(name: "qwerty", description: "built-in stand-in", layers: [letters, numbers])
    }
}

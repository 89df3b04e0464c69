/// The number row (`number-row` setting): digits 1 to 0 in a row of their own above the letters,
/// as on a phone's keyboard, so that a digit needs no layer switch.
extension Layout {
    /// The name of the layer that gets the row.
    public static let lettersLayerName = "letters"

    /// The digits of the row, in keyboard order.
    public static let numberRowDigits = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]

    /// This layout with a row of the digits 1-0 on top of its `letters` layer, when that layer
    /// types no ASCII digit yet (the `xkb:` layouts have their digit row already; pads have no
    /// letters layer): the other layers, and any other layout, stay as they are. The row fills
    /// the width equally, with the layout's spacing.
    public func withNumberRow() -> Layout {
        guard let index = layers.firstIndex(where: { $0.name == Self.lettersLayerName }) else { return self }
        let layer = layers[index]
        guard !layer.root.keys.contains(where: Self.typesDigit), layer.root.axis == .vertical else { return self }
        let digits = Self.numberRowDigits.map { StackItem.key(Key(label: $0, action: .text($0))) }
        var root = layer.root
        root.items.insert(.stack(Stack(axis: .horizontal, items: digits)), at: 0)
        var copy = self
        copy.layers[index] = Layer(name: layer.name, root: root)
        return copy
    }

    private static func typesDigit(_ key: Key) -> Bool {
        guard case .text(let text) = key.action else { return false }
        return [text, key.shiftedLabel ?? ""].contains { $0.count == 1 && $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }
}

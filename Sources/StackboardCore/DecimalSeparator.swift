extension Layout {
    /// The layout with every `decimal` key labelled with `separator` (the locale's, `,` in de_DE)
    /// where the layout left the default label `.`.
    public func withDecimalSeparator(_ separator: String) -> Layout {
        var copy = self
        copy.layers = layers.map { layer in
            Layer(name: layer.name, root: layer.root.mapKeys { key in
                guard key.action == .decimalSeparator, key.label == "." else { return key }
                var k = key
                k.label = separator
                k.shiftedLabel = nil
                return k
            })
        }
        return copy
    }
}

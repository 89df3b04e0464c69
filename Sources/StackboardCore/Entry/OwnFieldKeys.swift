extension Action {
    /// Whether the key does something on a keypad that edits its own field (entry mode,
    /// StackboardKit): ctrl, alt and super have no shortcut to modify there, tab, up, down and a
    /// keysym key edit nothing in a one-line field (`NamedKey.fieldCommand`), the field has no
    /// selection or clipboard for a shortcut key, the window cannot be moved by its grip, and
    /// there is no settings panel.
    public var worksInOwnField: Bool {
        switch self {
        case .modifier(.ctrl), .modifier(.alt), .modifier(.super), .move, .shortcut, .settings, .setting: return false
        case .key(let key): return key.fieldCommand != nil || key == .returnKey || key == .escape
        default: return true
        }
    }
}

extension Layout {
    /// The layout for a keypad that edits its own field: each key that would do nothing there
    /// (`Action.worksInOwnField`) is a blank gap of the same size, so that the other keys stay
    /// where the user knows them.
    public func forOwnField() -> Layout {
        var copy = self
        copy.layers = layers.map { layer in
            Layer(name: layer.name, root: layer.root.mapKeys { key in
                guard !key.action.worksInOwnField else { return key }
                return Key(label: "", action: .text(""), weight: key.weight, style: .blank)
            })
        }
        return copy
    }
}

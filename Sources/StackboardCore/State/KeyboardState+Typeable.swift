extension KeyboardState {
    /// What the keys of the layer on screen type, each text once: first as they type now (shift
    /// and caps lock as they are), then as they type in the other shift state. An injector that
    /// must borrow keycodes for one of them borrows for the others in the same keymap change, so
    /// that the next taps on the layer type without changing the keymap (and, for an application
    /// that cannot say it has handled its keys, without waiting).
    public var typeableTexts: [String] {
        let keys = currentLayer.root.keys
        var seen = Set<String>()
        var texts: [String] = []
        for shiftedFirst in [true, false] {
            for key in keys {
                let shifted = shiftedFirst ? typesShifted(key) : !typesShifted(key)
                if let text = key.text(shifted: shifted), !text.isEmpty, seen.insert(text).inserted { texts.append(text) }
            }
        }
        return texts
    }
}

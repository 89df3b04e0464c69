extension KeyboardState {
    /// Dwell clicking's next click is now of `type` (nil: dwell clicking is off): the click
    /// panel's key of that type is shown locked, the others not.
    public mutating func setClickType(_ type: ClickType?) -> [Effect] {
        mutate(now: nil) { state in
            state.clickType = type
            return []
        }
    }
}

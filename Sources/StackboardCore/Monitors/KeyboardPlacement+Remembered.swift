extension KeyboardPlacement {
    /// The placement at start on `layout` when the user left this layout's keyboard somewhere on
    /// a screen of this size (`remembered`, from geometry.json; nil: the options decide). A
    /// remembered dock docks on its edge of the chosen monitor with its height, along the
    /// monitor's whole width; a remembered floating frame is the keyboard's place from the
    /// start, on the monitor of its centre (or the one it overlaps most, else the primary),
    /// moved and if need be scaled down to lie inside it: a frame off every monitor (an edited
    /// file, a monitor arrangement changed at the same screen size) never hides the keyboard.
    public init(choice: MonitorChoice, sizing: KeyboardSizing, layout: MonitorLayout, focus: Rect? = nil,
                remembered: WindowMemory.Entry?) {
        var sizing = sizing
        if let remembered {
            let edge = remembered.dock.flatMap { DockEdge(rawValue: $0.rawValue) }
            sizing = edge.map { Self.docked(sizing, along: $0, height: remembered.frame.height) } ?? sizing
            sizing.dock = edge
        }
        self.init(choice: choice, sizing: sizing, layout: layout, focus: focus)
        if let remembered, remembered.dock == nil {
            let on = layout.monitor(for: remembered.frame)
            let inside = KeyboardSizing.fit(Self.relative(remembered.frame, to: on),
                                            in: Size(width: on.frame.width, height: on.frame.height))
            moved(to: Self.absolute(inside, on: on))
        }
    }

    /// `sizing` docked along `edge`, `height` pixels high, along its monitor's whole width.
    static func docked(_ sizing: KeyboardSizing, along edge: DockEdge, height: Int) -> KeyboardSizing {
        var docked = sizing
        docked.dock = edge
        // Wider than any monitor: `KeyboardSizing.frame` cuts a dock's width to its monitor.
        docked.geometry = WindowGeometry(size: Size(width: widerThanAnyMonitor, height: height))
        return docked
    }

    /// A width no monitor reaches (X limits a screen to 32767 pixels).
    static let widerThanAnyMonitor = 32767
}

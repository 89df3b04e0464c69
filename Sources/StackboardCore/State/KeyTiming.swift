/// Switch scanning timing: rows are highlighted in turn, then the keys of the chosen row.
public struct ScanConfig: Sendable, Equatable {
    /// Seconds each row or key stays highlighted.
    public var interval: Double
    /// Passes over the rows (or a row's keys) without a switch press before giving up:
    /// a row's keys go back to the rows; the rows pause until the next switch press.
    public var loops: Int
    /// Scanning timing with every property given.
    public init(interval: Double = 1.0, loops: Int = 3) {
        self.interval = interval
        self.loops = loops
    }
}

/// When held and resting keys act: repeat, long press, dwell and switch scanning. The keyboard's
/// options, `KeyboardConfig` and the state machine hold this one value, so a new timing setting
/// is one change. All times are in seconds.
public struct KeyTiming: Sendable, Equatable {
    /// How long a repeating key is held before it first repeats.
    public var repeatDelay: Double
    /// Time between repeats while the key stays held.
    public var repeatInterval: Double
    /// How long a key with alternates is held before the alternates open.
    public var longPressDelay: Double
    /// Resting the pointer on a key this long fires it (nil: dwell is off).
    public var dwell: Double?
    /// Switch scanning (nil: scanning is off).
    public var scan: ScanConfig?

    /// A long-press delay no press lasts (about 30 years): keys with alternates just type their
    /// own text (StackboardKit keypads, secure fields: nothing may magnify what is typed).
    public static let noLongPress = 1e9
    /// Shortest accepted repeat interval.
    static let minimumInterval = 0.01
    /// Shortest accepted delay, dwell time or scan interval.
    static let minimumDelay = 0.05
    /// Progress-ring steps of one dwell (a redraw each).
    static let dwellSteps = 20

    /// Timing with every property given (all optional: the defaults of the settings table).
    public init(repeatDelay: Double = 0.5, repeatInterval: Double = 0.05, longPressDelay: Double = 0.5,
                dwell: Double? = nil, scan: ScanConfig? = nil) {
        self.repeatDelay = repeatDelay
        self.repeatInterval = repeatInterval
        self.longPressDelay = longPressDelay
        self.dwell = dwell
        self.scan = scan
    }

    /// These times made safe to schedule with: finite and never shorter than a floor (so a zero
    /// or negative interval can neither spin the event loop nor fire endlessly). A delay that is
    /// not finite takes its default; a dwell time or scan interval that is not finite is off.
    var safe: KeyTiming {
        let defaults = KeyTiming()
        return KeyTiming(
            repeatDelay: Self.clamp(repeatDelay, floor: Self.minimumDelay, fallback: defaults.repeatDelay),
            repeatInterval: Self.clamp(repeatInterval, floor: Self.minimumInterval, fallback: defaults.repeatInterval),
            longPressDelay: Self.clamp(longPressDelay, floor: Self.minimumDelay, fallback: defaults.longPressDelay),
            dwell: dwell.flatMap { $0.isFinite ? max(Self.minimumDelay, $0) : nil },
            scan: scan.flatMap { $0.interval.isFinite ? ScanConfig(interval: max(Self.minimumDelay, $0.interval), loops: max(1, $0.loops)) : nil })
    }

    private static func clamp(_ value: Double, floor: Double, fallback: Double) -> Double {
        value.isFinite ? max(floor, value) : fallback
    }
}

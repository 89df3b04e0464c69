/// What the keys act on.
public enum KeyboardMode: Sendable {
    /// Keys type into the focused application (`.type` and `.key` effects).
    case typing
    /// Keys edit the keyboard's own text field (`.edit`, `.done` and `.cancel` effects).
    case entry
}

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

/// Behaviour settings of the keyboard state machine. All times are in seconds.
public struct KeyboardConfig: Sendable, Equatable {
    /// Typing into other applications, or editing the entry field.
    public var mode: KeyboardMode = .typing
    /// How long a repeating key is held before it first repeats.
    public var repeatDelay: Double = 0.5
    /// Time between repeats while the key stays held.
    public var repeatInterval: Double = 0.05
    /// How long a key with alternates is held before the alternates open.
    public var longPressDelay: Double = 0.5
    /// What the decimal key types (the locale's separator).
    public var decimalSeparator: String = "."
    /// Resting the pointer on a key this long fires it (nil: dwell is off).
    public var dwell: Double? = nil
    /// Switch scanning (nil: scanning is off).
    public var scan: ScanConfig? = nil
    /// Shows the label of a pressed character key enlarged above it (never in secure entry).
    public var keyPreview: Bool = false
    /// Sliding from a letter through other letters types a word, on layouts with a suggestion
    /// bar once a word list is there (`KeyboardState.setSwipeReady`); never in secure entry.
    public var swipe: Bool = false

    /// A long-press delay no press lasts (about 30 years): keys with alternates just type their
    /// own text (StackboardKit keypads, secure fields: nothing may magnify what is typed).
    public static let noLongPress = 1e9

    /// A configuration with every property given (all optional).
    public init(mode: KeyboardMode = .typing, repeatDelay: Double = 0.5, repeatInterval: Double = 0.05,
                longPressDelay: Double = 0.5, decimalSeparator: String = ".", dwell: Double? = nil,
                scan: ScanConfig? = nil, keyPreview: Bool = false, swipe: Bool = false) {
        self.mode = mode
        self.repeatDelay = repeatDelay
        self.repeatInterval = repeatInterval
        self.longPressDelay = longPressDelay
        self.decimalSeparator = decimalSeparator
        self.dwell = dwell
        self.scan = scan
        self.keyPreview = keyPreview
        self.swipe = swipe
    }
}

/// The configuration's times made safe to schedule with: finite and never shorter than a floor
/// (so a zero or negative interval can neither spin the event loop nor fire endlessly).
struct Timing: Sendable, Equatable {
    /// Shortest accepted repeat interval.
    static let minimumInterval = 0.01
    /// Shortest accepted delay, dwell time or scan interval.
    static let minimumDelay = 0.05
    /// Progress-ring steps of one dwell (a redraw each).
    static let dwellSteps = 20

    var repeatDelay: Double
    var repeatInterval: Double
    var longPressDelay: Double
    var dwell: Double?
    var scanInterval: Double?
    var scanLoops: Int

    init(_ config: KeyboardConfig) {
        repeatDelay = Timing.clamp(config.repeatDelay, floor: Timing.minimumDelay, fallback: 0.5)
        repeatInterval = Timing.clamp(config.repeatInterval, floor: Timing.minimumInterval, fallback: 0.05)
        longPressDelay = Timing.clamp(config.longPressDelay, floor: Timing.minimumDelay, fallback: 0.5)
        dwell = config.dwell.flatMap { $0.isFinite ? max(Timing.minimumDelay, $0) : nil }
        scanInterval = config.scan.flatMap { $0.interval.isFinite ? max(Timing.minimumDelay, $0.interval) : nil }
        scanLoops = max(1, config.scan?.loops ?? 1)
    }

    private static func clamp(_ value: Double, floor: Double, fallback: Double) -> Double {
        value.isFinite ? max(floor, value) : fallback
    }
}

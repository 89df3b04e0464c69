/// How the switches move the scan highlight and pick what it shows.
public enum ScanMode: String, CaseIterable, Equatable, Sendable {
    /// One switch: the highlight moves by itself every interval; the switch picks.
    case auto
    /// Two switches: `next` moves the highlight one item; `select` picks.
    case step
    /// One switch: holding it moves the highlight every interval; releasing it picks.
    case inverse
    /// Five switches (or a joystick's buttons): up, down, left and right move the highlight over
    /// the keys as they lie on screen; `select` picks.
    case directed

    /// The switches the mode listens to.
    public var roles: [ScanRole] {
        switch self {
        case .auto, .inverse: return [.select]
        case .step: return [.next, .select]
        case .directed: return [.up, .down, .left, .right, .select]
        }
    }

    /// The roles of switches 1 to 5 (`stackboard switch N`, a switch device's buttons): 1 is
    /// always select; 2 is next in step scanning; 2 to 5 are up, down, left and right in
    /// directed scanning.
    public var numbered: [ScanRole] {
        switch self {
        case .auto, .inverse: return [.select]
        case .step: return [.select, .next]
        case .directed: return [.select, .up, .down, .left, .right]
        }
    }

    /// The role of switch `number` (1 to 5) in this mode (nil: it does nothing here).
    public func role(ofSwitch number: Int) -> ScanRole? {
        numbered.indices.contains(number - 1) ? numbered[number - 1] : nil
    }

    /// The number of the switch that plays `role` in this mode (nil: no role of the mode).
    public func switchNumber(of role: ScanRole) -> Int? {
        numbered.firstIndex(of: role).map { $0 + 1 }
    }
}

/// What one switch does in a scan mode.
public enum ScanRole: String, CaseIterable, Equatable, Hashable, Sendable {
    /// Picks the highlighted item (the only switch of auto and inverse scanning).
    case select
    /// Moves the highlight to the next item (step scanning).
    case next
    /// Moves the highlight up a row (directed scanning).
    case up
    /// Moves the highlight down a row (directed scanning).
    case down
    /// Moves the highlight one key left (directed scanning).
    case left
    /// Moves the highlight one key right (directed scanning).
    case right
}

/// How the keys are grouped for scanning: each level is scanned in turn and a pick enters the
/// highlighted group, down to one key.
public enum ScanPattern: String, CaseIterable, Equatable, Sendable {
    /// Rows, then the chosen row's keys.
    case rowKey = "row-key"
    /// Blocks of rows, then a block's rows, then a row's keys (layouts with many rows).
    case blockRowKey = "block-row-key"
    /// Every key in turn (small pads: PIN, numeric).
    case key
    /// By the layer: key by key for at most `smallPad` keys; otherwise row → key, or block →
    /// row → key where that reaches a key in fewer highlights on average (many rows).
    case automatic = "auto"

    /// At most this many keys: key by key.
    public static let smallPad = 16

    /// The pattern `automatic` stands for with `rows` (each a row's keys).
    public func resolved(rows: [[Int]]) -> ScanPattern {
        guard self == .automatic else { return self }
        let keys = rows.flatMap { $0 }
        if keys.count <= Self.smallPad { return .key }
        func mean(_ pattern: ScanPattern) -> Double {
            let tree = ScanTree(rows: rows, pattern: pattern)
            return Double(keys.reduce(0) { $0 + (tree.reach($1)?.steps ?? 0) }) / Double(max(1, keys.count))
        }
        return mean(.blockRowKey) < mean(.rowKey) ? .blockRowKey : .rowKey
    }
}

/// Scanning's times, for people with tremor or a slow release. Seconds.
public struct ScanTiming: Equatable, Sendable {
    /// How long each item stays highlighted (auto scanning; inverse scanning while held).
    public var interval: Double
    /// Extra time on the first item of a group (when a group is entered and at each new pass),
    /// to give the user time to see where the highlight went.
    public var firstItemExtra: Double
    /// A switch held shorter than this does not count (0: every press counts at once).
    public var acceptance: Double
    /// After a switch counted, presses in this time are bounces and are ignored.
    public var postAcceptance: Double
    /// Passes over a group without a pick before the scan leaves it (the top: pauses).
    public var loops: Int

    /// Timing with every property given; out-of-range values are brought into range.
    public init(interval: Double, firstItemExtra: Double = 0, acceptance: Double = 0, postAcceptance: Double = 0, loops: Int = 3) {
        self.interval = interval.isFinite ? max(0.05, interval) : 1
        self.firstItemExtra = firstItemExtra.isFinite ? max(0, firstItemExtra) : 0
        self.acceptance = acceptance.isFinite ? max(0, acceptance) : 0
        self.postAcceptance = postAcceptance.isFinite ? max(0, postAcceptance) : 0
        self.loops = max(1, loops)
    }
}

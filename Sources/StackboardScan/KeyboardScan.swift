import StackboardCore

/// What the keyboard shows, as scanning sees it: the layer's rows (the suggestion bar's empty
/// slots left out), which of them are the bar, where each key's centre is across, and the open
/// alternates popup. Scanning takes a new tree whenever this changes.
public struct ScanView: Equatable, Sendable {
    /// Each row's key indices, top to bottom.
    public var rows: [[Int]]
    /// The rows that are the suggestion bar (pinned at the top of every pattern but `key`).
    public var bar: Set<Int>
    /// The horizontal centre of each key (directed scanning).
    public var centres: [Int: Double]
    /// The options of the open alternates popup (nil: none open).
    public var options: Int?

    /// A view with every property given.
    public init(rows: [[Int]], bar: Set<Int> = [], centres: [Int: Double] = [:], options: Int? = nil) {
        self.rows = rows
        self.bar = bar
        self.centres = centres
        self.options = options
    }

    /// What `state` shows, without the keys in `skipping` (the bar's empty slots).
    public init(state: KeyboardState, skipping: Set<Int> = []) {
        let layer = state.layout.layer(named: state.layerName) ?? Layer(name: "", root: Stack(axis: .vertical, items: []))
        rows = layer.scanRows(skipping: skipping)
        bar = ScanTree.barRows(rows, of: layer)
        var centres: [Int: Double] = [:]
        for placed in state.geometry.keys {
            centres[placed.index] = Double(placed.frame.x) + Double(placed.frame.width) / 2
        }
        self.centres = centres
        options = state.alternates.map(\.options.count)
    }
}

/// What a switch picked.
public enum ScanPick: Equatable, Sendable {
    /// The key at this index of the layer.
    case key(Int)
    /// This option of the open alternates popup.
    case option(Int)
}

/// Switch scanning of a keypad window (the keyboard's, the entry window's): a `ScanMachine` that
/// follows what it shows (`follow`), takes numbered switches (1 to 5, `ScanMode.role(ofSwitch:)`)
/// and says what to highlight (`marks`) and what was picked. Pure: time comes in, `nextDeadline` goes out.
///
/// Rules: a new view (another layer, the bar filled or emptied, the popup opened or closed, a
/// resize) gives the machine a new tree, which starts a running scan again at the top. The
/// open alternates popup is scanned alone, as one group of its options. A pick starts again at
/// the top (directed: the highlight stays).
public struct KeyboardScan: Equatable, Sendable {
    /// The machine.
    public private(set) var machine: ScanMachine
    /// How keys are grouped.
    public let pattern: ScanPattern
    /// What the tree was made of (nil: nothing yet).
    public private(set) var view: ScanView?

    /// A paused scan in `mode` with `pattern` and `timing`, over nothing until `follow`.
    public init(mode: ScanMode, pattern: ScanPattern, timing: ScanTiming) {
        machine = ScanMachine(mode: mode, timing: timing, tree: ScanTree(top: []))
        self.pattern = pattern
    }

    /// The mode.
    public var mode: ScanMode { machine.mode }

    /// When `advance` is next needed (nil: only a switch moves it).
    public var nextDeadline: Double? { machine.nextDeadline }

    /// Whether the scan runs (false: paused).
    public var running: Bool { machine.running }

    /// Takes what the keyboard shows; returns whether the tree changed.
    public mutating func follow(_ view: ScanView, now: Double) -> Bool {
        guard view != self.view else { return false }
        self.view = view
        if let options = view.options {
            let keys = Array(0..<options)
            machine.setTree(ScanTree(top: keys.map(ScanNode.key)), grid: ScanGrid(rows: [keys], centres: Dictionary(uniqueKeysWithValues: keys.map { ($0, Double($0)) })), now: now)
        } else {
            machine.setTree(ScanTree(rows: view.rows, pattern: pattern, pinned: view.bar),
                            grid: ScanGrid(rows: view.rows, centres: view.centres), now: now)
        }
        return true
    }

    /// Starts at the top.
    public mutating func start(now: Double) {
        machine.start(now: now)
    }

    /// Pauses: nothing highlighted until `start` or a switch.
    public mutating func pause() {
        machine.pause()
    }

    /// Switch `number` went down (a number with no role in the mode does nothing).
    public mutating func press(switch number: Int, now: Double) -> ScanPick? {
        guard let role = mode.role(ofSwitch: number) else { return nil }
        return picked(machine.press(role, now: now))
    }

    /// Switch `number` came up.
    public mutating func release(switch number: Int, now: Double) -> ScanPick? {
        guard let role = mode.role(ofSwitch: number) else { return nil }
        return picked(machine.release(role, now: now))
    }

    /// Moves on what is due at `now`.
    public mutating func advance(now: Double) -> ScanPick? {
        picked(machine.advance(now: now))
    }

    /// What to paint: the highlighted keys (the back step: their group), or the popup's option.
    public var marks: ScanMarks {
        let popup = view?.options != nil
        switch machine.highlight {
        case .none:
            return .none
        case .keys(let keys):
            if popup { return ScanMarks(option: keys.first) }
            return ScanMarks(keys: Set(keys))
        case .back(let keys):
            return popup ? .none : ScanMarks(keys: Set(keys), back: true)
        }
    }

    private func picked(_ step: ScanStep) -> ScanPick? {
        guard let key = step.picked else { return nil }
        return view?.options != nil ? .option(key) : .key(key)
    }
}

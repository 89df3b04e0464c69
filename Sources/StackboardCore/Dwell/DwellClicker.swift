/// Dwell clicking anywhere (`--dwell-click MS`): the pointer resting outside the keyboard clicks
/// there, for head pointers and eye trackers. Pure: positions and times come in, the click to
/// carry out, the ring's progress and the next deadline go out.
///
/// The rules, like the key dwell's (`DwellTracker`):
/// - A rest starts where the pointer comes to a stop: every move farther than `tolerance`
///   pixels from the rest's start begins a new rest there (moving cancels); smaller moves are
///   tremor and keep the rest.
/// - The rest fills its ring in `KeyTiming.dwellSteps` steps over `duration`; the ring is
///   shown from the first step on (not while the pointer moves on), and at the last step the
///   click of the chosen `ClickType` fires at the pointer's last position.
/// - After a click the clicker waits for the pointer to move farther than `tolerance` before a
///   new rest can start: no repeated clicks in place.
/// - Over the keyboard nothing counts (its keys have their own dwell) and a rest is dropped.
/// - A drag presses button 1 at one rest and releases it at the next; `held` says which button
///   is down meanwhile, so that it can be released at the end (`releaseHeld`).
/// - A double click is two clicks `doubleClickGap` apart, the second one a deadline of its own:
///   sent back to back, the two presses often make no double click in Chromium
///   (docs/x11-facts.md, item 25).
/// - Right, middle, double and drag go back to left after their click; pause never clicks.
public struct DwellClicker: Sendable, Equatable {
    /// Seconds between a double click's two clicks: distinct X times, and well inside every
    /// toolkit's double-click time (xterm 250 ms, GTK 400 ms, Chromium 500 ms).
    public static let doubleClickGap = 0.05
    /// How long the pointer rests before the click (seconds).
    public let duration: Double
    /// How far (pixels, each way) the pointer may drift and still rest.
    public let tolerance: Int
    /// What the next click does.
    public private(set) var type: ClickType = .left
    /// The button a drag holds down (nil: none).
    public private(set) var held: Int?
    private var phase: Phase = .unknown
    /// A double click's second click, due at `due` (the first has been carried out).
    private var second: Pending?

    private struct Pending: Sendable, Equatable {
        var click: PointerClick
        var due: Double
    }

    private enum Phase: Sendable, Equatable {
        /// No position known yet, or the pointer is over the keyboard.
        case unknown
        /// Resting since `start` near `anchor`, `step` ring steps filled; `point` is the last position.
        case resting(anchor: Point, point: Point, start: Double, step: Int)
        /// Clicked (or paused) near `anchor`: waits for a move away.
        case spent(anchor: Point)
    }

    /// A clicker that clicks after `duration` seconds of rest within `tolerance` pixels.
    public init(duration: Double, tolerance: Int = 6) {
        self.duration = duration
        self.tolerance = max(0, tolerance)
    }

    /// The pointer is at `point` (root coordinates) at `now`; `overKeyboard` when that is on the
    /// keyboard's window.
    public mutating func moved(to point: Point, overKeyboard: Bool, now: Double) {
        guard !overKeyboard else {
            phase = .unknown
            return
        }
        switch phase {
        case .unknown:
            phase = rest(at: point, now: now)
        case .resting(let anchor, _, let start, let step):
            phase = near(point, anchor) ? .resting(anchor: anchor, point: point, start: start, step: step)
                : rest(at: point, now: now)
        case .spent(let anchor):
            if !near(point, anchor) { phase = rest(at: point, now: now) }
        }
    }

    /// Chooses what the next click does. Choosing another type while a drag holds its button
    /// ends the drag there: the release to carry out is returned.
    public mutating func choose(_ newType: ClickType) -> PointerClick? {
        var release: PointerClick?
        if newType != .drag, let button = held {
            release = .release(button: button, at: lastPoint ?? Point(x: 0, y: 0))
            held = nil
        }
        type = newType
        if newType == .pause, case .resting(let anchor, _, _, _) = phase { phase = .spent(anchor: anchor) }
        return release
    }

    /// Counts the ring steps due at `now`; at the last one returns the click to carry out. A
    /// double click's second click, when due, comes first (a rest's click then waits a turn).
    public mutating func advance(now: Double) -> PointerClick? {
        if let pending = second, pending.due <= now {
            second = nil
            return pending.click
        }
        guard case .resting(let anchor, let point, let start, var step) = phase else { return nil }
        while step < KeyTiming.dwellSteps, stepTime(start: start, step: step) <= now { step += 1 }
        guard step >= KeyTiming.dwellSteps else {
            phase = .resting(anchor: anchor, point: point, start: start, step: step)
            return nil
        }
        phase = .spent(anchor: point)
        return fire(at: point, now: now)
    }

    /// When the next ring step or a double click's second click is due (nil: nothing counts;
    /// the pointer must move first).
    public var nextDeadline: Double? {
        var ringStep: Double?
        if case .resting(_, _, let start, let step) = phase { ringStep = stepTime(start: start, step: step) }
        guard let due = second?.due else { return ringStep }
        return min(due, ringStep ?? due)
    }

    /// The ring's progress, 0 to 1 in steps, and where it is (nil: no ring). Shown from the
    /// first step on, so a moving pointer has none.
    public var ring: (progress: Double, at: Point)? {
        guard case .resting(let anchor, _, _, let step) = phase, step > 0 else { return nil }
        return (Double(step) / Double(KeyTiming.dwellSteps), anchor)
    }

    /// The release of a button a drag holds (for the end: exit, a signal, dwell clicking
    /// turned off); nil when none is held.
    public mutating func releaseHeld() -> PointerClick? {
        guard let button = held else { return nil }
        held = nil
        return .release(button: button, at: lastPoint ?? Point(x: 0, y: 0))
    }

    private func near(_ a: Point, _ b: Point) -> Bool {
        abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
    }

    private func rest(at point: Point, now: Double) -> Phase {
        type == .pause ? .spent(anchor: point) : .resting(anchor: point, point: point, start: now, step: 0)
    }

    private var lastPoint: Point? {
        switch phase {
        case .unknown: nil
        case .resting(_, let point, _, _): point
        case .spent(let anchor): anchor
        }
    }

    /// The step after `step` is due then; the same expression decides and schedules, so
    /// `advance(now: nextDeadline)` always makes progress.
    private func stepTime(start: Double, step: Int) -> Double {
        start + duration * Double(step + 1) / Double(KeyTiming.dwellSteps)
    }

    private mutating func fire(at point: Point, now: Double) -> PointerClick? {
        guard let button = type.button else { return nil }
        let click: PointerClick
        switch type {
        case .drag:
            if let down = held {
                click = .release(button: down, at: point)
                held = nil
            } else {
                held = button
                return .press(button: button, at: point) // the type stays drag until the release
            }
        case .double:
            click = .click(button: button, at: point)
            second = Pending(click: click, due: now + Self.doubleClickGap)
        default:
            click = .click(button: button, at: point)
        }
        if type.isOneShot { type = .left }
        return click
    }
}

import Foundation
import StackboardBus
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the keyboard's runtime will do with the bus components, for tests: one poll over every
/// source's descriptors until the earliest deadline, then each source's service step, the focus
/// events fed to the auto-show policy. Records everything with the time it happened.
final class SourceLoop {
    var tracker: FocusTracker?
    var control: ControlService?
    var policy = AutoShowPolicy()
    private(set) var focusEvents: [(FocusEvent, Double)] = []
    private(set) var decisions: [(AutoShowDecision, Double)] = []
    private(set) var notices: [String] = []
    private(set) var requests: [ControlRequest] = []
    /// Service steps taken (each poll that returned, for any reason).
    private(set) var wakeUps = 0

    init(tracker: FocusTracker? = nil, control: ControlService? = nil) {
        self.tracker = tracker
        self.control = control
    }

    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The earliest deadline of every source (nil: none).
    var nextDeadline: Double? {
        [tracker?.nextDeadline, control?.nextDeadline, policy.nextDeadline].compactMap { $0 }.min()
    }

    /// One iteration: poll until input or the earliest deadline (at most `limit`), then service.
    func step(limit: Double) {
        let interests = (tracker?.pollInterests ?? []) + (control?.pollInterests ?? [])
        var fds = interests.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        let now = SourceLoop.now()
        let until = min(nextDeadline ?? .infinity, now + limit)
        let ms = Int32(max(0, min(3_600_000, ((until - now) * 1000).rounded(.up))))
        _ = poll(&fds, nfds_t(fds.count), ms)
        wakeUps += 1
        let t = SourceLoop.now()
        for event in tracker?.service(now: t) ?? [] {
            focusEvents.append((event, t))
            switch event {
            case .focused(let f): feed(.focused(f), t)
            case .unfocused(let id): feed(.unfocused(id), t)
            case .applicationGone(let bus): feed(.applicationGone(busName: bus), t)
            case .trackingLost: feed(.trackingLost, t)
            case .caretMoved: break
            case .notice(let line): notices.append(line)
            }
        }
        for event in control?.service(now: t) ?? [] {
            switch event {
            case .request(let r): requests.append(r)
            case .notice(let line): notices.append(line)
            }
        }
        for d in policy.advance(to: t) { decisions.append((d, t)) }
    }

    func feed(_ input: AutoShowInput, _ t: Double) {
        for d in policy.handle(input, now: t) { decisions.append((d, t)) }
    }

    /// Runs until `condition` holds (true) or `timeout` seconds pass (false).
    @discardableResult
    func run(timeout: Double, until condition: () -> Bool) -> Bool {
        let end = SourceLoop.now() + timeout
        while !condition() {
            let left = end - SourceLoop.now()
            if left <= 0 { return false }
            step(limit: min(left, 0.25))
        }
        return true
    }

    /// The facts of the last `.focused` event.
    var lastFacts: FocusFacts? {
        for (e, _) in focusEvents.reversed() { if case .focused(let f) = e { return f } }
        return nil
    }

    /// The last decision.
    var lastDecision: AutoShowDecision? { decisions.last?.0 }
}

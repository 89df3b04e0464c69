// stackboard-autoshow-bench: auto-show's figures, on the session and accessibility buses of the
// environment it runs in (Benchmarks/bench.py starts Xvfb, dbus-daemon, at-spi-bus-launcher and the
// GTK focus target, then runs it).
//
//   stackboard-autoshow-bench latency X1,Y1 X2,Y2 COUNT   focus -> decision, ms (median, p95)
//   stackboard-autoshow-bench idle SECONDS                 wake-ups of the loop and context switches
//
// `latency` clicks (XTest, through xdotool) alternately at the two points, which must be a text
// field and a button of a running GTK window, and times each click to the policy's show or hide.
// The hide waits for the policy's grace period (0.3 s): its figure is click -> hide decision minus
// that delay. Prints one JSON object.
import Foundation
import StackboardBus
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// One poll over the tracker's descriptors until its (or the policy's) deadline, then its step.
final class Loop {
    let tracker = FocusTracker(options: .init(environment: ProcessInfo.processInfo.environment))
    var policy = AutoShowPolicy(hideDelay: 0.3)
    var decisions: [(AutoShowDecision, Double)] = []
    /// When each event from the tracker came out of its service step.
    var events: [(FocusEvent, Double)] = []
    var wakeUps = 0

    func step(until end: Double) {
        var fds = tracker.pollInterests.map { pollfd(fd: $0.fd, events: $0.events, revents: 0) }
        let deadline = min([tracker.nextDeadline, policy.nextDeadline].compactMap { $0 }.min() ?? .infinity, end)
        let ms = Int32(max(0, min(3_600_000, ((deadline - now()) * 1000).rounded(.up))))
        _ = poll(&fds, nfds_t(fds.count), ms)
        wakeUps += 1
        let t = now()
        for e in tracker.service(now: t) {
            events.append((e, t))
            switch e {
            case .focused(let f): record(policy.handle(.focused(f), now: t), t)
            case .unfocused(let id): record(policy.handle(.unfocused(id), now: t), t)
            case .applicationGone(let b): record(policy.handle(.applicationGone(busName: b), now: t), t)
            case .trackingLost: record(policy.handle(.trackingLost, now: t), t)
            case .caretMoved: break
            case .notice(let line): FileHandle.standardError.write(Data(("notice: " + line + "\n").utf8))
            }
        }
        record(policy.advance(to: t), t)
    }

    func record(_ ds: [AutoShowDecision], _ t: Double) { for d in ds { decisions.append((d, t)) } }

    func run(timeout: Double, until condition: () -> Bool) -> Bool {
        let end = now() + timeout
        while !condition() {
            if now() >= end { return false }
            step(until: end)
        }
        return true
    }
}

func click(_ point: String) {
    let xy = point.split(separator: ",").map(String.init)
    var pid: pid_t = 0
    let args = ["xdotool", "mousemove", xy[0], xy[1], "click", "1"]
    let argv = args.map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    guard posix_spawnp(&pid, "xdotool", nil, nil, argv, environ) == 0 else { return }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
}

func percentile(_ xs: [Double], _ p: Double) -> Double { Percentile.of(xs.sorted(), p) ?? .nan }

func contextSwitches() -> (Int, Int) {
    let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    func field(_ name: String) -> Int {
        text.split(separator: "\n").first { $0.hasPrefix(name) }.flatMap { Int($0.split(separator: "\t").last ?? "") } ?? -1
    }
    return (field("voluntary_ctxt_switches:"), field("nonvoluntary_ctxt_switches:"))
}

let args = CommandLine.arguments
let loop = Loop()
guard loop.run(timeout: 20, until: { loop.tracker.isListening }) else {
    FileHandle.standardError.write(Data("stackboard-autoshow-bench: the tracker never reached the accessibility bus\n".utf8))
    exit(1)
}
switch args.count > 1 ? args[1] : "" {
case "latency" where args.count == 5:
    let count = Int(args[4]) ?? 20
    var show: [Double] = [], hide: [Double] = [], query: [Double] = []
    for i in 0..<(count * 2) {
        let toField = i % 2 == 0
        let before = loop.decisions.count
        let firstEvent = loop.events.count
        let start = now()
        click(toField ? args[2] : args[3])
        let ok = loop.run(timeout: 10) {
            loop.decisions.count > before && (toField ? loop.policy.shown : !loop.policy.shown)
        }
        guard ok, let t = loop.decisions.last?.1 else { continue }
        if toField {
            show.append((t - start) * 1000)
            // The button's loss arrives with the field's focus signal: from there to the facts is
            // the tracker's questions to the application.
            if let lost = loop.events[firstEvent...].first(where: { if case .unfocused = $0.0 { return true }; return false }) {
                query.append((t - lost.1) * 1000)
            }
        } else {
            hide.append((t - start - loop.policy.hideDelay) * 1000)
        }
    }
    print("{\"focus_to_show_ms\": {\"median\": \(percentile(show, 0.5)), \"p95\": \(percentile(show, 0.95)), \"n\": \(show.count)}, "
          + "\"focus_away_to_hide_ms_after_grace\": {\"median\": \(percentile(hide, 0.5)), \"p95\": \(percentile(hide, 0.95)), "
          + "\"n\": \(hide.count)}, \"focus_signal_to_show_ms\": {\"median\": \(percentile(query, 0.5)), "
          + "\"p95\": \(percentile(query, 0.95)), \"n\": \(query.count)}, \"grace_s\": \(loop.policy.hideDelay)}")
case "idle" where args.count == 3:
    let seconds = Double(args[2]) ?? 10
    let (v0, n0) = contextSwitches()
    let w0 = loop.wakeUps
    let end = now() + seconds
    while now() < end { loop.step(until: end) }
    let (v1, n1) = contextSwitches()
    // The last wake-up is the end of the measurement itself, not the tracker's.
    print("{\"seconds\": \(seconds), \"loop_wake_ups\": \(loop.wakeUps - w0 - 1), "
          + "\"voluntary_ctxt_switches\": \(v1 - v0), \"nonvoluntary_ctxt_switches\": \(n1 - n0)}")
default:
    FileHandle.standardError.write(Data("usage: stackboard-autoshow-bench latency X1,Y1 X2,Y2 COUNT | idle SECONDS\n".utf8))
    exit(2)
}

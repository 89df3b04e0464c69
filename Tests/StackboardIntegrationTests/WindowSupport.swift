import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One key as `stackboard keys` reports it.
struct ReportedKey: Decodable, Equatable {
    let layer: String
    let index: Int
    let label: String
    let action: String
    let text: String?
    /// What it shows and types under shift, when that differs.
    let shifted: String?
    let style: String?
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    /// The key's centre in window pixels.
    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

/// What `xwininfo` says about a window.
struct WindowInfo: Equatable {
    var id: String
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var viewable: Bool
}

/// A program under test with a window (`RunningKeyboard`, `RunningEntry`): pointing at,
/// clicking and reading its window's pixels.
protocol ProgramWindow: AnyObject {
    /// The session it runs on.
    var session: XSession { get }
    /// The program.
    var child: Child { get }
    /// Its window's id and root position and size, as last read.
    var info: WindowInfo { get }
}

extension ProgramWindow {
    /// Root coordinates of a point in window pixels, as a `pointer` step.
    func at(_ x: Int, _ y: Int) -> String { "\(info.x + x),\(info.y + y)" }

    /// Runs the `pointer` tool (Tests/Tools/pointer.c): moves and button 1 through XTest, in
    /// the server's input queue, so that every release carries the position of its own moves.
    func pointer(_ steps: [String]) {
        do {
            let r = session.run(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), steps)
            #expect(r.status == 0, "pointer \(steps): \(r.stderr)")
        } catch {
            Issue.record("cannot build the pointer tool: \(error)")
        }
    }

    /// Runs xdotool and expects it to succeed.
    func xdotool(_ args: [String]) {
        let r = session.run("xdotool", args)
        #expect(r.status == 0, "xdotool \(args): \(r.stderr)")
    }

    /// Reads pixels of the window (window pixels) as RRGGBB.
    func pixels(_ points: [(Int, Int)]) throws -> [String] {
        try RunningKeyboard.pixels(session, window: info.id, points)
    }
}

/// A `stackboard` keyboard running in an `XSession` (a `Child` that knows its window), with
/// helpers to find and tap its keys and to ask it things through the control commands.
final class RunningKeyboard: ProgramWindow {
    let session: XSession
    let child: Child
    /// The window as last read (at the start, `refresh()`); all zero while there is none yet (a
    /// keyboard started hidden may not have made it).
    private(set) var info: WindowInfo
    /// The layout shown first (from `--layout` or `--layouts`; qwerty by default).
    let layout: String
    /// The suggestion bar's slots it was started with (`--suggestions`; nil: the default).
    let suggestions: String?

    /// Whether the built program has the keyboard command (the window issue) at all.
    static let available: Bool = PackageBuild.commands.contains("keyboard")
    /// Whether `stackboard keyboard` takes `--hidden`.
    static let hasHiddenOption: Bool = available
        && PackageBuild.run(Tools.stackboard, ["keyboard", "--help"]).stdout.contains("--hidden")

    /// Starts `stackboard ARGS` (with `--no-sound` unless `sound`: the tests need no sound card)
    /// and waits until its window is viewable and its control channel tells its layout (the
    /// window is mapped a moment before the layout is published) or, with `state`, until it
    /// answers `stackboard status` with `state` and its window's map state agrees.
    init(_ session: XSession, _ args: [String], sound: Bool = false, env: [String: String] = [:],
         until state: String? = nil) throws {
        self.session = session
        if let i = args.firstIndex(of: "--layout"), i + 1 < args.count {
            layout = args[i + 1]
        } else if let i = args.firstIndex(of: "--layouts"), i + 1 < args.count {
            layout = String(args[i + 1].split(separator: ",").first ?? "qwerty")
        } else {
            layout = "qwerty"
        }
        suggestions = args.firstIndex(of: "--suggestions").flatMap { $0 + 1 < args.count ? args[$0 + 1] : nil }
        child = try session.spawn(Tools.stackboard, (sound ? [] : ["--no-sound"]) + args, env: env)
        info = WindowInfo(id: "", x: 0, y: 0, width: 0, height: 0, viewable: false)
        if let state {
            try waitForState(state)
            info = geometry() ?? info
            return
        }
        var found: WindowInfo?
        var published = ""
        try child.waitUntil(timeout: 20, "the Stackboard window to be viewable (it is \(String(describing: found))) "
                            + "and its layout published (status --layout says '\(published)')") {
            found = geometry()
            guard found?.viewable == true else { return false }
            published = session.run(Tools.stackboard, ["status", "--layout"], env: env).stdout
            return !published.isEmpty && published != "unknown\n"
        }
        info = try #require(found)
    }

    /// Reads the window's position and size again (after a resize).
    func refresh() throws {
        guard let now = geometry() else {
            throw XSession.Failure(description: "the Stackboard window is gone (\(child.report))")
        }
        info = now
    }

    /// The keyboard window ("Stackboard") as it is now; nil when there is none.
    func geometry() -> WindowInfo? { RunningKeyboard.windowInfo(session, name: "Stackboard") }

    /// `xwininfo -name NAME`, parsed; nil when there is no such window.
    static func windowInfo(_ session: XSession, name: String) -> WindowInfo? {
        windowInfo(session, args: ["-name", name])
    }

    /// `xwininfo -id ID`, parsed.
    static func windowInfo(_ session: XSession, id: String) -> WindowInfo? {
        windowInfo(session, args: ["-id", id])
    }

    private static func windowInfo(_ session: XSession, args: [String]) -> WindowInfo? {
        let r = session.run("xwininfo", args)
        guard r.status == 0 else { return nil }
        var info = WindowInfo(id: "", x: 0, y: 0, width: 0, height: 0, viewable: false)
        for line in r.stdout.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            let value = line.split(separator: ":").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if line.hasPrefix("xwininfo: Window id:") {
                info.id = line.split(separator: " ").first { $0.hasPrefix("0x") }.map(String.init) ?? ""
            } else if line.hasPrefix("Absolute upper-left X:") {
                info.x = Int(value) ?? 0
            } else if line.hasPrefix("Absolute upper-left Y:") {
                info.y = Int(value) ?? 0
            } else if line.hasPrefix("Width:") {
                info.width = Int(value) ?? 0
            } else if line.hasPrefix("Height:") {
                info.height = Int(value) ?? 0
            } else if line.hasPrefix("Map State:") {
                info.viewable = value == "IsViewable"
            }
        }
        return info.id.isEmpty ? nil : info
    }

    /// The keys of `layer` of `layout` (default: the one shown first) at the window's current
    /// size, from `stackboard keys`.
    func keys(layout: String? = nil, layer: String? = nil) throws -> [ReportedKey] {
        try RunningKeyboard.keys(session, layout: layout ?? self.layout, size: "\(info.width)x\(info.height)", layer: layer,
                                 suggestions: suggestions)
    }

    /// `stackboard keys` parsed.
    static func keys(_ session: XSession, layout: String, size: String, layer: String? = nil,
                     suggestions: String? = nil, languages: String? = nil) throws -> [ReportedKey] {
        var args = ["keys", "--layout", layout, "--size", size]
        if let layer { args += ["--layer", layer] }
        if let suggestions { args += ["--suggestions", suggestions] }
        if let languages { args += ["--languages", languages] }
        let r = session.run(Tools.stackboard, args)
        guard r.status == 0 else { throw XSession.Failure(description: "stackboard keys failed: \(r.stderr)") }
        let decoder = JSONDecoder()
        return try r.stdout.split(separator: "\n").map { try decoder.decode(ReportedKey.self, from: Data($0.utf8)) }
    }

    /// The key with `label` in `layer` of the layout shown first.
    func key(_ label: String, layer: String? = nil) throws -> ReportedKey {
        guard let k = try keys(layer: layer).first(where: { $0.label == label }) else {
            throw XSession.Failure(description: "no key labelled '\(label)'")
        }
        return k
    }

    /// Clicks (press and release) at a point in window pixels.
    func click(x: Int, y: Int) { pointer([at(x, y), "tap"]) }

    /// Clicks the centre of `key`.
    func tap(_ key: ReportedKey) { click(x: key.center.x, y: key.center.y) }

    /// Clicks the keys with these labels in order.
    func tap(labels: [String], layer: String? = nil) throws {
        let all = try keys(layer: layer)
        var steps: [String] = []
        for label in labels {
            guard let k = all.first(where: { $0.label == label }) else {
                throw XSession.Failure(description: "no key labelled '\(label)'")
            }
            steps += [at(k.center.x, k.center.y), "tap"]
        }
        pointer(steps)
    }

    /// The lines the keyboard printed on stdout so far (`--print`: one per typed key).
    var printed: [String] { child.lines }

    /// Waits until the printed lines equal `expected`; returns what was printed.
    @discardableResult
    func waitForPrinted(_ expected: [String], timeout: Double = 10) -> [String] {
        try? session.waitUntil(timeout: timeout, "printed \(expected)") { printed == expected }
        return printed
    }

    /// Reads pixels of a window (window pixels) as RRGGBB.
    static func pixels(_ session: XSession, window: String, _ points: [(Int, Int)]) throws -> [String] {
        let r = session.run(try Tools.cTool("winpixel"), [window] + points.map { "\($0.0),\($0.1)" })
        guard r.status == 0 else { throw XSession.Failure(description: "winpixel: \(r.stderr)") }
        return r.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) }
    }

    /// `xprop` of the keyboard window (or of the root with `root: true`) for these properties.
    func xprop(_ properties: [String], root: Bool = false) -> String {
        session.run("xprop", (root ? ["-root"] : ["-id", info.id]) + properties).stdout
    }

    /// Voluntary plus involuntary context switches of every thread of the process.
    func contextSwitches() -> Int {
        let taskDir = "/proc/\(child.pid)/task"
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: taskDir)) ?? []
        return tasks.reduce(0) { sum, task in
            let status = (try? String(contentsOfFile: "\(taskDir)/\(task)/status", encoding: .utf8)) ?? ""
            return sum + status.split(separator: "\n").filter { $0.contains("ctxt_switches") }
                .compactMap { Int($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
                .reduce(0, +)
        }
    }
}

extension XSession {
    /// The window ids listed in a root property such as `_NET_CLIENT_LIST_STACKING`, bottom first.
    func rootWindowList(_ property: String) -> [String] {
        let out = run("xprop", ["-root", property]).stdout
        guard let hash = out.range(of: "#") else { return [] }
        return out[hash.upperBound...].split(separator: ",").map { normalizedID($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// `0x0400001` and `0x400001` as the same string.
    func normalizedID(_ id: String) -> String {
        guard id.hasPrefix("0x"), let n = UInt(id.dropFirst(2), radix: 16) else { return id }
        return "0x" + String(n, radix: 16)
    }
}

/// Runs `stackboard ARGS` to completion with exactly `environment` (no X session needed).
/// Each run logs into a folder of its own (parallel tests must not share log files).
func runStackboard(_ args: [String], environment: [String: String]) throws -> (status: Int32, stdout: String, stderr: String) {
    Child.run(Tools.stackboard, args, environment: environment)
}

/// This process's environment without DISPLAY, and without the user's config.json (the
/// keyboard and entry mode read it).
var environmentWithoutDisplay: [String: String] {
    var env = ProcessInfo.processInfo.environment
    env["DISPLAY"] = nil
    env["XDG_CONFIG_HOME"] = NSTemporaryDirectory() + "stackboard-no-config"
    return env
}

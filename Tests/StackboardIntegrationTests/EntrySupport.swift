import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One line of `stackboard keys --entry`: the field (`field` true) or a key.
struct EntryFrame: Decodable, Equatable {
    let field: Bool?
    let index: Int?
    let label: String?
    let action: String?
    let text: String?
    let x: Int
    let y: Int
    let width: Int
    let height: Int

    /// The centre in window pixels.
    var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
}

/// A `stackboard entry` running in an `XSession` (a `Child` that knows its window), with helpers
/// to find and tap its keys and to read what it printed. The window is found by its WM_CLASS
/// instance (`stackboard-entry`), or, with `--xid`, from the id it prints first.
final class RunningEntry: ProgramWindow {
    let session: XSession
    let child: Child
    let layout: String
    let env: [String: String]
    /// The window's id (`0x...`) and root position and size.
    private(set) var info: WindowInfo

    /// Starts `stackboard entry ARGS` (with `--no-sound` unless `sound`) and waits until its
    /// window is viewable (or, with `--xid`, until it printed its id: a plug is only mapped by
    /// its embedder).
    init(_ session: XSession, _ args: [String], env: [String: String] = [:], sound: Bool = false) throws {
        self.session = session
        self.env = env
        if let i = args.firstIndex(of: "--layout"), i + 1 < args.count { layout = args[i + 1] } else { layout = "qwerty" }
        child = try session.spawn(Tools.stackboard, ["entry"] + (sound ? [] : ["--no-sound"]) + args, env: env)
        if args.contains("--xid") {
            let line = try child.requireLine(timeout: 20, "the window id of --xid") { _ in true }
            let id = try #require(UInt(line), "not a window id: \(line)")
            info = WindowInfo(id: "0x" + String(id, radix: 16), x: 0, y: 0, width: 0, height: 0, viewable: false)
            return
        }
        var found: WindowInfo?
        try child.waitUntil(timeout: 20, "the entry window to be viewable") {
            found = RunningEntry.find(session).flatMap { RunningKeyboard.windowInfo(session, id: $0) }
            return found?.viewable == true
        }
        info = try #require(found)
    }

    /// The entry window's id, by class instance name.
    static func find(_ session: XSession) -> String? {
        let r = session.run("xdotool", ["search", "--classname", "^stackboard-entry$"])
        guard r.status == 0, let first = r.stdout.split(separator: "\n").first, let n = UInt(first) else { return nil }
        return "0x" + String(n, radix: 16)
    }

    /// Reads the window's position and size again (after the embedder took a plug).
    func refresh() throws {
        guard let now = RunningKeyboard.windowInfo(session, id: info.id) else {
            throw XSession.Failure(description: "the entry window is gone")
        }
        info = now
    }

    /// The field and the keys at the window's size, from `stackboard keys --entry` (with the
    /// entry's environment, so that the decimal key shows the same separator).
    func frames(noField: Bool = false) throws -> [EntryFrame] {
        try RunningEntry.frames(session, layout: layout, size: "\(info.width)x\(info.height)", entry: !noField, env: env)
    }

    /// `stackboard keys --layout LAYOUT --size SIZE [--entry]`, parsed.
    static func frames(_ session: XSession, layout: String, size: String, entry: Bool = true,
                       env: [String: String] = [:]) throws -> [EntryFrame] {
        let r = session.run(Tools.stackboard, ["keys", "--layout", layout, "--size", size] + (entry ? ["--entry"] : []), env: env)
        guard r.status == 0 else { throw XSession.Failure(description: "stackboard keys failed: \(r.stderr)") }
        return try r.stdout.split(separator: "\n").map { try JSONDecoder().decode(EntryFrame.self, from: Data($0.utf8)) }
    }

    /// The field's frame.
    func field() throws -> EntryFrame {
        guard let f = try frames().first(where: { $0.field == true }) else { throw XSession.Failure(description: "no field line") }
        return f
    }

    /// Taps the keys with these labels in order (the frames of `keys --entry`, or of the keypad
    /// alone with `noField`).
    func tap(labels: [String], noField: Bool = false) throws {
        let keys = try frames(noField: noField).filter { $0.field != true }
        var steps: [String] = []
        for label in labels {
            guard let k = keys.first(where: { $0.label == label }) else {
                throw XSession.Failure(description: "no key labelled '\(label)' in \(keys.compactMap(\.label))")
            }
            steps += [at(k.center.x, k.center.y), "tap"]
        }
        pointer(steps)
    }

    /// Taps the keys at these indices (document order), e.g. a PIN pad's dealt digit slots.
    func tap(indices: [Int]) throws {
        let keys = try frames().filter { $0.field != true }
        pointer(indices.flatMap { i in [at(keys[i].center.x, keys[i].center.y), "tap"] })
    }

    /// Waits for the process to end; its exit status (nil on timeout).
    func exitStatus(timeout: Double = 20) -> Int32? { child.wait(timeout: timeout) }

    /// The lines printed on stdout so far (complete lines only).
    var lines: [String] { child.lines }

    /// Waits until at least `count` lines are printed; returns them.
    @discardableResult
    func waitForLines(_ count: Int, timeout: Double = 10) -> [String] {
        try? session.waitUntil(timeout: timeout, "\(count) lines (got \(lines))") { lines.count >= count }
        return lines
    }

    /// The decoded `--events` lines (skipping an `--xid` id line).
    var events: [[String: Any]] {
        lines.compactMap { line in
            guard line.hasPrefix("{") else { return nil }
            return (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
        }
    }

    /// Waits until the window has the input focus (the window manager gives it to a new window).
    func waitForFocus() throws {
        let wanted = session.normalizedID(info.id)
        try session.waitUntil(timeout: 10, "the entry window to have the focus") {
            let r = session.run("xdotool", ["getwindowfocus"])
            guard let n = UInt(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
            return session.normalizedID("0x" + String(n, radix: 16)) == wanted
        }
    }
}

/// A copy of the shipped `pin` layout that is not secure and holds all ten digits, in a file,
/// so that a test can read which digit each shuffled slot was dealt.
func openPINLayoutFile(in session: XSession) throws -> String {
    let shipped = try String(contentsOfFile: Tools.repoRoot + "/Resources/layouts/pin.json", encoding: .utf8)
    let open = shipped.replacingOccurrences(of: #""entry": {"secure": true, "maxLength": 6, "allow": "digits"}"#,
                                            with: #""entry": {"maxLength": 10, "allow": "digits"}"#)
    guard open != shipped else { throw XSession.Failure(description: "Resources/layouts/pin.json has another entry preset now") }
    let path = session.dir + "/open-pin.json"
    try open.write(toFile: path, atomically: true, encoding: .utf8)
    return path
}

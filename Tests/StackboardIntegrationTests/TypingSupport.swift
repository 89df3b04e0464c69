import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// One KeyPress or KeyRelease as keysink printed it.
struct SinkKeyEvent: Equatable {
    /// True for KEYUP lines.
    var isRelease: Bool
    /// The keysym name keysink decoded (with the event's state).
    var keysym: String
    /// The text (KeyPress only).
    var text: String
    /// The keycode.
    var keycode: Int
    /// The event's state (modifiers and group in bits 13-14).
    var state: UInt32

    /// Parses a `KEY <t> <name> "<text>" kc=N st=0xH se=S` or `KEYUP <t> <name> kc=N st=0xH` line.
    /// Split by Unicode scalars, not characters: a combining mark or a joiner in the text would
    /// otherwise merge with the quote or space before it into one character.
    init?(line: String) {
        let isRelease = line.hasPrefix("KEYUP ")
        guard isRelease || line.hasPrefix("KEY ") else { return nil }
        let scalars = Array(line.unicodeScalars)
        var fields: [String] = []
        var start = 0
        for (i, scalar) in scalars.enumerated() where scalar == " " && fields.count < 3 {
            fields.append(String(String.UnicodeScalarView(scalars[start..<i])))
            start = i + 1
        }
        guard fields.count == 3 else { return nil }
        var rest = Array(scalars[start...])
        self.isRelease = isRelease
        keysym = fields[2]
        text = ""
        if !isRelease {
            let marker = Array("\" kc=".unicodeScalars)
            guard rest.first == "\"", let end = (0...max(0, rest.count - marker.count)).reversed().first(where: {
                rest.count >= marker.count && Array(rest[$0..<($0 + marker.count)]) == marker
            }) else { return nil }
            let quoted = String(String.UnicodeScalarView(rest[0...end]))
            guard let decoded = try? JSONDecoder().decode(String.self, from: Data(quoted.utf8)) else { return nil }
            text = decoded
            rest = Array(rest[(end + 1)...])
        }
        var kc: Int?, st: UInt32?
        for word in String(String.UnicodeScalarView(rest)).split(separator: " ") {
            if word.hasPrefix("kc=") { kc = Int(word.dropFirst(3)) }
            if word.hasPrefix("st=0x") { st = UInt32(word.dropFirst(5), radix: 16) }
        }
        guard let kc, let st else { return nil }
        keycode = kc
        state = st
    }
}

/// A private X server with a window manager, a focused keysink and the xkbtool helper:
/// what the typing tests type into.
final class TypingRig {
    let session: XSession
    let sink: Child
    let xkbtool: String

    /// Starts the server, sets the layout (`setxkbmap -layout`), locks `group`, starts keysink
    /// with `sinkArgs` and waits until it has the focus.
    init(layout: String? = nil, group: Int? = nil, sinkArgs: [String] = ["-r"], wm: XSession.WindowManager = .openbox) throws {
        session = try XSession(wm: wm)
        xkbtool = try Tools.cTool("xkbtool", libs: ["-lX11", "-lXi"])
        if let layout {
            let r = session.run("setxkbmap", ["-layout", layout])
            try #require(r.status == 0, "setxkbmap -layout \(layout): \(r.stderr)")
        }
        if let group {
            try #require(session.run(xkbtool, ["lock-group", "\(group)"]).status == 0)
        }
        sink = try session.spawn(try Tools.cTool("keysink"), sinkArgs)
        _ = try sink.requireLine(timeout: 15, "keysink to get the focus") { $0.hasPrefix("FOCUSIN") }
    }

    /// Runs `stackboard type ARGS` to completion (a failure to start it is reported with its reason).
    @discardableResult
    func type(_ args: [String], stdinPath: String? = nil, timeout: Double = 90) -> (status: Int32, stdout: String, stderr: String) {
        do {
            return try session.spawn(Tools.stackboard, ["type"] + args, stdinPath: stdinPath).finish(timeout: timeout)
        } catch {
            return (127, "", "\(error)")
        }
    }

    /// Every key event keysink printed so far.
    var events: [SinkKeyEvent] {
        sink.stdout.split(separator: "\n").compactMap { SinkKeyEvent(line: String($0)) }
    }

    /// The KeyPress events from the `from`-th on.
    func presses(from: Int = 0) -> [SinkKeyEvent] {
        Array(events.filter { !$0.isRelease }.dropFirst(from))
    }

    /// The text keysink decoded from the `from`-th KeyPress on.
    func text(from: Int = 0) -> String { presses(from: from).map(\.text).joined() }

    /// Waits until the decoded text from `from` is at least as long as `expected` (or times
    /// out), then until keysink has handled everything sent to it so far (`settle`), and
    /// returns the text: anything extra the typer sent shows in it. Call it once the typer has
    /// finished.
    func waitForText(_ expected: String, from: Int = 0, timeout: Double = 30) -> String {
        _ = Wait.until(timeout: timeout, interval: 0.05) {
            text(from: from).unicodeScalars.count >= expected.unicodeScalars.count
        }
        do {
            try settle()
        } catch {
            Issue.record("\(error)")
        }
        return text(from: from)
    }

    /// Returns once keysink has printed every event the server sent it before this call (a
    /// round trip with `XSession.mark()`): for "nothing more arrived" after a typer finished.
    func settle(timeout: Double = 30) throws {
        try session.roundTrip(sink, timeout: timeout)
    }

    /// The core keyboard state from xkbtool: group, locked modifiers, latched modifiers, keys down.
    func state() -> (group: Int, locked: UInt32, latched: UInt32, keys: [Int]) {
        let line = session.run(xkbtool, ["state"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        var group = -1, locked: UInt32 = 0xffff, latched: UInt32 = 0xffff, keys: [Int] = [-1]
        for word in line.split(separator: " ") {
            let kv = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard kv.count == 2 else { continue }
            switch kv[0] {
            case "group": group = Int(kv[1]) ?? -1
            case "locked": locked = UInt32(kv[1].dropFirst(2), radix: 16) ?? 0xffff
            case "latched": latched = UInt32(kv[1].dropFirst(2), radix: 16) ?? 0xffff
            case "keys": keys = kv[1].split(separator: ",").compactMap { Int($0) }
            default: break
            }
        }
        return (group, locked, latched, keys)
    }

    /// The whole keymap as `xkbcomp -xkb` prints it.
    func keymapDump() -> String {
        session.run("xkbcomp", ["-xkb", session.display, "-"]).stdout
    }

    /// The core keysyms of `keycode` as `xmodmap -pke` prints them (after the `=`).
    func coreKeysyms(_ keycode: Int) -> String {
        let lines = session.run("xmodmap", ["-pke"]).stdout.split(separator: "\n")
        let prefix = String(format: "keycode %3d =", keycode)
        guard let line = lines.first(where: { $0.hasPrefix(prefix) }) else { return "?" }
        return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }

    /// Whether keysink lost the focus after it first had it.
    var focusLost: Bool {
        let lines = sink.stdout.split(separator: "\n")
        guard let first = lines.firstIndex(where: { $0.hasPrefix("FOCUSIN") }) else { return true }
        return lines[first...].contains { $0.hasPrefix("FOCUSOUT") }
    }

    /// KeyReleases whose keysym differs from their KeyPress's, or releases with no press, as text.
    func releaseMismatches(from: Int = 0) -> [String] {
        var down: [Int: String] = [:]
        var problems: [String] = []
        var seenPresses = 0
        for e in events {
            if !e.isRelease {
                seenPresses += 1
                if seenPresses > from { down[e.keycode] = e.keysym }
                continue
            }
            guard seenPresses > from else { continue }
            guard let pressed = down.removeValue(forKey: e.keycode) else {
                problems.append("release of kc=\(e.keycode) without a press"); continue
            }
            if pressed != e.keysym { problems.append("kc=\(e.keycode) pressed as \(pressed), released as \(e.keysym)") }
        }
        return problems
    }

    /// Starts `xkbtool watch` (keymap and group notifications) and waits until it listens.
    func startWatch() throws -> Child {
        let watch = try session.spawn(xkbtool, ["watch"])
        _ = try watch.requireLine(timeout: 10, "xkbtool watch to listen") { $0 == "WATCHING" }
        return watch
    }

    deinit { session.close() }
}

/// What keysink decodes for typed text: Return arrives as a carriage return.
func decodedForm(_ text: String) -> String {
    text.replacingOccurrences(of: "\r\n", with: "\r").replacingOccurrences(of: "\n", with: "\r")
}

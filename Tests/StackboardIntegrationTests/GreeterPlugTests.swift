import Foundation
import StackboardCore
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `stackboard --xid`: the typing keyboard as an XEmbed plug in a GTK 3 host with a password
/// entry, as lightdm-gtk-greeter embeds its on-screen keyboard.
@Suite struct GreeterPlugTests {
    /// The plug's keys at `size`, as `stackboard keys` lays them out.
    static func keys(_ x: XSession, size: Rect) throws -> [[String: Any]] {
        let r = x.run(Tools.stackboard, ["keys", "--layout", "qwerty", "--size", "\(size.width)x\(size.height)", "--suggestions", "0"])
        try #require(r.status == 0, "stackboard keys: \(r.stderr)")
        return r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    /// Taps the key typing `text` on a plug at `socket` (root coordinates).
    static func tap(_ text: String, _ x: XSession, socket: Rect) throws {
        let key = try #require(try keys(x, size: socket).first { ($0["text"] as? String) == text }, "no key \(text)")
        let px = socket.x + ((key["x"] as? Int) ?? 0) + ((key["width"] as? Int) ?? 0) / 2
        let py = socket.y + ((key["y"] as? Int) ?? 0) + ((key["height"] as? Int) ?? 0) / 2
        let click = x.run(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), ["\(px),\(py)", "tap"])
        try #require(click.status == 0, "pointer: \(click.stderr)")
    }

    /// `NAME=X,Y,W,H` of a host line.
    static func rect(_ name: String, in line: String) -> Rect? {
        guard let part = line.split(separator: " ").first(where: { $0.hasPrefix(name + "=") }) else { return nil }
        let n = part.dropFirst(name.count + 1).split(separator: ",").compactMap { Int($0) }
        return n.count == 4 ? Rect(x: n[0], y: n[1], width: n[2], height: n[3]) : nil
    }

    @Test func tapsTypeIntoTheHostsPasswordEntryWhichKeepsTheFocusAndThePlugEndsWithTheHost() throws {
        let x = try XSession()
        defer { x.close() }
        let keymapBefore = x.run("xkbcomp", ["-xkb", x.display, "-"]).stdout
        // A desktop keyboard already runs: the greeter's keyboard is a keyboard of its own.
        let desktop = try RunningKeyboard(x, [], until: "shown")
        let plug = try x.spawn(Tools.stackboard, ["--xid", "--no-sound"])
        let idLine = try #require(plug.waitForLine(timeout: 30) { !$0.isEmpty }, "no window id: \(plug.stderr)")
        let id = try #require(UInt(idLine), "not a window id: \(idLine)")
        let host = try x.spawn("/usr/bin/python3", [Tools.repoRoot + "/Tests/Tools/xembed-host.py", String(id)])
        let ready = try #require(host.waitForLine(timeout: 60) { $0.hasPrefix("ready ") }, "host: \(host.stderr.suffix(400))")
        let socket = try #require(Self.rect("socket", in: ready))

        for c in "pwd" { try Self.tap(String(c), x, socket: socket) }
        #expect(host.waitForLine(timeout: 20) { $0 == "changed 3 pwd" } != nil, "host: \(host.stdout.suffix(300)) plug: \(plug.stderr)")
        #expect(!host.stdout.contains("focus no"), "the entry lost the focus: \(host.stdout)")
        #expect(desktop.stackboard(["status"]).stdout == "shown\n", "the desktop's keyboard was disturbed")

        // The socket shrinks: the plug lays its keys out again at the new size.
        host.signal(SIGUSR1)
        let resized = try #require(host.waitForLine(timeout: 20) { $0.hasPrefix("socket=") }, "host: \(host.stdout.suffix(300)) \(host.stderr.suffix(300))")
        let small = try #require(Self.rect("socket", in: resized))
        try #require(small.width == 600, "\(resized)")
        try x.waitUntil(timeout: 20, "the plug at the socket's size") {
            let info = x.run("xwininfo", ["-id", String(id)]).stdout
            return info.contains("Width: 600") && info.contains("Height: 240")
        }
        try Self.tap("q", x, socket: small)
        #expect(host.waitForLine(timeout: 20) { $0 == "changed 4 pwdq" } != nil, "host: \(host.stdout.suffix(300))")

        // The host goes: the plug ends with status 0 and the keymap is as it was.
        host.signal(SIGKILL)
        let status = plug.wait(timeout: 30)
        #expect(status == 0, "plug status \(String(describing: status)): \(plug.stderr)")
        desktop.child.stop(grace: 5)
        #expect(x.run("xkbcomp", ["-xkb", x.display, "-"]).stdout == keymapBefore)
        #expect(!plug.stdout.contains("pwd") && !plug.stderr.contains("pwd"))
    }
}

import Foundation
import Testing

/// The tray icon as a StatusNotifierItem, shown by a small watcher and host on the test's own
/// session bus (Tests/Tools/sni-watcher.py): the keyboard registers, the host can draw it (its
/// properties and pixmaps) and its menu, a click (Activate) toggles the keyboard, and the menu's
/// items show, hide, ask for the settings and quit.
@Suite(.enabled(if: RunningKeyboard.available, "the keyboard command is not built"))
struct TrayIconTests {
    @Test func aStatusNotifierHostShowsTheIconWhoseClicksAndMenuDriveTheKeyboard() throws {
        let session = try XSession(wm: .openbox)
        defer { session.close() }
        let bus = try BusSession(x: session, accessibility: false, activation: false)
        let watcher = try session.spawn("/usr/bin/python3", [Tools.repoRoot + "/Tests/Tools/sni-watcher.py"], env: bus.environment)
        _ = try watcher.requireLine(timeout: 20, "the watcher owning its name") { $0 == "ready" }

        let kb = try RunningKeyboard(session, ["--hidden", "--tray", "on"], env: bus.environment, until: "hidden")
        let registered = try watcher.requireLine(timeout: 20, "the keyboard's registration") { $0.hasPrefix("registered ") }
        let item = String(registered.split(separator: " ")[1])
        #expect(item == "org.kde.StatusNotifierItem-\(kb.child.pid)-1")
        let properties = try watcher.requireLine(timeout: 20, "the host reading the item") { $0.hasPrefix("item ") }
        #expect(properties.contains("Id=stackboard Title=Stackboard Status=Active Category=ApplicationStatus "
                                    + "IconName=input-keyboard Menu=/MenuBar"), "\(properties)")
        #expect(properties.hasSuffix("pixmaps=22x22:1936,32x32:4096,48x48:9216"), "\(properties)")
        let menu = try watcher.requireLine(timeout: 20, "the host reading the menu") { $0.hasPrefix("menu ") }
        #expect(menu == "menu 1:Show keyboard|2:Settings…|-|4:Quit")

        func call(_ path: String, _ method: String, _ args: [String]) -> (status: Int32, stdout: String, stderr: String) {
            session.run("gdbus", ["call", "--session", "--dest", item, "--object-path", path, "--method", method, "--"] + args,
                        env: bus.environment)
        }
        // A click on the icon shows the keyboard; the menu's first item then hides it.
        #expect(call("/StatusNotifierItem", "org.kde.StatusNotifierItem.Activate", ["10", "10"]).status == 0)
        try kb.waitForState("shown")
        let layout = call("/MenuBar", "com.canonical.dbusmenu.GetLayout", ["0", "-1", "[]"])
        #expect(layout.stdout.contains("'Hide keyboard'"), "\(layout)")
        #expect(call("/MenuBar", "com.canonical.dbusmenu.Event", ["1", "clicked", "<0>", "0"]).status == 0)
        try kb.waitForState("hidden")
        // Settings: the keyboard comes back with its settings panel open.
        #expect(call("/MenuBar", "com.canonical.dbusmenu.Event", ["2", "clicked", "<0>", "0"]).status == 0)
        try kb.waitForState("shown")
        // An item that is not there is an error for the caller; Quit stops the keyboard.
        #expect(call("/MenuBar", "com.canonical.dbusmenu.Event", ["9", "clicked", "<0>", "0"]).status != 0)
        #expect(call("/MenuBar", "com.canonical.dbusmenu.Event", ["4", "clicked", "<0>", "0"]).status == 0)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        #expect(!kb.child.stderr.contains("no tray icon"), "\(kb.child.stderr)")
    }

    @Test func withoutATrayTheKeyboardRunsAndSaysSoOnceWithTrayOn() throws {
        let session = try XSession(wm: .openbox)
        defer { session.close() }
        let bus = try BusSession(x: session, accessibility: false, activation: false)
        let kb = try RunningKeyboard(session, ["--tray", "on"], env: bus.environment)
        try kb.child.waitUntil(timeout: 20, "one line saying there is no tray") { kb.child.stderr.contains("no tray icon") }
        #expect(kb.stackboard(["hide"]).status == 0)
        try kb.waitForState("hidden")
        #expect(kb.child.stderr.components(separatedBy: "no tray icon").count == 2, "\(kb.child.stderr)")
    }
}

/// The tray icon in an XEmbed system tray (`trayer`, a panel without a StatusNotifierWatcher),
/// with no session bus at all: the icon is docked (reparented into the panel), a click on it
/// toggles the keyboard, and a tray that starts after the keyboard gets the icon too.
@Suite(.enabled(if: RunningKeyboard.available && PackageBuild.which("trayer") != nil,
                "trayer is not installed (run 'make setup')"))
struct XEmbedTrayIconTests {
    /// The icon's window (WM_CLASS stackboard-tray) with its parent's name, from `xwininfo -tree`.
    func dockedIcon(_ session: XSession) -> (id: String, x: Int, y: Int, width: Int, height: Int)? {
        let tree = session.run("xwininfo", ["-root", "-tree"]).stdout.split(separator: "\n")
        var parentIsPanel = false
        for line in tree {
            let indent = line.prefix { $0 == " " }.count
            if line.contains("(\"panel\" \"trayer\")") { parentIsPanel = true; continue }
            guard parentIsPanel, indent > 0, line.contains("(\"stackboard-tray\" \"Stackboard\")") else { continue }
            // `0x600005 "Stackboard tray icon": (...)  22x26+0+0  +1257+1`
            let words = line.split(separator: " ")
            guard let id = words.first, let size = words.dropLast().last, let at = words.last else { return nil }
            let wh = size.split(separator: "+").first?.split(separator: "x").compactMap { Int($0) } ?? []
            let xy = at.split(separator: "+").compactMap { Int($0) }
            guard wh.count == 2, xy.count == 2 else { return nil }
            return (String(id), xy[0], xy[1], wh[0], wh[1])
        }
        return nil
    }

    @Test func theIconIsDockedInTheTrayAndAClickTogglesTheKeyboard() throws {
        let session = try XSession(wm: .openbox)
        defer { session.close() }
        // No session bus: DBUS_SESSION_BUS_ADDRESS unset, nothing at $XDG_RUNTIME_DIR/bus.
        let env = ["DBUS_SESSION_BUS_ADDRESS": ""]
        let kb = try RunningKeyboard(session, ["--hidden", "--tray", "on"], env: env, until: "hidden")
        // No tray yet: said once; the keyboard runs.
        try kb.child.waitUntil(timeout: 20, "the line saying there is no tray") { kb.child.stderr.contains("XEmbed system tray") }
        // The panel starts after the keyboard: its MANAGER message brings the icon in.
        _ = try session.spawn("trayer", ["--edge", "top", "--align", "right", "--widthtype", "request", "--height", "28"])
        var icon: (id: String, x: Int, y: Int, width: Int, height: Int)?
        // Docked, shown, and where it stays: a tap on an icon the panel has not mapped yet, or is
        // still laying out (a loaded machine), lands on the panel and toggles nothing.
        var seen: (id: String, x: Int, y: Int, width: Int, height: Int)?
        try kb.child.waitUntil(timeout: 20, "the icon docked in trayer's panel, shown and in place") {
            let previous = seen
            seen = dockedIcon(session)
            guard let now = seen, now.width >= 16, let previous, previous == now,
                  session.run("xwininfo", ["-id", now.id]).stdout.contains("Map State: IsViewable") else { return false }
            icon = now
            return true
        }
        let at = try #require(icon)
        let centre = "\(at.x + at.width / 2),\(at.y + at.height / 2)"
        kb.pointer([centre, "tap"])
        try kb.waitForState("shown")
        kb.pointer([centre, "tap"])
        try kb.waitForState("hidden")
        #expect(kb.child.stderr.components(separatedBy: "no tray icon").count == 2, "\(kb.child.stderr)")
    }
}

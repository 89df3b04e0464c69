import Foundation
import Testing

/// What the keyboard window tells the window manager (ICCCM and EWMH), read back with xprop.
@Suite struct WindowPropertiesTests {
    @Test func floatingKeyboardIsNamedNeverFocusedAndKeptAbove() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        let p = kb.xprop(["WM_CLASS", "WM_NAME", "_NET_WM_NAME", "WM_HINTS", "WM_PROTOCOLS",
                          "_NET_WM_WINDOW_TYPE", "_NET_WM_STATE", "_NET_WM_DESKTOP"])
        #expect(p.contains("WM_CLASS(STRING) = \"stackboard\", \"Stackboard\""))
        #expect(p.contains("WM_NAME(STRING) = \"Stackboard\""))
        #expect(p.contains("_NET_WM_NAME(UTF8_STRING) = \"Stackboard\""))
        #expect(p.contains("Client accepts input or input focus: False"))
        #expect(p.contains("WM_PROTOCOLS(ATOM): protocols  WM_DELETE_WINDOW"))
        #expect(!p.contains("WM_TAKE_FOCUS"))
        #expect(p.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_UTILITY"))
        let state = p.split(separator: "\n").first { $0.hasPrefix("_NET_WM_STATE(ATOM)") }.map(String.init) ?? ""
        #expect(state.contains("_NET_WM_STATE_ABOVE"))
        #expect(state.contains("_NET_WM_STATE_SKIP_TASKBAR"))
        #expect(state.contains("_NET_WM_STATE_SKIP_PAGER"))
        // openbox keeps "sticky" as the all-desktops value rather than as a state.
        #expect(state.contains("_NET_WM_STATE_STICKY") || p.contains("_NET_WM_DESKTOP(CARDINAL) = 4294967295"))
    }

    /// The window manager deletes _NET_WM_STATE and _NET_WM_DESKTOP when a window is withdrawn:
    /// a keyboard hidden and shown again must ask for them again, or it is no longer kept above,
    /// on every desktop, out of the task bar (and a dock's strut stays on one desktop).
    @Test(arguments: [[String](), ["--dock", "bottom"]])
    func aKeyboardShownAgainAfterAHideIsStillAboveOnEveryDesktop(args: [String]) throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, args)
        let status = { session.run(Tools.stackboard, ["status"]).stdout }
        let kept = {
            let p = kb.xprop(["_NET_WM_STATE", "_NET_WM_DESKTOP"])
            return (p.contains("_NET_WM_STATE_ABOVE") || !args.isEmpty) && p.contains("_NET_WM_STATE_SKIP_TASKBAR")
                && p.contains("_NET_WM_STATE_SKIP_PAGER") && p.contains("_NET_WM_DESKTOP(CARDINAL) = 4294967295")
        }
        try session.waitUntil(timeout: 10, "the states at start: \(kb.xprop(["_NET_WM_STATE", "_NET_WM_DESKTOP"]))", kept)
        for _ in 0..<2 {
            #expect(session.run(Tools.stackboard, ["hide"]).status == 0)
            try session.waitUntil(timeout: 20, "hidden (status: \(status()))") { status() == "hidden\n" }
            #expect(session.run(Tools.stackboard, ["show"]).status == 0)
            try session.waitUntil(timeout: 20, "shown (status: \(status()))") { status() == "shown\n" }
            try session.waitUntil(timeout: 10, "the states after hide and show: \(kb.xprop(["_NET_WM_STATE", "_NET_WM_DESKTOP"]))", kept)
        }
    }

    @Test func defaultIsFullWidthAThirdHighAlongTheBottom() throws {
        let session = try XSession(screen: "1280x800x24")
        defer { session.close() }
        let kb = try RunningKeyboard(session, [])
        #expect(kb.info.x == 0)
        #expect(kb.info.width == 1280)
        #expect(kb.info.height == 267)
        #expect(kb.info.y + kb.info.height == 800)
    }

    @Test func geometryAndScaleOptions() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--geometry", "600x200+30-10"])
        #expect(kb.info.width == 600)
        #expect(kb.info.height == 200)
        #expect(kb.info.x == 30)
        #expect(kb.info.y == 800 - 200 - 10)
        kb.child.stop()

        let scaled = try RunningKeyboard(session, ["--scale", "1.5"])
        #expect(scaled.info.height == 400)
    }

    @Test(arguments: [
        (["--dock", "left"], "Option '--dock' wants one of bottom, top, none, not 'left'."),
        (["--geometry", "big"], "Option '--geometry' wants WxH+X+Y (for example 800x300+0+500), not 'big'."),
        (["--theme", ""], "Option '--theme' wants a non-empty name, not ''."),
        (["--scale", "9"], "Option '--scale' wants a number from 0.25 to 4, not '9'."),
        (["--layot", "qwerty"], "Unknown option '--layot'. Did you mean '--layout'?"),
    ])
    func badOptionsSayWhatToDoAndExit2(args: [String], message: String) throws {
        // Options are checked before the display is opened: no server needed.
        let r = try runStackboard(args, environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stderr == "stackboard: \(message)\n")
        #expect(r.stdout.isEmpty)
    }

    /// A theme that is not there: its message lists the themes and where they were looked for.
    @Test func anUnknownThemeExits2AndSaysWhichThereAre() throws {
        var environment = environmentWithoutDisplay
        environment["XDG_DATA_HOME"] = NSTemporaryDirectory() + "stackboard-no-data"
        let r = try runStackboard(["--theme", "drak"], environment: environment)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(#"stackboard: --theme drak: no theme named "drak"; did you mean "dark"? Available themes: dark, high-contrast, light. Searched: "#),
                "\(r.stderr)")
        #expect(r.stderr.hasSuffix("A theme of your own is NAME.json in the first of those directories (see 'stackboard themes').\n"))
        #expect(r.stdout.isEmpty)
    }
}

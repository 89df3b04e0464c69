import Foundation
import Testing

/// The floating keyboard stays above a full-screen application (a kiosk), without taking its focus.
/// Under openbox a focused full-screen window sits in a layer above every "above" window; the
/// keyboard makes itself transient for it (see KeepAboveFullscreen.swift).
@Suite struct WindowStackingTests {
    @Test(arguments: [false, true])
    func keyboardStaysAboveAFullScreenApplication(fullScreenFirst: Bool) throws {
        let session = try XSession()
        defer { session.close() }
        var kb: RunningKeyboard?
        if !fullScreenFirst { kb = try RunningKeyboard(session, ["--print"]) }
        let app = try session.spawn(try Tools.cTool("fullscreen"), [])
        let ready = app.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
        try #require(ready != nil, "the full-screen window did not appear: \(app.stderr)")
        let appID = session.normalizedID(String(ready?.split(separator: " ").last ?? ""))
        try session.waitUntil(timeout: 10, "the application to be full screen") {
            RunningKeyboard.windowInfo(session, id: appID).map { $0.width == 1280 && $0.height == 800 } ?? false
        }
        let keyboard = try kb ?? RunningKeyboard(session, ["--print"])
        let kbID = session.normalizedID(keyboard.info.id)

        var stacking: [String] = []
        try session.waitUntil(timeout: 10, "the keyboard above the full-screen window (\(stacking))") {
            stacking = session.rootWindowList("_NET_CLIENT_LIST_STACKING")
            guard let k = stacking.firstIndex(of: kbID), let f = stacking.firstIndex(of: appID) else { return false }
            return k > f
        }
        #expect(session.rootWindowList("_NET_ACTIVE_WINDOW") == [appID], "the application keeps the focus")

        // What the screen shows at a key is the keyboard, not the black full-screen window.
        let q = try keyboard.key("q")
        let spot = (q.x + 4, q.center.y)
        let own = try keyboard.pixels([spot])
        let screen = try RunningKeyboard.pixels(session, window: "root", [(keyboard.info.x + spot.0, keyboard.info.y + spot.1)])
        #expect(own == screen)
        #expect(screen != ["000000"])

        // And taps still work there.
        keyboard.tap(q)
        #expect(keyboard.waitForPrinted(["q"]) == ["q"])

        // The application goes away: the keyboard lets go of it, quietly.
        app.stop()
        try session.waitUntil(timeout: 10, "WM_TRANSIENT_FOR to be removed") {
            keyboard.xprop(["WM_TRANSIENT_FOR"]).contains("not found")
        }
        try keyboard.tap(labels: ["w"])
        #expect(keyboard.waitForPrinted(["q", "w"]) == ["q", "w"])
        #expect(keyboard.child.stderr.isEmpty)
    }
}

extension WindowStackingTests {
    /// openbox iconifies a transient with its parent; the keyboard must not vanish with a
    /// minimized full-screen application (undecorated and out of the task bar, it could not
    /// be brought back).
    @Test func minimizingTheFullScreenApplicationLeavesTheKeyboardShown() throws {
        let session = try XSession()
        defer { session.close() }
        let keyboard = try RunningKeyboard(session, ["--print"])
        let app = try session.spawn(try Tools.cTool("fullscreen"), [])
        let ready = app.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
        let appID = String(try #require(ready?.split(separator: " ").last))
        try session.waitUntil(timeout: 10, "the keyboard to become transient for the application") {
            keyboard.xprop(["WM_TRANSIENT_FOR"]).contains("window id")
        }
        keyboard.xdotool(["windowminimize", appID])
        try session.waitUntil(timeout: 10, "the application to be minimized") {
            RunningKeyboard.windowInfo(session, id: appID)?.viewable == false
        }
        try session.waitUntil(timeout: 10, "the keyboard to be shown, on its own") {
            RunningKeyboard.windowInfo(session, id: keyboard.info.id)?.viewable == true
                && keyboard.xprop(["WM_TRANSIENT_FOR"]).contains("not found")
        }
        try keyboard.refresh()
        try keyboard.tap(labels: ["z"])
        #expect(keyboard.waitForPrinted(["z"]) == ["z"])
        #expect(keyboard.child.stderr.isEmpty)
    }
}

extension WindowStackingTests {
    /// With no window manager (a bare kiosk X session) nothing keeps windows in layers: a window
    /// that covers the keyboard entirely makes it raise itself.
    @Test func withoutAWindowManagerACoveringWindowIsRisenAbove() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        let keyboard = try RunningKeyboard(session, ["--print"])
        let q = try keyboard.key("q")
        let spot = (q.x + 4, q.center.y)
        let own = try keyboard.pixels([spot]) // read while nothing covers it
        #expect(own != ["000000"])
        let app = try session.spawn(try Tools.cTool("fullscreen"), [])
        #expect(app.waitForLine(timeout: 10) { $0.hasPrefix("READY") } != nil)
        var screen: [String] = []
        try session.waitUntil(timeout: 10, "the keyboard to be on top again (\(screen) vs \(own))") {
            screen = (try? RunningKeyboard.pixels(session, window: "root",
                                                  [(keyboard.info.x + spot.0, keyboard.info.y + spot.1)])) ?? []
            return screen == own
        }
        keyboard.tap(q)
        #expect(keyboard.waitForPrinted(["q"]) == ["q"])
    }
}

extension WindowStackingTests {
    /// openbox leaves `_NET_ACTIVE_WINDOW` naming a window that is gone, and the X server gives
    /// a new client the lowest free slot, so the next application's window can have the very
    /// same id. The keyboard must still follow that new window (and let go of it when it goes):
    /// it once kept the stale id's failed selection and was left transient for a window that
    /// no longer existed.
    @Test func aNewWindowWithAGoneWindowsIDIsFollowed() throws {
        let session = try XSession()
        defer { session.close() }
        let keyboard = try RunningKeyboard(session, ["--print"])
        let fullscreen = try Tools.cTool("fullscreen")
        let first = try session.spawn(fullscreen, ["-M", "0,0"])
        let firstReady = first.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
        var goneID = session.normalizedID(String(try #require(firstReady?.split(separator: " ").last)))
        var gone = first
        var app = first
        // The next client gets the lowest free slot only once the server has closed the ones
        // before it (the test's own xwininfo may still hold it): when another id comes, that
        // window is the one to go next.
        for _ in 0..<5 {
            try session.waitUntil(timeout: 10, "the window \(goneID) to be active") {
                session.rootWindowList("_NET_ACTIVE_WINDOW") == [goneID]
            }
            gone.stop()
            try session.waitUntil(timeout: 10, "the window \(goneID) to be gone") {
                RunningKeyboard.windowInfo(session, id: goneID) == nil
            }
            app = try session.spawn(fullscreen, [])
            let ready = app.waitForLine(timeout: 10) { $0.hasPrefix("READY") }
            let appID = session.normalizedID(String(try #require(ready?.split(separator: " ").last)))
            if appID == goneID { break }
            (gone, goneID) = (app, appID)
        }
        try #require(gone !== app, "the X server never gave a new window a gone window's id in 5 tries")
        try session.waitUntil(timeout: 10, "the keyboard to become transient for the application") {
            keyboard.xprop(["WM_TRANSIENT_FOR"]).contains("window id")
        }
        app.stop()
        try session.waitUntil(timeout: 10, "WM_TRANSIENT_FOR to be removed") {
            keyboard.xprop(["WM_TRANSIENT_FOR"]).contains("not found")
        }
        #expect(keyboard.child.stderr.isEmpty)
    }
}

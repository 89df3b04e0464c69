import Foundation
import StackboardCore
import Testing

/// The keyboard on one monitor of several, on Xorg's dummy screen (which can change its size)
/// under openbox: the dock covers its monitor only and its struts say so, `--monitor` picks
/// another, a smaller mode or a portrait one re-docks it with new struts and taps still type,
/// a monitor that goes sends the keyboard to the one left, and `focus` follows the active window.
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil,
                "Xorg cannot start here: \(XorgTouchSession.unavailableReason ?? "")"))
struct MonitorKeyboardTests {
    @Test func withTwoMonitorsTheDockCoversExactlyThePrimaryOneAndItsStrutSaysSo() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--dock", "bottom"])
        let h = kb.info.height
        #expect(kb.info.x == 0 && kb.info.width == 1280 && kb.info.y == 800 - h, "\(kb.info)")
        #expect(session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, h, 0, 0, 0, 0, 0, 0, 0, 1279])
        #expect(session.status(["--monitor"]) == "LEFT 1280x800+0+0")
        #expect(session.status(["--geometry"]) == "1280x\(h)+0+\(800 - h)")
        // openbox: one work area for the desktop (it takes every strut off it), and per monitor
        // the partial strut: a window maximized on RIGHT keeps the full height, one on LEFT ends
        // where the keyboard starts.
        try Wait.require(timeout: 10, "the work area to shrink (\(session.workArea()))") {
            session.workArea() == [0, 0, 2560, 800 - h]
        }
        let right = try session.maximizedArea(at: 1400, 100)
        #expect(right.x == 1280 && right.maxY == 800, "\(right)")
        let left = try session.maximizedArea(at: 100, 100)
        #expect(left.x == 0 && left.maxY == 800 - h, "\(left)")
    }

    @Test func monitorPicksTheOtherOne() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--dock", "bottom", "--monitor", "RIGHT"])
        let h = kb.info.height
        #expect(kb.info.x == 1280 && kb.info.width == 1280 && kb.info.y == 800 - h, "\(kb.info)")
        #expect(session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, h, 0, 0, 0, 0, 0, 0, 1280, 2559])
        #expect(session.status(["--monitor"]) == "RIGHT 1280x800+1280+0")
        let left = try session.maximizedArea(at: 100, 100)
        #expect(left.x == 0 && left.maxY == 800, "\(left)")
        let right = try session.maximizedArea(at: 1400, 100)
        #expect(right.x == 1280 && right.maxY == 800 - h, "\(right)")

        // The alternates of e (a row wider than the space left of the key) stay on RIGHT.
        let e = try kb.key("e")
        kb.pointer([kb.at(e.center.x, e.center.y), "down"])
        var popup: WindowInfo?
        try Wait.require(timeout: 10, "the alternates popup") { popup = session.viewablePopup(); return popup != nil }
        kb.pointer(["up"])
        let shown = try #require(popup)
        #expect(shown.x == 1280 && shown.width > e.center.x, "\(shown), e at \(e.center.x) in the keyboard")
    }

    @Test func aSmallerModeWhileRunningDocksAtTheNewBottomWithNewStrutsAndTapsStillType() throws {
        let session = try MonitorSession(width: 1280, height: 800,
                                         modes: [Size(width: 1024, height: 768), Size(width: 800, height: 1280)])
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--dock", "bottom", "--print"])
        #expect(kb.info.width == 1280 && kb.info.y + kb.info.height == 800)
        try session.touch(["q"], on: kb)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "q" } != nil, "stderr: \(kb.child.stderr)")

        try session.resize(to: Size(width: 1024, height: 768))
        try Wait.require(timeout: 10, "the keyboard docked along the new bottom (\(kb.info))") {
            try kb.refresh()
            return kb.info.x == 0 && kb.info.width == 1024 && kb.info.height == 256 && kb.info.y == 512
        }
        try Wait.require(timeout: 10, "new struts (\(session.cardinals(kb, "_NET_WM_STRUT_PARTIAL")))") {
            session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, 256, 0, 0, 0, 0, 0, 0, 0, 1023]
        }
        try Wait.require(timeout: 10, "openbox's work area above the keyboard (\(session.workArea()))") {
            session.workArea() == [0, 0, 1024, 512]
        }
        #expect(session.status(["--geometry"]) == "1024x256+0+512")
        try session.touch(["w", "e"], on: kb, firstID: 2)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "e" } != nil, "stdout: \(kb.child.stdout)")

        // Portrait, as after a rotation: a third of the new height, the new width.
        try session.resize(to: Size(width: 800, height: 1280))
        try Wait.require(timeout: 10, "the keyboard docked along the portrait bottom (\(kb.info))") {
            try kb.refresh()
            return kb.info.width == 800 && kb.info.height == 427 && kb.info.y == 1280 - 427
        }
        try Wait.require(timeout: 10, "portrait struts") {
            session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, 427, 0, 0, 0, 0, 0, 0, 0, 799]
        }
        try session.touch(["r", "t"], on: kb, firstID: 4)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "t" } != nil, "stdout: \(kb.child.stdout)")
        #expect(kb.printed == ["q", "w", "e", "r", "t"])
    }

    @Test func aKeyboardDockedWithTheGripStaysDockedThroughAModeChange() throws {
        let session = try MonitorSession(width: 1280, height: 800, modes: [Size(width: 1024, height: 768)])
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--geometry", "900x300+100+300", "--print"])
        let grip = try kb.key("✥")
        kb.pointer([kb.at(grip.center.x, grip.center.y), "tap", "tap"])
        try kb.waitForFrame((0, 500, 1280, 300))
        try session.resize(to: Size(width: 1024, height: 768))
        try kb.waitForFrame((0, 468, 1024, 300))
        try Wait.require(timeout: 10, "struts of the dock (\(session.cardinals(kb, "_NET_WM_STRUT_PARTIAL")))") {
            session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, 300, 0, 0, 0, 0, 0, 0, 0, 1023]
        }
        #expect(kb.printed.isEmpty)
    }

    @Test func withTwoMonitorsTheGripDocksAlongTheKeyboardsOwnMonitor() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--monitor", "RIGHT", "--geometry", "900x300+100+300", "--print"])
        #expect(kb.info.x == 1380 && kb.info.y == 300, "\(kb.info)")
        let grip = try kb.key("✥")
        kb.pointer([kb.at(grip.center.x, grip.center.y), "tap", "tap"])
        try kb.waitForFrame((1280, 500, 1280, 300))
        try Wait.require(timeout: 10, "struts of RIGHT's columns (\(session.cardinals(kb, "_NET_WM_STRUT_PARTIAL")))") {
            session.cardinals(kb, "_NET_WM_STRUT_PARTIAL") == [0, 0, 0, 300, 0, 0, 0, 0, 0, 0, 1280, 2559]
        }
    }

    @Test func aFloatingKeyboardThatNoLongerFitsIsScaledAndKeptOnTheScreen() throws {
        let session = try MonitorSession(width: 1280, height: 800, modes: [Size(width: 800, height: 600)])
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--geometry", "1000x300+100+450", "--print"])
        #expect(kb.info.x == 100 && kb.info.y == 450 && kb.info.width == 1000)
        try session.resize(to: Size(width: 800, height: 600))
        try Wait.require(timeout: 10, "the keyboard scaled to 800x240 inside the screen (\(kb.info))") {
            try kb.refresh()
            return kb.info.x == 0 && kb.info.y == 360 && kb.info.width == 800 && kb.info.height == 240
        }
        try session.touch(["a"], on: kb)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "a" } != nil, "stdout: \(kb.child.stdout)")
        // Back to the first mode: where it was.
        try session.resize(to: Size(width: 1280, height: 800))
        try Wait.require(timeout: 10, "the keyboard back at 1000x300+100+450 (\(kb.info))") {
            try kb.refresh()
            return kb.info.x == 100 && kb.info.y == 450 && kb.info.width == 1000 && kb.info.height == 300
        }
    }

    @Test func touchesOnTheSecondMonitorTypeAndAMonitorThatGoesSendsTheKeyboardToTheOneLeft() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let kb = try RunningKeyboard(session.xorg, ["--monitor", "RIGHT", "--geometry", "1000x300+100+450", "--print"])
        #expect(kb.info.x == 1380 && kb.info.y == 450, "\(kb.info)")
        try session.touch(["s", "d"], on: kb)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "d" } != nil, "stdout: \(kb.child.stdout), stderr: \(kb.child.stderr)")

        try session.xrandr(["--delmonitor", "RIGHT"])
        try session.waitForMonitors(["LEFT"])
        try Wait.require(timeout: 10, "the keyboard on LEFT (\(kb.info))") {
            try kb.refresh()
            return kb.info.x == 100 && kb.info.y == 450
        }
        #expect(session.status(["--monitor"]) == "LEFT 1280x800+0+0")
        #expect(Wait.until(timeout: 10) { kb.child.stderr.contains("monitor RIGHT is gone: the keyboard moves to LEFT") },
                "stderr: \(kb.child.stderr)")
        try session.touch(["f"], on: kb, firstID: 3)
        #expect(kb.child.waitForLine(timeout: 10) { $0 == "f" } != nil, "stdout: \(kb.child.stdout)")

        // The named monitor comes back: so does the keyboard.
        try session.xrandr(["--setmonitor", "RIGHT", "1280/300x800/200+1280+0", "none"])
        try Wait.require(timeout: 10, "the keyboard back on RIGHT (\(kb.info))") {
            try kb.refresh()
            return kb.info.x == 1380 && kb.info.y == 450
        }
        #expect(kb.printed == ["s", "d", "f"])
    }

    @Test func focusPutsTheKeyboardOnTheActiveWindowsMonitorEachTimeItIsShown() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let onRight = try session.xorg.spawn(try Tools.cTool("fullscreen"), ["-M", "1400,100"])
        try Wait.require(timeout: 10, "the window on RIGHT (\(onRight.stdout))") { onRight.stdout.contains("FOCUSIN") }
        let kb = try RunningKeyboard(session.xorg, ["--monitor", "focus", "--dock", "bottom"])
        #expect(kb.info.x == 1280, "\(kb.info)")
        #expect(session.status(["--monitor"]) == "RIGHT 1280x800+1280+0")

        let hide = session.xorg.run(Tools.stackboard, ["hide"])
        #expect(hide.status == 0, "\(hide.stderr)")
        try Wait.require(timeout: 10, "the keyboard hidden") { session.status([]) == "hidden" }
        let onLeft = try session.xorg.spawn(try Tools.cTool("fullscreen"), ["-M", "100,100"])
        try Wait.require(timeout: 10, "the window on LEFT (\(onLeft.stdout))") { onLeft.stdout.contains("FOCUSIN") }
        let show = session.xorg.run(Tools.stackboard, ["show"])
        #expect(show.status == 0, "\(show.stderr)")
        try Wait.require(timeout: 10, "the keyboard on LEFT (\(kb.info))") {
            try kb.refresh()
            return kb.info.viewable && kb.info.x == 0
        }
        #expect(session.status(["--monitor"]) == "LEFT 1280x800+0+0")
        try Wait.require(timeout: 10, "the struts of LEFT") {
            session.cardinals(kb, "_NET_WM_STRUT_PARTIAL").suffix(2) == [0, 1279]
        }
    }
}

/// `--monitor focus` with `--auto-show`: the keyboard goes to the monitor of the focused field
/// (a GTK 3 window on a real AT-SPI bus, on Xorg's dummy screen split in two).
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil
                    && FileManager.default.isExecutableFile(atPath: "/usr/libexec/at-spi-bus-launcher"),
                "Xorg or at-spi2-core is missing here"))
struct MonitorAutoShowTests {
    @Test func autoShowPutsAFocusKeyboardOnTheFocusedFieldsMonitor() throws {
        let session = try MonitorSession(width: 2560, height: 800, sideBySide: true)
        defer { session.close() }
        let bus = try BusSession(x: session.xorg)
        let keyboard = try RunningKeyboard(session.xorg, ["--auto-show", "--monitor", "focus", "--dock", "bottom"],
                                           env: bus.environment, until: "hidden")
        try AutoShowKeyboardTests.waitUntilListening(bus)
        let right = try FocusTarget.start(on: bus, at: Point(x: 1400, y: 100))
        #expect(right.widgets["text"].map { $0.x >= 1280 } == true, "\(right.widgets)")
        right.click("text", on: session.xorg)
        try keyboard.waitForState("shown")
        #expect(session.status(["--monitor"]) == "RIGHT 1280x800+1280+0")
        #expect(session.status(["--geometry"]).hasSuffix("+1280+\(800 - 267)"), "\(session.status(["--geometry"]))")

        let left = try FocusTarget.start(on: bus, at: Point(x: 100, y: 100))
        left.click("text", on: session.xorg)
        try Wait.require(timeout: 20, "the keyboard on LEFT (\(session.status(["--monitor"])))") {
            session.status(["--monitor"]) == "LEFT 1280x800+0+0" && session.status(["--geometry"]).hasSuffix("+0+\(800 - 267)")
        }
    }
}

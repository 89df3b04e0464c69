import CX11
import Foundation
import StackboardCore
import Testing
@testable import StackboardX11

/// `TouchInput` on a real touchscreen: Xorg with the inputtest driver (XorgTouchSession), a
/// window in this process, touches played through the driver's socket.
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil,
                "Xorg touch server cannot start here: \(XorgTouchSession.unavailableReason ?? "")"))
struct TouchInputTests {
    /// With hover (dwell) the window takes pointer events as XI2 events to drop the emulated ones.
    @Test func twoFingersAreTwoPointersAndMiceStillWorkWithHover() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let win = try TouchTestWindow(display: session.display, hover: true)
        let touch = session.touchscreen

        // Finger A holds, finger B taps while A is down, then A slides and lifts.
        let a = win.screen(100, 100), b = win.screen(500, 200), a2 = win.screen(120, 110)
        try touch.down(11, x: a.x, y: a.y)
        try touch.down(12, x: b.x, y: b.y)
        try touch.move(11, x: a2.x, y: a2.y)
        try touch.up(12, x: b.x, y: b.y)
        try touch.up(11, x: a2.x, y: a2.y)
        try touch.sync()
        let got = win.collect(now: 1) { $0.count >= 5 }
        #expect(got == [
            .press(pointer: 1, at: Point(x: 100, y: 100)),
            .press(pointer: 2, at: Point(x: 500, y: 200)),
            .move(pointer: 1, to: Point(x: 120, y: 110)),
            .release(pointer: 2, at: Point(x: 500, y: 200)),
            .release(pointer: 1, at: Point(x: 120, y: 110)),
        ])
        // The first finger moved the pointer (emulation): that motion was taken and dropped,
        // and no core pointer event reached the window.
        win.roundTrip(now: 1)
        #expect(win.ignored >= 1)
        #expect(win.core.isEmpty, "emulated pointer events leaked: \(win.core)")
        #expect(win.input.activeTouches == 0)

        // Ids are reused once free; the next finger is pointer 1 again, wherever it lands.
        let c = win.screen(799, 399)
        try touch.down(13, x: c.x, y: c.y)
        try touch.up(13, x: c.x, y: c.y)
        try touch.sync()
        #expect(win.collect(now: 2) { $0.count >= 2 } == [
            .press(pointer: 1, at: Point(x: 799, y: 399)),
            .release(pointer: 1, at: Point(x: 799, y: 399)),
        ])
        #expect(win.core.isEmpty, "emulated pointer events leaked: \(win.core)")

        // A mouse (XTest) still arrives, as core events with window coordinates and button state,
        // hover included.
        try Self.dragWithMouse(session, win)
        #expect(win.core.contains { $0.type == MotionNotify && $0.x == 300 && $0.y == 50 && $0.state == 0 })
        #expect(win.events.count == 7, "the mouse made touch events: \(win.events)")
    }

    /// Presses the mouse at window point (300, 50), drags to (310, 60) and releases; checks the
    /// window got that as core events.
    static func dragWithMouse(_ session: XorgTouchSession, _ win: TouchTestWindow) throws {
        let m = win.screen(300, 50), m2 = win.screen(310, 60)
        let r = session.run("xdotool", ["mousemove", "\(m.x)", "\(m.y)", "mousedown", "1",
                                        "mousemove", "\(m2.x)", "\(m2.y)", "mouseup", "1"])
        #expect(r.status == 0, "xdotool: \(r.stderr)")
        try session.waitUntil(timeout: 5, "the mouse release, got \(win.core)") {
            win.drain(now: 3)
            return win.core.contains { $0.type == ButtonRelease }
        }
        let presses = win.core.filter { $0.type == ButtonPress }
        let releases = win.core.filter { $0.type == ButtonRelease }
        #expect(presses == [.init(type: ButtonPress, x: 300, y: 50, button: 1, state: 0)])
        #expect(releases == [.init(type: ButtonRelease, x: 310, y: 60, button: 1, state: UInt32(Button1Mask))])
        #expect(win.core.contains { $0.type == MotionNotify && $0.x == 310 && $0.y == 60 && $0.state & UInt32(Button1Mask) != 0 })
    }

    /// Without hover the window keeps plain core pointer events: no emulated one reaches it.
    @Test func unfinishedTouchesExpireAndVanishedDevicesCancelWithoutHover() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let win = try TouchTestWindow(display: session.display, hover: false)
        let touch = session.touchscreen

        // A finger that goes down and is never heard of again: cancelled after the timeout.
        let p = win.screen(200, 100)
        try touch.down(21, x: p.x, y: p.y)
        try touch.sync()
        #expect(win.collect(now: 500) { !$0.isEmpty } == [.press(pointer: 1, at: Point(x: 200, y: 100))])
        #expect(win.input.nextDeadline == 510)
        #expect(win.input.expire(now: 509.9) == [])
        #expect(win.input.expire(now: 510) == [.cancel(pointer: 1)])
        #expect(win.input.nextDeadline == nil)
        // Its late end changes nothing.
        try touch.up(21, x: p.x, y: p.y)
        try touch.sync()
        let ignoredBefore = win.ignored
        try session.waitUntil(timeout: 5, "the late TouchEnd") { win.drain(now: 600); return win.ignored > ignoredBefore }
        #expect(win.events.count == 1)
        #expect(win.core.isEmpty, "emulated pointer events reached the window: \(win.core)")
        try Self.dragWithMouse(session, win)
        #expect(!win.core.contains { $0.type == MotionNotify && $0.state == 0 }, "hover without hover tracking: \(win.core)")

        // A finger held while the touchscreen is disabled (as when unplugged): the server ends
        // the touch, and that end is a cancel, not a tap. (This tears down the driver's socket,
        // so it comes last.)
        let q = win.screen(400, 300)
        try touch.down(22, x: q.x, y: q.y)
        try touch.sync()
        #expect(win.collect(now: 700) { !$0.isEmpty } == [.press(pointer: 1, at: Point(x: 400, y: 300))])
        try Self.setTouchscreenEnabled(false, display: session.display)
        let after = win.collect(now: 701) { !$0.isEmpty }
        #expect(after == [.cancel(pointer: 1)])
        win.roundTrip(now: 702)
        #expect(win.events.count == 3)
        #expect(win.input.activeTouches == 0)
        #expect(win.core.filter { $0.type == ButtonPress }.count == 1)
    }

    @Test func aTouchGrabbedByAnotherClientArrivesOnlyIfTheGrabRejectsIt() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let win = try TouchTestWindow(display: session.display, hover: true)
        let touch = session.touchscreen
        let grabber = try TouchGrabber(display: session.display)

        // Grabbed, and the finger lifts before the grabber decides: the keyboard is not the
        // owner yet and sees nothing; once the grab rejects, the whole tap arrives.
        let p = win.screen(150, 120)
        try touch.down(31, x: p.x, y: p.y)
        try touch.up(31, x: p.x, y: p.y)
        try touch.sync()
        let first = try #require(grabber.nextBegin(timeout: 5))
        win.roundTrip(now: 1)
        #expect(win.events.isEmpty)
        grabber.allow(first, XIRejectTouch)
        #expect(win.collect(now: 2) { $0.count >= 2 } == [
            .press(pointer: 1, at: Point(x: 150, y: 120)),
            .release(pointer: 1, at: Point(x: 150, y: 120)),
        ])

        // Accepted by the grabber: the keyboard never sees it. Then the grab goes, and the next
        // tap (sent after, so delivered after anything of the accepted one) is the only one.
        let q = win.screen(250, 220)
        try touch.down(32, x: q.x, y: q.y)
        try touch.sync()
        let second = try #require(grabber.nextBegin(timeout: 5))
        grabber.allow(second, XIAcceptTouch)
        try touch.up(32, x: q.x, y: q.y)
        try touch.sync()
        grabber.ungrab()
        let r = win.screen(350, 320)
        try touch.down(33, x: r.x, y: r.y)
        try touch.up(33, x: r.x, y: r.y)
        try touch.sync()
        #expect(win.collect(now: 3) { $0.count >= 2 } == [
            .press(pointer: 1, at: Point(x: 350, y: 320)),
            .release(pointer: 1, at: Point(x: 350, y: 320)),
        ])
        #expect(win.events.count == 4, "events of the accepted touch reached the keyboard: \(win.events)")
    }

    /// Sets the inputtest device's "Device Enabled" property from a connection of its own.
    static func setTouchscreenEnabled(_ enabled: Bool, display name: String) throws {
        guard let display = XOpenDisplay(name) else { throw XSession.Failure(description: "cannot open \(name)") }
        defer { XCloseDisplay(display) }
        var count: Int32 = 0
        guard let devices = XIQueryDevice(display, XIAllDevices, &count) else { throw XSession.Failure(description: "XIQueryDevice failed") }
        defer { XIFreeDeviceInfo(devices) }
        let touchscreen = (0..<Int(count)).first { devices[$0].use == XISlavePointer && String(cString: devices[$0].name) == "touchscreen" }
        guard let index = touchscreen else { throw XSession.Failure(description: "no touchscreen device on \(name)") }
        let property = XInternAtom(display, "Device Enabled", 0)
        var value: UInt8 = enabled ? 1 : 0
        XIChangeProperty(display, devices[index].deviceid, property, XA_INTEGER, 8, PropModeReplace, &value, 1)
        XSync(display, 0)
    }
}

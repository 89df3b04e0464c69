import CX11
import Foundation
import Testing

/// The keyboard window on a real touchscreen (Xorg + inputtest): fingers type, two fingers
/// hold Shift and tap a letter, and a tap never types twice.
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil,
                "Xorg touch server cannot start here: \(XorgTouchSession.unavailableReason ?? "")"))
struct TouchKeyboardTests {
    /// A key's centre on the screen.
    struct KeyFrame {
        var center: (x: Int, y: Int)
    }

    @Test func twoFingersTypeACapitalAndOneFingerTypesOnce() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let running = try RunningKeyboard(session, ["--print", "--geometry", "1000x300+100+450"])
        let keyboard = running.child
        let keys = try Self.keyFrames(running)
        let shift = try #require(keys["shift"]), a = try #require(keys["a"])
        let s = try #require(keys["s"]), d = try #require(keys["d"])
        let touch = session.touchscreen

        // Finger 1 holds Shift, finger 2 taps a, finger 1 lets go: one capital A.
        try touch.down(1, x: shift.center.x, y: shift.center.y)
        try touch.sync()
        try touch.down(2, x: a.center.x, y: a.center.y)
        try touch.up(2, x: a.center.x, y: a.center.y)
        try touch.sync()
        try touch.up(1, x: shift.center.x, y: shift.center.y)
        try touch.sync()
        #expect(keyboard.waitForLine(timeout: 10) { $0 == "A" } != nil, "stdout: \(keyboard.stdout), stderr: \(keyboard.stderr)")

        // Shift was used while held, so it does not stay latched: the next a is lowercase.
        try Self.tap(touch, a, id: 3)
        #expect(keyboard.waitForLine(timeout: 10) { $0 == "a" } != nil, "stdout: \(keyboard.stdout)")

        // One finger, one tap, one character (the pointer emulation of the first finger does not
        // press the key a second time): tap s, then d as a marker that everything before it is in.
        try Self.tap(touch, s, id: 4)
        try Self.tap(touch, d, id: 5)
        #expect(keyboard.waitForLine(timeout: 10) { $0 == "d" } != nil, "stdout: \(keyboard.stdout)")
        #expect(Self.lines(keyboard.stdout) == ["A", "a", "s", "d"])

        // The mouse still types (its XI2 events become core events for the window).
        let m = a.center
        let r = session.run("xdotool", ["mousemove", "\(m.x)", "\(m.y)", "click", "1"])
        #expect(r.status == 0, "xdotool: \(r.stderr)")
        #expect(keyboard.waitForLine(timeout: 10) { _ in Self.lines(keyboard.stdout).count == 5 } != nil)
        #expect(Self.lines(keyboard.stdout) == ["A", "a", "s", "d", "a"])
        keyboard.stop()
    }

    /// With dwell the window tracks hover, and the pointer jumps to each first finger. That
    /// jump is no hover: while another client's touch grab holds the finger for longer than the
    /// dwell time (a gesture daemon deciding), nothing dwells on s; once the grab passes the
    /// touch on, it types s once. Then the marker d.
    @Test func withDwellTheJumpOfThePointerToAFingerIsNoHover() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let running = try RunningKeyboard(session, ["--print", "--dwell", "200", "--geometry", "1000x300+100+450"])
        let dwelling = running.child
        let keys = try Self.keyFrames(running)
        let s = try #require(keys["s"]), d = try #require(keys["d"])
        let touch = session.touchscreen
        let grabber = try TouchGrabber(display: session.display)
        try Self.tap(touch, s, id: 6)
        let held = try #require(grabber.nextBegin(timeout: 5))
        // The grab holds the finger for four dwell times (a hold: the situation under test);
        // what follows waits for s, then for the marker d.
        usleep(800_000)
        grabber.allow(held, XIRejectTouch)
        #expect(dwelling.waitForLine(timeout: 10) { $0 == "s" } != nil, "stdout: \(dwelling.stdout), stderr: \(dwelling.stderr)")
        grabber.ungrab()
        try Self.tap(touch, d, id: 7)
        #expect(dwelling.waitForLine(timeout: 10) { $0 == "d" } != nil, "stdout: \(dwelling.stdout)")
        #expect(Self.lines(dwelling.stdout) == ["s", "d"])
        dwelling.stop()
    }

    private static func tap(_ touch: InputTestDevice, _ key: KeyFrame, id: UInt32) throws {
        try touch.down(id, x: key.center.x, y: key.center.y)
        try touch.up(id, x: key.center.x, y: key.center.y)
        try touch.sync()
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The screen centres of the keys of the layout shown first: by action name for non-text
    /// keys (first one wins), by text for text keys.
    private static func keyFrames(_ keyboard: RunningKeyboard) throws -> [String: KeyFrame] {
        var frames: [String: KeyFrame] = [:]
        for key in try keyboard.keys() {
            let name = key.text ?? key.action
            if frames[name] == nil {
                frames[name] = KeyFrame(center: (keyboard.info.x + key.center.x, keyboard.info.y + key.center.y))
            }
        }
        return frames
    }
}

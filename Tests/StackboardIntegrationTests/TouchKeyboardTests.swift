import CX11
import Foundation
import Testing

/// The keyboard window on a real touchscreen (Xorg + inputtest): fingers type, two fingers
/// hold Shift and tap a letter, and a tap never types twice.
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil,
                "Xorg touch server cannot start here: \(XorgTouchSession.unavailableReason ?? "")"))
struct TouchKeyboardTests {
    /// A key's frame on the screen, from `stackboard keys` and the window's position.
    struct KeyFrame {
        var x: Int, y: Int, width: Int, height: Int
        var center: (x: Int, y: Int) { (x + width / 2, y + height / 2) }
    }

    @Test func twoFingersTypeACapitalAndOneFingerTypesOnce() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let keyboard = try session.spawn(Tools.stackboard, ["--print", "--geometry", "1000x300+100+450"])
        let window = try Self.findWindow(session, keyboard)
        let keys = try Self.keyFrames(session, size: (window.width, window.height), origin: (window.x, window.y))
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
        let dwelling = try session.spawn(Tools.stackboard, ["--print", "--dwell", "200", "--geometry", "1000x300+100+450"])
        let window = try Self.findWindow(session, dwelling)
        let keys = try Self.keyFrames(session, size: (window.width, window.height), origin: (window.x, window.y))
        let s = try #require(keys["s"]), d = try #require(keys["d"])
        let touch = session.touchscreen
        let grabber = try TouchGrabber(display: session.display)
        try Self.tap(touch, s, id: 6)
        let held = try #require(grabber.nextBegin(timeout: 5))
        usleep(800_000)
        grabber.allow(held, XIRejectTouch)
        #expect(dwelling.waitForLine(timeout: 10) { $0 == "s" } != nil, "stdout: \(dwelling.stdout), stderr: \(dwelling.stderr)")
        grabber.ungrab()
        try Self.tap(touch, d, id: 7)
        #expect(dwelling.waitForLine(timeout: 10) { $0 == "d" } != nil, "stdout: \(dwelling.stdout)")
        #expect(Self.lines(dwelling.stdout) == ["s", "d"])
        dwelling.stop()
    }

    private static func tap(_ touch: InputTestTouchscreen, _ key: KeyFrame, id: UInt32) throws {
        try touch.down(id, x: key.center.x, y: key.center.y)
        try touch.up(id, x: key.center.x, y: key.center.y)
        try touch.sync()
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// The keyboard window's position and size on the screen once it is viewable.
    private static func findWindow(_ session: XorgTouchSession, _ keyboard: Child) throws -> (x: Int, y: Int, width: Int, height: Int) {
        var found: (Int, Int, Int, Int)?
        try session.waitUntil(timeout: 15, "the keyboard window (stderr: \(keyboard.stderr))") {
            let out = session.run("xwininfo", ["-name", "Stackboard"]).stdout
            func value(_ label: String) -> Int? {
                out.split(separator: "\n").first { $0.contains(label) }
                    .flatMap { $0.split(separator: ":").last }
                    .flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
            }
            guard out.contains("IsViewable"), let x = value("Absolute upper-left X"), let y = value("Absolute upper-left Y"),
                  let w = value("Width"), let h = value("Height") else { return false }
            found = (x, y, w, h)
            return true
        }
        guard let (x, y, w, h) = found else { throw XSession.Failure(description: "no keyboard window") }
        return (x, y, w, h)
    }

    /// The screen frames of the keys of the first layer of qwerty: by action name for non-text
    /// keys (first one wins), by text for text keys.
    private static func keyFrames(_ session: XorgTouchSession, size: (Int, Int), origin: (Int, Int)) throws -> [String: KeyFrame] {
        let r = session.run(Tools.stackboard, ["keys", "--layout", "qwerty", "--size", "\(size.0)x\(size.1)"])
        guard r.status == 0 else { throw XSession.Failure(description: "stackboard keys: \(r.stderr)") }
        var frames: [String: KeyFrame] = [:]
        for line in r.stdout.split(separator: "\n") {
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let action = object["action"] as? String,
                  let x = object["x"] as? Int, let y = object["y"] as? Int,
                  let w = object["width"] as? Int, let h = object["height"] as? Int else { continue }
            let name = (object["text"] as? String) ?? action
            if frames[name] == nil { frames[name] = KeyFrame(x: origin.0 + x, y: origin.1 + y, width: w, height: h) }
        }
        return frames
    }
}

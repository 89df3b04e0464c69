import CX11
import Foundation
import StackboardCore
import StackboardKit
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// StackboardKit's `Keypad` in a host window of this test process: the host owns the display
/// and the loop and forwards events; taps (XTest, from the pointer tool) reach the delegate.
@Suite struct EmbedKeypadTests {
    /// Records every delegate call as one line; refuses the inserts in `refuse`.
    final class Recorder: KeypadDelegate {
        var calls: [String] = []
        var refuse: Set<String> = []
        func keypad(_ keypad: Keypad, shouldInsert text: String, into current: String) -> Bool {
            calls.append("should \(text) into '\(current)'")
            return !refuse.contains(text)
        }
        func keypad(_ keypad: Keypad, didInsert text: String) { calls.append("insert \(text)") }
        func keypadDidDeleteBackward(_ keypad: Keypad) { calls.append("backspace") }
        func keypadDidFinish(_ keypad: Keypad) { calls.append("finish") }
        func keypadDidCancel(_ keypad: Keypad) { calls.append("cancel") }
        func keypad(_ keypad: Keypad, didReject reason: RejectReason) { calls.append("reject \(reason.code)") }
        func keypad(_ keypad: Keypad, didChange event: EntryEvent) { calls.append("change \(event.name)") }
    }

    /// A host: a top-level window on its own connection, with a keypad in it.
    final class Host {
        let display: OpaquePointer
        let window: Window
        var keypad: Keypad?

        init(_ session: XSession) throws {
            guard let display = XOpenDisplay(session.display) else { throw XSession.Failure(description: "no display") }
            self.display = display
            XSetErrorHandler { _, _ in 0 } // a test must not exit on a protocol error
            let root = XDefaultRootWindow(display)
            window = XCreateSimpleWindow(display, root, 40, 40, 500, 600, 0, 0, 0x336699)
            XStoreName(display, window, "keypad host")
            XSelectInput(display, window, ExposureMask | StructureNotifyMask)
            // A window manager that is still starting can drop a map request: ask again until mapped.
            var mapped = false
            for _ in 0..<20 where !mapped {
                XMapWindow(display, window)
                mapped = pump(timeout: 0.5) { event in event?.type == MapNotify && event?.xmap.window == self.window }
            }
            guard mapped else { throw XSession.Failure(description: "the host window was not mapped") }
        }

        /// Handles events (the keypad's first) until `done` says so for one of them or for the
        /// state after a batch (called with nil); runs the keypad's timers. False on timeout.
        @discardableResult
        func pump(timeout: Double, _ done: (XEvent?) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    if keypad?.handle(event: &event) == true { continue }
                    if done(event) { return true }
                }
                if let keypad, let due = keypad.nextDeadline, due <= Keypad.now() { keypad.advance(to: Keypad.now()) }
                if done(nil) { return true }
                usleep(5_000)
            }
            return false
        }

        /// The root position of a point in the host window.
        func rootPoint(_ x: Int, _ y: Int) -> String {
            var rx: Int32 = 0, ry: Int32 = 0
            var child: Window = 0
            XTranslateCoordinates(display, window, XDefaultRootWindow(display), Int32(x), Int32(y), &rx, &ry, &child)
            return "\(rx),\(ry)"
        }

        deinit {
            keypad = nil // the keypad's window goes before the display
            XDestroyWindow(display, window)
            XCloseDisplay(display)
        }
    }

    /// Taps keys of `keypad` by label, with the frames `stackboard keys` gives at its size.
    private func tap(_ labels: [String], host: Host, session: XSession) throws {
        let keypad = try #require(host.keypad)
        let frame = keypad.frame
        let keys = try RunningEntry.frames(session, layout: "code", size: "\(frame.width)x\(frame.height)", entry: false)
        var steps: [String] = []
        for label in labels {
            let key = try #require(keys.first { $0.label == label }, "no key '\(label)'")
            steps += [host.rootPoint(frame.x + key.center.x, frame.y + key.center.y), "tap"]
        }
        let r = session.run(try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"]), steps)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func tapsReachTheDelegateWithValidationAndBackspaceOnEmpty() throws {
        let session = try XSession()
        defer { session.close() }
        let host = try Host(session)
        let keypad = try Keypad(display: host.display, parent: UInt(host.window),
                                frame: Rect(x: 20, y: 150, width: 360, height: 400), layout: "code", theme: "dark")
        host.keypad = keypad
        let recorder = Recorder()
        keypad.delegate = recorder
        #expect(keypad.rules.maxLength == 10, "the code layout's preset")

        let done = try #require(try RunningEntry.frames(session, layout: "code", size: "360x400", entry: false)
            .first { $0.action == "done" }?.label)
        recorder.refuse = ["3"]
        try tap(["1", "2", "3", "⌫", "⌫", "⌫", "7", done], host: host, session: session)
        let expected = [
            "should 1 into ''", "insert 1",
            "should 2 into '1'", "insert 2",
            "should 3 into '12'", "reject not-allowed",
            "backspace", "backspace", "backspace",
            "should 7 into ''", "insert 7",
            "finish",
        ]
        host.pump(timeout: 10) { _ in recorder.calls.count >= expected.count }
        #expect(recorder.calls == expected)
        #expect(keypad.text == "7")
    }

    @Test func theHostMovesTheKeypadAndSetsItsText() throws {
        let session = try XSession()
        defer { session.close() }
        let host = try Host(session)
        let keypad = try Keypad(display: host.display, parent: UInt(host.window),
                                frame: Rect(x: 0, y: 0, width: 200, height: 200), layout: "code")
        host.keypad = keypad
        let recorder = Recorder()
        keypad.delegate = recorder
        keypad.setText("99")
        keypad.setFrame(Rect(x: 100, y: 200, width: 300, height: 360))
        // Let the move and the exposes through: after a round trip (XSync) every event of the
        // move is queued, and `pump` asks once the queue is handled, when the frame is the new one.
        func frame() -> (Int32, Int32, Int32, Int32) {
            var attributes = XWindowAttributes()
            XGetWindowAttributes(host.display, Window(keypad.windowID), &attributes)
            return (attributes.x, attributes.y, attributes.width, attributes.height)
        }
        XSync(host.display, 0)
        #expect(host.pump(timeout: 10) { event in event == nil && frame() == (100, 200, 300, 360) })
        try tap(["5", "⌫", "⌫"], host: host, session: session)
        host.pump(timeout: 10) { _ in recorder.calls.count >= 4 }
        #expect(recorder.calls == ["should 5 into '99'", "insert 5", "backspace", "backspace"])
        #expect(keypad.text == "9")
        // The keypad's window is where the host put it.
        #expect(frame() == (100, 200, 300, 360))
    }
}

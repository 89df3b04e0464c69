import CX11
import Foundation
import Testing
@testable import StackboardX11

/// The injector reads a changed keymap while it is idle, not between a release and its key: a
/// change another program makes (xmodmap here; setxkbmap, or the core keyboard switching to
/// another device, likewise) is in its map before anything is typed, and a key planned ahead
/// in the old map is forgotten so that its release plans again in the new one. So the first
/// tap after a change can go out the moment its release arrives.
@Suite struct InjectorIdleRefreshTests {
    /// `ssharp` (ß), which the us map does not have.
    let keysym: UInt = 0x00df

    @Test func aKeymapChangeIsReadWhileIdleNotAtTheNextKey() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        // On the keyboard's connection, as the keyboard runs it: its loop reads the events and
        // hands them to the injector, then runs `expireIdle` when the injector's deadline is due.
        let display = try #require(XOpenDisplay(session.display))
        defer { XCloseDisplay(display) }
        let injector = try Injector(display: display)
        defer { injector.shutdown() }
        func turn() {
            var event = XEvent()
            while XPending(display) > 0 {
                XNextEvent(display, &event)
                _ = injector.handle(xEvent: &event)
            }
            if let due = injector.nextDeadline, due <= injector.clock() { injector.expireIdle(now: injector.clock()) }
        }
        // The map is read at the start; the keymap record (what other Stackboard processes
        // borrow) is not yet: due at once, and read at the first idle turn.
        #expect(!injector.schedule.stale)
        #expect(injector.schedule.recordChanged)
        #expect(injector.nextDeadline == 0)
        turn()
        #expect(!injector.schedule.recordChanged)
        #expect(injector.nextDeadline == nil, "nothing left to do once read")
        let keycode = try #require(injector.free.last, "the us map has empty keycodes")
        #expect(injector.map?.allKeysyms(keycode).contains(keysym) == false)
        #expect(injector.armKey("q"), "q is in the map: planned ahead")

        let r = session.run("xmodmap", ["-e", "keycode \(keycode) = ssharp"])
        try #require(r.status == 0, "xmodmap: \(r.stderr)")
        // What the keyboard's loop does each turn: the notification marks the map stale, the
        // same idle turn reads it again. No key is typed.
        try session.waitUntil(timeout: 10, "the injector to read the changed keymap at idle") {
            turn()
            return injector.map?.allKeysyms(keycode).contains(keysym) == true
        }
        #expect(!injector.schedule.stale)
        #expect(injector.nextDeadline == nil)
        #expect(!injector.sendArmedKey(), "the key planned in the old map is not sent")
        #expect(injector.armKey("q"), "planned again in the new map")
        injector.disarmKey()
        // Putting the keycode back is a change too, read the same way.
        #expect(session.run("xmodmap", ["-e", "keycode \(keycode) ="]).status == 0)
        try session.waitUntil(timeout: 10, "the injector to read the keymap put back") {
            turn()
            return injector.map?.allKeysyms(keycode).contains(keysym) == false
        }
    }
}

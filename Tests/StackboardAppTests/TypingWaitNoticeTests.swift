import Testing
@testable import StackboardApp

/// `stackboard type`'s line about a long wait before it exits: into an application that does
/// not answer `_NET_WM_PING` it waits `--slow-app-ms` per key event before giving borrowed
/// keycodes back, and says so rather than seeming to hang.
@Suite struct TypingWaitNoticeTests {
    @Test func aShortWaitIsNotTold() {
        #expect(TypingSession.waitNotice(seconds: 0, keycodes: 3) == nil)
        #expect(TypingSession.waitNotice(seconds: 1.99, keycodes: 3) == nil)
    }

    @Test func aLongWaitSaysWhyHowLongAndHowToShortenIt() {
        #expect(TypingSession.waitNotice(seconds: 12.3, keycodes: 2)
            == "stackboard: the focused window does not answer _NET_WM_PING, so it gets --slow-app-ms per key event "
            + "before 2 borrowed keycodes are given back: exiting in 13 s (--slow-app-ms 0 trusts it to keep up)")
        #expect(TypingSession.waitNotice(seconds: 2, keycodes: 1)?.contains("before 1 borrowed keycode is given back: exiting in 2 s") == true)
    }
}

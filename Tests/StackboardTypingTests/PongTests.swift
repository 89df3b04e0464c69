import CX11
import Testing
@testable import StackboardX11

/// docs/x11-facts.md, 13: a pong reaches only clients that select one of the events of the mask
/// its application sent it with; the barrier must see GTK's and Qt's alike. No display: the
/// events are made in memory as the server would deliver them.
@Suite struct PongTests {
    let protocols: Atom = 301, ping: Atom = 302

    /// A pong as an application sends it back to the root window.
    func pong(stamp: UInt) -> XEvent {
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = 0x100
        event.xclient.message_type = protocols
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(ping)
        event.xclient.data.l.1 = Int(bitPattern: stamp)
        return event
    }

    /// Whether the server delivers an event sent with `sentMask` to a client selecting `selected`.
    func delivered(sentWith sentMask: Int, selecting selected: Int) -> Bool { sentMask & selected != 0 }

    @Test func qtsPongWithStructureNotifyReachesTheBarrier() {
        let qt = Int(StructureNotifyMask | SubstructureRedirectMask)
        let gtk = Int(SubstructureNotifyMask | SubstructureRedirectMask)
        #expect(delivered(sentWith: qt, selecting: PingBarrier.pongMask))
        #expect(delivered(sentWith: gtk, selecting: PingBarrier.pongMask))
        #expect(PingBarrier.pongMask & Int(SubstructureRedirectMask) == 0, "Redirect is the window manager's")
        // Seen only through SubstructureNotify (as before), Qt's pong never came.
        #expect(!delivered(sentWith: qt, selecting: Int(SubstructureNotifyMask)))
    }

    @Test func aPongGivesItsStampWhateverMaskBroughtIt() {
        #expect(PingBarrier.pongStamp(of: pong(stamp: 0x1234), protocols: protocols, ping: ping) == 0x1234)
        var other = pong(stamp: 5)
        other.xclient.data.l.0 = 999 // another protocol (WM_DELETE_WINDOW...)
        #expect(PingBarrier.pongStamp(of: other, protocols: protocols, ping: ping) == nil)
        var notify = XEvent()
        notify.type = ConfigureNotify
        #expect(PingBarrier.pongStamp(of: notify, protocols: protocols, ping: ping) == nil)
    }
}

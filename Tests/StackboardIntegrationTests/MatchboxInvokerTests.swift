import CX11
import Foundation
import StackboardCore
import Testing

/// How matchbox-keyboard-im's message reaches a keyboard: sent to the root window with
/// `XSendEvent(dpy, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &ev)`, it is
/// delivered to the clients that selected SubstructureNotifyMask on the root, and to no other.
@Suite struct MatchboxInvokerTests {
    @Test func theMessageReachesAClientThatSelectedSubstructureNotifyOnTheRoot() throws {
        let x = try XSession()
        defer { x.close() }
        guard let listener = XOpenDisplay(x.display), let deaf = XOpenDisplay(x.display),
              let sender = XOpenDisplay(x.display) else { throw XSession.Failure(description: "cannot open \(x.display)") }
        defer { XCloseDisplay(listener); XCloseDisplay(deaf); XCloseDisplay(sender) }
        let root = XDefaultRootWindow(listener)
        XSelectInput(listener, root, SubstructureNotifyMask)
        XSelectInput(deaf, root, PropertyChangeMask)
        XSync(listener, 0); XSync(deaf, 0)

        for name in InvokerCommand.messageTypes {
            for code in [1, 2, 3] {
                var ev = XEvent()
                ev.xclient.type = ClientMessage
                ev.xclient.window = XDefaultRootWindow(sender)
                ev.xclient.message_type = XInternAtom(sender, name, 0)
                ev.xclient.format = 32
                ev.xclient.data.l.0 = code
                XSendEvent(sender, XDefaultRootWindow(sender), 0, SubstructureRedirectMask | SubstructureNotifyMask, &ev)
                XSync(sender, 0)

                var got: InvokerCommand?
                let end = Date().addingTimeInterval(10)
                while got == nil, Date() < end {
                    guard XPending(listener) > 0 else { XSync(listener, 0); continue }
                    var e = XEvent()
                    XNextEvent(listener, &e)
                    if e.type == ClientMessage, e.xclient.message_type == XInternAtom(listener, name, 0) {
                        got = InvokerCommand(code: e.xclient.data.l.0)
                    }
                }
                #expect(got == InvokerCommand(code: code), "\(name) \(code)")
            }
        }
        XSync(deaf, 0)
        var clientMessages = 0
        while XPending(deaf) > 0 {
            var e = XEvent()
            XNextEvent(deaf, &e)
            if e.type == ClientMessage { clientMessages += 1 }
        }
        #expect(clientMessages == 0, "a client without SubstructureNotify on the root got the message")
    }
}

import CX11
import StackboardCore
@testable import StackboardX11
import Testing

/// The X event pump against a private X server: each event goes to the components that want it
/// (by window, by type), in the order they were added; one that uses an event up hides it from
/// those after it; the typed events reach the client in order, then `advance` once per turn; a
/// second connection is read every turn and waited on only while its component says so.
@Suite struct XEventPumpTests {
    /// What the components saw, in order ("A w1": component A, an event of window w1).
    final class Log {
        var entries: [String] = []
    }

    /// A component that notes each event it gets, adds a typed event, and uses it up or not.
    final class Recorder: XEventHandler {
        let name: String
        let routes: [XEventRoute]
        let usesUp: Bool
        let makes: WindowEvent
        let log: Log
        let windows: [UInt: String]

        init(_ name: String, routes: [XEventRoute], usesUp: Bool, makes: WindowEvent, log: Log, windows: [UInt: String]) {
            (self.name, self.routes, self.usesUp, self.makes, self.log, self.windows) = (name, routes, usesUp, makes, log, windows)
        }

        func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
            guard event.pointer.pointee.type == PropertyNotify else { return false } // the windows' own creation news
            log.entries.append("\(name) \(windows[UInt(event.pointer.pointee.xproperty.window)] ?? "?")")
            batch.append(makes)
            return usesUp
        }
    }

    /// The application's side: the typed events and the turns.
    final class Client: XEventPumpClient {
        var events: [WindowEvent] = []
        var advances = 0
        func handle(_ event: WindowEvent, now: Double) { events.append(event) }
        func advance(to now: Double) { advances += 1 }
        var nextDeadline: Double? { nil }
    }

    /// An unmapped window of `connection` that reports its property changes.
    func window(_ connection: XConnection) -> UInt {
        let id = XCreateSimpleWindow(connection.display, connection.root, 0, 0, 10, 10, 0, 0, 0)
        XSelectInput(connection.display, id, PropertyChangeMask)
        return UInt(id)
    }

    /// Changes a property of `window`: a PropertyNotify for it.
    func touch(_ connection: XConnection, _ window: UInt) {
        var byte: UInt8 = 1
        let atom = XInternAtom(connection.display, "_STACKBOARD_PUMP_TEST", 0)
        XChangeProperty(connection.display, Window(window), atom, atom, 8, PropModeReplace, &byte, 1)
    }

    @Test func eachEventGoesToThoseThatWantItInOrderUntilOneUsesItUp() throws {
        let session = try XSession(wm: .none)
        let connection = try XConnection(displayName: session.display)
        let (w1, w2) = (window(connection), window(connection))
        let names = [w1: "w1", w2: "w2"]
        let log = Log()
        let pump = XEventPump(connection: connection)
        let client = Client()
        pump.client = client
        pump.add(Recorder("A", routes: [.window(w1)], usesUp: true, makes: .control(.show), log: log, windows: names))
        pump.add(Recorder("B", routes: [.type(PropertyNotify)], usesUp: false, makes: .control(.hide), log: log, windows: names))
        pump.add(Recorder("C", routes: [.window(w2)], usesUp: false, makes: .control(.toggle), log: log, windows: names))
        touch(connection, w1)
        touch(connection, w2)
        connection.sync() // both PropertyNotify are in the queue now
        pump.dispatch(now: 0)
        #expect(log.entries == ["A w1", "B w2", "C w2"])
        #expect(client.events == [.control(.show), .control(.hide), .control(.toggle)])
        #expect(client.advances == 1)
    }

    @Test func aSecondConnectionIsReadEveryTurnAndWaitedOnOnlyWhenItsComponentSays() throws {
        let session = try XSession(wm: .none)
        let connection = try XConnection(displayName: session.display)
        let other = try XConnection(displayName: session.display)
        let w = window(other)
        let log = Log()
        let pump = XEventPump(connection: connection)
        let client = Client()
        pump.client = client
        var waits = false
        let source = pump.add(Recorder("other", routes: [.window(w)], usesUp: true, makes: .pressedOutside, log: log, windows: [w: "w"]),
                              reading: other, waits: { waits })
        #expect(pump.pollRequests.map(\.fd) == [connection.fileDescriptor])
        waits = true
        #expect(pump.pollRequests.map(\.fd) == [connection.fileDescriptor, other.fileDescriptor])
        touch(other, w)
        source.catchUp()
        pump.dispatch(now: 0)
        #expect(log.entries == ["other w"])
        #expect(client.events == [.pressedOutside])
    }
}

import StackboardX11
import Testing

/// The X event pump's routing table: which components get an event, in which order, by window,
/// by event type and by XGenericEvent extension. Event codes are X's (no display needed).
@Suite struct XEventRoutingTests {
    // X's core event codes.
    let buttonPress: Int32 = 4
    let expose: Int32 = 12
    let configureNotify: Int32 = 22
    let propertyNotify: Int32 = 28
    // XInput's opcode on some server, and its evtypes.
    let xinput: Int32 = 131
    let touchBegin: Int32 = 18
    let rawKeyPress: Int32 = 13
    let hierarchyChanged: Int32 = 11
    let keyboardWindow: UInt = 0x200_0001
    let root: UInt = 0x3be

    /// The keyboard's components, as `KeyboardApp` adds them (the injector, the monitor watcher,
    /// the context watcher, the window's input, the window), with the routes they ask for.
    func keyboardTable() -> XEventRoutingTable {
        var table = XEventRoutingTable()
        table.add([.every]) // 0 the injector
        table.add([.type(configureNotify)]) // 1 the monitor watcher
        table.add([.window(root), .generic(extension: xinput, evtype: hierarchyChanged),
                   .generic(extension: xinput, evtype: rawKeyPress)]) // 2 the context watcher
        table.add([.window(keyboardWindow), .window(root), .generic(extension: xinput, evtype: touchBegin),
                   .generic(extension: xinput, evtype: hierarchyChanged)]) // 3 the input
        table.add([.window(keyboardWindow), .type(expose), .type(propertyNotify)]) // 4 the window
        return table
    }

    @Test func aPressOnTheWindowGoesToTheInjectorThenTheInputThenTheWindow() {
        #expect(keyboardTable().handlers(type: buttonPress, window: keyboardWindow) == [0, 3, 4])
    }

    @Test func aRootPropertyChangeGoesToEachThatWantsTheRootOrTheTypeInOrderEachOnce() {
        #expect(keyboardTable().handlers(type: propertyNotify, window: root) == [0, 2, 3, 4])
    }

    @Test func aConfigureOfTheRootReachesTheMonitorWatcherBeforeTheRootsOtherWatchers() {
        #expect(keyboardTable().handlers(type: configureNotify, window: root) == [0, 1, 2, 3])
    }

    @Test func anEventOfAnotherWindowGoesOnlyToThoseThatWantItsType() {
        #expect(keyboardTable().handlers(type: expose, window: 0x400_0007) == [0, 4])
        #expect(keyboardTable().handlers(type: buttonPress, window: 0x400_0007) == [0])
    }

    @Test func anExtensionsEventHasNoWindowAndGoesByItsCode() {
        var table = XEventRoutingTable()
        table.add([.window(root)])
        table.add([.type(89)]) // RandR's screen change on a server whose RandR events start at 89
        #expect(table.handlers(type: 89, window: nil) == [1])
    }

    @Test func aGenericEventGoesByExtensionAndEvtype() {
        let table = keyboardTable()
        #expect(table.handlers(extension: xinput, evtype: touchBegin) == [0, 3])
        #expect(table.handlers(extension: xinput, evtype: hierarchyChanged) == [0, 2, 3])
        #expect(table.handlers(extension: xinput, evtype: rawKeyPress) == [0, 2])
        #expect(table.handlers(extension: xinput + 1, evtype: touchBegin) == [0])
    }

    @Test func withoutAnInjectorAnEventNobodyWantsGoesNowhere() {
        var table = XEventRoutingTable()
        table.add([.window(keyboardWindow), .window(keyboardWindow)])
        #expect(table.count == 1)
        #expect(table.handlers(type: buttonPress, window: keyboardWindow) == [0])
        #expect(table.handlers(type: buttonPress, window: root).isEmpty)
        #expect(table.handlers(extension: xinput, evtype: touchBegin).isEmpty)
    }
}

import Testing
import Foundation
import StackboardX11
import CX11

/// The control channel and client in-process, against a private X server: one keyboard per
/// display, commands delivered in order, the published status, and what is ignored.
@Suite struct ControlChannelTests {
    @Test func oneKeyboardPerDisplayAndTheSelectionIsFreedWithTheChannel() throws {
        let session = try XSession(wm: .none)
        let first = try ControlHost(session)
        let second = try ControlHost(session)
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == nil)

        let window = try first.claim()
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == window)
        #expect(throws: ControlError.alreadyRunning(window: window, display: session.display)) {
            try second.claim()
        }
        let message = ControlError.alreadyRunning(window: window, display: session.display).description
        #expect(message.contains("already running on \(session.display) (window 0x\(String(window, radix: 16)))"))
        #expect(message.contains("stackboard show"))

        first.release()
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == nil)
        let next = try second.claim()
        #expect(next != window)
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == next)
    }

    @Test func commandsArriveInOrderWithTheLayoutName() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        let window = try host.claim()
        let name = "amount-zh 千 / é"
        try ControlClient.send(.show, displayName: session.display)
        try ControlClient.send(.hide, displayName: session.display)
        try ControlClient.send(.toggle, displayName: session.display)
        try ControlClient.send(.layout(name), displayName: session.display)
        try ControlClient.send(.click(.drag), displayName: session.display)
        try ControlClient.send(.click(.pause), displayName: session.display)
        try ControlClient.send(.quit, displayName: session.display)
        #expect(host.commands(count: 7) == [.show, .hide, .toggle, .layout(name), .click(.drag), .click(.pause), .quit])
        // The request is consumed: the property is gone once the command was read.
        #expect(!host.hasProperty("_STACKBOARD_LAYOUT_REQUEST", on: window))
    }

    @Test func foreignAndMalformedMessagesAreIgnored() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        let sender = try ControlHost(session)
        let window = try host.claim()
        sender.sendMessage(to: window, type: "_SOMEONE_ELSE", code: 1)     // another protocol
        sender.sendMessage(to: window, type: "_STACKBOARD_CONTROL", code: 99) // unknown command
        sender.sendMessage(to: window, type: "_STACKBOARD_CONTROL", code: 4)  // layout without a name
        sender.sendMessage(to: window, type: "_STACKBOARD_CONTROL", code: 2)  // hide
        // Events arrive in order: had any of the first three decoded, it would come first.
        #expect(host.commands(count: 1) == [.hide])
    }

    @Test func sendingWithNoKeyboardSaysSo() throws {
        let session = try XSession(wm: .none)
        _ = ControlXlib.ready
        #expect(throws: ControlError.notRunning(display: session.display)) {
            try ControlClient.send(.show, displayName: session.display)
        }
        #expect(throws: ControlError.notRunning(display: session.display)) {
            try ControlClient.status(displayName: session.display)
        }
        #expect(ControlError.notRunning(display: ":7").description.hasPrefix("no Stackboard keyboard is running on :7"))
        // After a keyboard has come and gone (the selection atom exists, no owner).
        let host = try ControlHost(session)
        try host.claim()
        host.release()
        #expect(throws: ControlError.notRunning(display: session.display)) {
            try ControlClient.send(.toggle, displayName: session.display)
        }
    }

    @Test func badRequestsAndDisplaysAreErrors() throws {
        _ = ControlXlib.ready
        #expect(throws: ControlError.invalidRequest("the layout name is empty")) {
            try ControlClient.send(.layout(""), displayName: ":0")
        }
        #expect(throws: ControlError.self) {
            try ControlClient.send(.layout(String(repeating: "x", count: 5000)), displayName: ":0")
        }
        #expect(throws: ControlError.cannotOpenDisplay(":987")) {
            try ControlClient.send(.show, displayName: ":987")
        }
    }

    @Test func publishedStateAndLayoutAreReadBack() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        let window = try host.claim()
        #expect(try ControlClient.status(displayName: session.display) == ControlStatus(window: window, state: nil, layout: nil))
        let channel = try #require(host.channel)
        channel.publish(state: "hidden")
        channel.publish(layout: "pin")
        #expect(try ControlClient.status(displayName: session.display) == ControlStatus(window: window, state: "hidden", layout: "pin"))
        channel.publish(state: "shown")
        #expect(try ControlClient.status(displayName: session.display).state == "shown")
    }

    @Test func anotherOwnerTakingTheSelectionMeansQuit() throws {
        let session = try XSession(wm: .none)
        let host = try ControlHost(session)
        let other = try ControlHost(session)
        try host.claim()
        other.takeSelection("_STACKBOARD_S\(host.screen)")
        #expect(host.commands(count: 1) == [.quit])
    }

    @Test func theChannelKeepsItsDisplayOwnerAliveUntilItGoes() throws {
        let session = try XSession(wm: .none)
        _ = ControlXlib.ready
        let display = try #require(XOpenDisplay(session.display))
        var connection: ControlTestConnection? = ControlTestConnection(display)
        weak let watched = connection
        var channel: ControlChannel? = try ControlChannel(display: display, screen: XDefaultScreen(display), owner: connection)
        connection = nil
        #expect(watched != nil, "the channel let its display's owner go")
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == channel?.window)
        channel = nil
        #expect(watched == nil)
        #expect(try ControlClient.runningKeyboard(displayName: session.display) == nil)
        withExtendedLifetime(session) {}
    }

    @Test func claimingAnnouncesTheNewOwnerOnTheRootWindow() throws {
        let session = try XSession(wm: .none)
        let watcher = try ControlHost(session)
        let root = XRootWindow(watcher.display, watcher.screen)
        XSelectInput(watcher.display, root, StructureNotifyMask)
        XSync(watcher.display, 0)
        let host = try ControlHost(session)
        let window = try host.claim()
        var event = XEvent()
        var announced: (selection: Int, owner: Int)?
        try session.waitUntil(timeout: 10, "a MANAGER client message on the root window") {
            while XPending(watcher.display) > 0 {
                XNextEvent(watcher.display, &event)
                if event.type == ClientMessage, event.xclient.message_type == watcher.atom("MANAGER") {
                    announced = (event.xclient.data.l.1, event.xclient.data.l.2)
                }
            }
            return announced != nil
        }
        #expect(announced?.selection == Int(watcher.atom("_STACKBOARD_S\(watcher.screen)")))
        #expect(announced?.owner == Int(window))
    }
}

@testable import StackboardApp
import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardSystem
import StackboardX11
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard's effect step with a fake window, injector and control channel: what a tap,
/// a control command or a signal does, with no X server.
@Suite struct KeyboardControllerTests {
    @Test func aTapTypesItsTextBeforeTheClickAndRepaintsOnlyThatKey() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.runtime.repaint(now: 0) // the first frame paints everything
        f.window.presented = []
        try f.tap("a")
        #expect(f.typer.typed == ["a"])
        // The press clicks; the release types: the key goes out before anything else of the release.
        #expect(f.log.entries == ["click character", "type a"])
        let frame = try #require(f.controller.runtime.placedGeometry.keys.first { $0.key.label == "a" }).frame
        #expect(f.window.presented.allSatisfy { $0 == frame })
        #expect(!f.window.presented.isEmpty)
    }

    @Test func printLinesGoOutOnlyWithPrint() throws {
        let quiet = try ControllerFixture(layouts: [TestLayouts.letters])
        try quiet.tap("a")
        #expect(quiet.box.printed.isEmpty)
        let loud = try ControllerFixture(layouts: [TestLayouts.letters], print: true)
        try loud.tap("a")
        try loud.tap("⏎")
        #expect(loud.box.printed == [PrintedKey.line(text: "a", modifiers: []), PrintedKey.line(key: .returnKey, modifiers: [])])
    }

    @Test func aTypingErrorIsReportedOnceInARowAndNeverWithTheText() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.typer.failWith = .xError("BadValue")
        try f.tap("a")
        try f.tap("b")
        #expect(f.box.reported.count == 1)
        #expect(f.box.reported.allSatisfy { !$0.contains("\"a\"") && !$0.hasSuffix(" a") })
        f.typer.failWith = nil
        try f.tap("a")
        f.typer.failWith = .xError("BadValue")
        try f.tap("a")
        #expect(f.box.reported.count == 2)
    }

    @Test func keysWaitingForTheApplicationAreDroppedWhenTheFocusMovesAndSaidSo() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.typer.waiting = 2
        f.controller.contextChanged(.physicalKey) // the same field: they still go out
        #expect(f.typer.waiting == 2)
        f.controller.contextChanged(.clickOutside)
        #expect(f.typer.waiting == 0 && f.log.entries.contains("drop deferred"))
        f.controller.advance(to: 1)
        #expect(f.box.reported == ["2 keys were not typed: the caret moved elsewhere before the application was ready for it"])
        #expect(f.controller.runtime.barNotice?.text == "⚠ 2 not typed")
        #expect(f.controller.runtime.nextDeadline == 1 + KeypadRuntime.noticeSeconds)
        f.controller.runtime.advance(to: 1 + KeypadRuntime.noticeSeconds)
        #expect(f.controller.runtime.barNotice == nil)
        f.typer.waiting = 1
        f.controller.contextChanged(.windowChanged)
        f.controller.advance(to: 2)
        #expect(f.box.reported.last == "1 key was not typed: the caret moved elsewhere before the application was ready for it")
    }

    @Test func thePumpsNewsOfAPressOutsideOrAnotherWindowDropsTheWaitingKeysAPhysicalKeyDoesNot() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.typer.waiting = 2
        f.controller.handle(.context(.physicalKey(device: 9)), now: 0)
        #expect(f.typer.waiting == 2)
        f.controller.handle(.pressedOutside, now: 0)
        #expect(f.typer.waiting == 0)
        f.typer.waiting = 1
        f.controller.handle(.context(.activeWindowChanged), now: 0)
        #expect(f.typer.waiting == 0)
        f.typer.waiting = 1
        f.controller.handle(.monitorsChanged, now: 0) // the keyboard application's, not the controller's
        #expect(f.typer.waiting == 1)
    }

    @Test func theHideKeyReleasesEverythingAndUnmaps() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.start(hidden: false, now: 0)
        #expect(f.window.shown)
        try f.tap("hide")
        #expect(!f.window.shown)
        #expect(f.typer.releases >= 1)
        #expect(!f.controller.visible)
    }

    @Test func startingHiddenPublishesHiddenAndDoesNotMap() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.start(hidden: true, now: 0)
        #expect(!f.window.shown)
        #expect(f.publisher.states == ["hidden"])
        #expect(f.publisher.layouts == ["letters"])
    }

    @Test func controlCommandsShowHideToggleAndQuit() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.handle(signal: .show, now: 0)
        #expect(f.window.shown)
        f.controller.handle(.toggle, now: 0)
        #expect(!f.window.shown)
        f.controller.handle(.toggle, now: 0)
        #expect(f.window.shown)
        f.controller.handle(signal: .hide, now: 0)
        #expect(!f.window.shown)
        f.controller.handle(.quit, now: 0)
        #expect(f.box.stopped == [0])
    }

    @Test func theNextLayoutKeyCyclesAndPublishes() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters, TestLayouts.digits])
        try f.tap("next")
        #expect(f.controller.runtime.state.layout.name == "digits")
        #expect(f.publisher.layouts.last == "digits")
        try f.tap("next")
        #expect(f.controller.runtime.state.layout.name == "letters")
    }

    @Test func aLayoutCommandLoadsShowsAndJoinsTheCycle() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters], extra: ["digits": TestLayouts.digits])
        f.controller.handle(.layout("digits"), now: 0)
        #expect(f.controller.runtime.state.layout.name == "digits")
        #expect(f.controller.layouts.layouts.map(\.name) == ["letters", "digits"])
        f.controller.handle(.layout("nope"), now: 0)
        #expect(f.controller.runtime.state.layout.name == "digits")
        #expect(f.box.reported.count == 1)
        #expect(f.box.reported.first?.contains("keeping 'digits'") == true)
    }

    @Test func signalsHideShowAndStop() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.handle(signal: .show, now: 0)
        #expect(f.window.shown)
        f.controller.handle(signal: .hide, now: 0)
        #expect(!f.window.shown)
        f.controller.handle(signal: .stop(signal: SIGTERM), now: 0)
        #expect(f.box.stopped == [0])
    }

    @Test func signalNumbersBecomeRequests() {
        #expect(SignalRequest(SIGUSR1) == .hide)
        #expect(SignalRequest(SIGUSR2) == .show)
        #expect([SIGTERM, SIGINT, SIGHUP].map(SignalRequest.init) == [.stop(signal: SIGTERM), .stop(signal: SIGINT), .stop(signal: SIGHUP)])
    }

    @Test func theWindowManagerHidingTheKeyboardReleasesHeldModifiers() throws {
        let shifty = TestLayouts.make("shifty", [Key(label: "⇧", action: .modifier(.shift)), Key(label: "a", action: .text("a"))])
        let f = try ControllerFixture(layouts: [shifty])
        try f.tap("⇧")
        #expect(f.controller.runtime.state.modifierState(.shift) == .latched)
        f.controller.handle(.hidden, now: 2)
        #expect(f.controller.runtime.state.modifierState(.shift) == .off)
        #expect(f.publisher.states.last == "hidden")
    }

    @Test func aScanSwitchWhileHiddenDoesNothingAndShowingResumesTheScan() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.setScanning(Self.scanSetup(.auto), now: 0)
        f.controller.start(hidden: true, now: 0)
        f.controller.handle(.switched(SwitchEvent(number: 1, pressed: true)), now: 1)
        #expect(f.controller.nextDeadline == nil && f.controller.runtime.state.scanMarks == .none)
        f.controller.show(now: 2)
        #expect(f.controller.nextDeadline == 3)
        #expect(!f.controller.runtime.state.scanMarks.keys.isEmpty, "the first row is highlighted")
    }

    static func scanSetup(_ mode: ScanMode) -> ScanSetup {
        ScanSetup(mode: mode, pattern: .key, timing: ScanTiming(interval: 1), switches: [:], device: nil)
    }

    @Test func stepScanningTypesWithTheControlChannelsSwitchesAndTellsEachHighlight() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        var heard: [ScanMarks] = []
        f.controller.onScanHighlight = { heard.append($0) }
        f.controller.start(hidden: false, now: 0)
        f.controller.setScanning(Self.scanSetup(.step), now: 0)
        let keys = f.controller.runtime.state.geometry.keys
        #expect(f.controller.runtime.state.scanMarks == ScanMarks(keys: [keys[0].index]))
        f.controller.handle(.switched(number: 2, pressed: true), now: 1)   // next
        f.controller.handle(.switched(number: 2, pressed: false), now: 1.1)
        f.controller.handle(.switched(number: 1, pressed: true), now: 2)   // select
        f.controller.handle(.switched(number: 1, pressed: false), now: 2.1)
        #expect(f.typer.typed == [keys[1].key.label])
        #expect(heard.count == 3, "the first key, the second, the first again: \(heard)")
        #expect(f.controller.nextDeadline == nil, "step scanning has no timer")
    }

    @Test func aPickWaitsForTheReleaseOfAGrabbedSwitchKey() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.start(hidden: false, now: 0)
        f.controller.setScanning(Self.scanSetup(.step), now: 0)
        f.controller.handle(.switched(SwitchEvent(number: 1, pressed: true, holdsKeyboard: true)), now: 1)
        #expect(f.typer.typed.isEmpty, "the grab holds the keyboard: nothing is typed yet")
        f.controller.handle(.switched(SwitchEvent(number: 1, pressed: false, holdsKeyboard: true)), now: 1.2)
        #expect(f.typer.typed.count == 1)
    }

    @Test func aResizeLaysTheKeysOutAgainAndRepaintsEverything() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.runtime.repaint(now: 0)
        let before = f.window.presentedAll
        f.controller.handle(.resized(Size(width: 200, height: 100)), now: 1)
        f.controller.runtime.repaint(now: 1)
        #expect(f.window.presentedAll == before + 1)
        #expect(f.controller.runtime.state.geometry.size == Size(width: 200, height: 100))
    }
}

@testable import StackboardApp
import StackboardCore
import StackboardRuntime
import Testing

/// The key of a tap sent the moment its release arrives (`KeyboardController.sentAhead`): once,
/// before anything else of the release, and never when the release would do something else.
@Suite struct ReleaseAheadTests {
    @Test func aTapSendsItsKeyAtTheReleaseOnceAndPrintsItOnce() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters], print: true)
        let a = try f.centre(of: "a")
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 1)
        #expect(f.typer.armed == "a")
        #expect(f.window.releaseTrigger?.point == a)
        f.release(at: a, now: 1.05)
        #expect(f.typer.typed == ["a"])
        #expect(f.log.entries == ["click character", "type a ahead", "print"])
        #expect(f.box.printed == [PrintedKey.line(text: "a", modifiers: [])])
        #expect(f.box.reported.isEmpty)
        // Nothing is left armed for the next tap's release.
        #expect(f.window.releaseTrigger == nil && f.typer.armed == nil)
        f.controller.handle(.input(.press(pointer: 0, at: try f.centre(of: "b"))), now: 2)
        f.release(at: try f.centre(of: "b"), now: 2.05)
        #expect(f.typer.typed == ["a", "b"])
    }

    @Test func keysThatDoSomethingElseAreNotSentAhead() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        for label in ["⏎", "hide", "next"] {
            f.controller.handle(.input(.press(pointer: 0, at: try f.centre(of: label))), now: 1)
            #expect(f.window.releaseTrigger == nil, "\(label)")
            f.controller.handle(.input(.cancel(pointer: 0)), now: 1.01)
        }
    }

    @Test func aReleaseElsewhereIsNotSentAheadAndTypesOnce() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        let a = try f.centre(of: "a")
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 1)
        f.release(at: Point(x: a.x + 1, y: a.y), now: 1.05)
        #expect(f.typer.typed == ["a"])
        #expect(f.log.entries == ["click character", "type a"])
    }

    @Test func slidingToAnotherKeyMovesWhatIsSentAhead() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        let b = try f.centre(of: "b")
        f.controller.handle(.input(.press(pointer: 0, at: try f.centre(of: "a"))), now: 1)
        f.controller.handle(.input(.move(pointer: 0, to: b)), now: 1.02)
        #expect(f.typer.armed == "b")
        f.release(at: b, now: 1.05)
        #expect(f.typer.typed == ["b"])
        #expect(f.box.reported.isEmpty)
    }

    @Test func aLongPressWithdrawsItBeforeTheAlternatesOpen() throws {
        let layout = TestLayouts.make("accents", [Key(label: "e", action: .text("e"), alternates: [Key(label: "é", action: .text("é"))])])
        let f = try ControllerFixture(layouts: [layout])
        let e = try f.centre(of: "e")
        f.controller.handle(.input(.press(pointer: 0, at: e)), now: 1)
        let until = try #require(f.window.releaseTrigger?.until)
        // A release after the long-press time does not fire it (the alternates are due first).
        f.window.releaseArrives(pointer: 0, at: e, now: until + 0.01)
        #expect(f.typer.typed.isEmpty)
        f.controller.handle(.input(.press(pointer: 1, at: e)), now: 1.01) // a second finger: not known
        #expect(f.window.releaseTrigger == nil && f.typer.armed == nil)
    }

    @Test func aRefusedTriggerOrKeyTypesAsBefore() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.window.refusesTriggers = true
        let a = try f.centre(of: "a")
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 1)
        #expect(f.typer.armed == nil)
        f.release(at: a, now: 1.05)
        f.typer.armable = false
        f.window.refusesTriggers = false
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 2)
        #expect(f.window.releaseTrigger == nil)
        f.release(at: a, now: 2.05)
        #expect(f.typer.typed == ["a", "a"])
        #expect(f.log.entries.filter { $0.hasPrefix("type") } == ["type a", "type a"])
    }
}

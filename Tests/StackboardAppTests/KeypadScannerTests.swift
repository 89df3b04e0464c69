import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardX11
import Testing
@testable import StackboardApp

/// Switch scanning of a keypad as the keyboard and the entry window share it (`KeypadScanner`),
/// here on an entry keypad: what the switches pick edits the field as taps do.
@Suite struct KeypadScannerTests {
    /// A scanner of the fixture's pad (1, 2, ⌫, done, cancel, hide in one row) in `mode`, with the
    /// `auto` pattern (key by key: the pad has fewer than 16 keys) and an interval of 1 s.
    static func scanner(_ f: KeypadRuntimeTests.Fixture, _ mode: ScanMode, now: Double = 0) -> KeypadScanner {
        let setup = ScanSetup(mode: mode, pattern: .automatic, timing: ScanTiming(interval: 1), switches: [:], device: nil)
        return KeypadScanner(setup, runtime: f.runtime, now: now) { pick, now in f.runtime.handle(pick, now: now) }
    }

    /// Presses and releases switch `number` at `now`.
    static func click(_ scanner: KeypadScanner, _ number: Int, at now: Double, grabbedKey: Bool = false) {
        scanner.switched(SwitchEvent(number: number, pressed: true, holdsKeyboard: grabbedKey), now: now)
        scanner.switched(SwitchEvent(number: number, pressed: false, holdsKeyboard: grabbedKey), now: now + 0.1)
    }

    /// The index of the key labelled `label`.
    static func index(_ f: KeypadRuntimeTests.Fixture, _ label: String) throws -> Int {
        try #require(f.runtime.state.geometry.keys.first { $0.key.label == label }).index
    }

    @Test func stepScanningTypesDigitsAndFinishesTheFieldKeyByKey() throws {
        let f = try KeypadRuntimeTests.Fixture()
        let scanner = Self.scanner(f, .step)
        #expect(f.runtime.state.scanMarks == .none, "nothing is highlighted before the scan starts")
        scanner.start(now: 0)
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "1")]), "key by key: the first key alone")
        Self.click(scanner, 1, at: 1)          // select: 1
        Self.click(scanner, 2, at: 2)          // next: 2
        Self.click(scanner, 1, at: 3)          // select: 2
        #expect(f.runtime.field?.session.text == "12")
        for step in 0..<3 { Self.click(scanner, 2, at: 4 + Double(step)) } // 2, ⌫, done
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "done")]))
        Self.click(scanner, 1, at: 8)
        #expect(f.host.changes.map(\.change) == [.edit(.insert("1")), .edit(.insert("2")), .done])
        #expect(f.box.clicks.count == 3, "a pick clicks as a tap does")
        #expect(scanner.nextDeadline == nil, "step scanning has no timer")
    }

    @Test func autoScanningMovesByItselfAndOneSwitchPicks() throws {
        let f = try KeypadRuntimeTests.Fixture()
        let scanner = Self.scanner(f, .auto)
        scanner.start(now: 0)
        #expect(scanner.nextDeadline == 1)
        scanner.advance(to: 0.5)
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "1")]), "not due yet")
        scanner.advance(to: 1)
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "2")]))
        Self.click(scanner, 1, at: 1.2)
        #expect(f.runtime.field?.session.text == "2")
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "1")]), "a pick starts again at the top")
    }

    @Test func aPickWaitsForTheReleaseOfAGrabbedSwitchKey() throws {
        let f = try KeypadRuntimeTests.Fixture()
        let scanner = Self.scanner(f, .step)
        scanner.start(now: 0)
        scanner.switched(SwitchEvent(number: 1, pressed: true, holdsKeyboard: true), now: 1)
        #expect(f.runtime.field?.session.text == "", "the grab holds the keyboard: the pick waits")
        scanner.switched(SwitchEvent(number: 1, pressed: false, holdsKeyboard: true), now: 1.2)
        #expect(f.runtime.field?.session.text == "1")
    }

    @Test func pausingHighlightsNothingAndForgetsAWaitingPick() throws {
        let f = try KeypadRuntimeTests.Fixture()
        let scanner = Self.scanner(f, .step)
        var heard: [ScanMarks] = []
        scanner.onHighlight = { heard.append($0) }
        scanner.start(now: 0)
        scanner.switched(SwitchEvent(number: 1, pressed: true, holdsKeyboard: true), now: 1)
        scanner.pause(now: 1.1)
        #expect(f.runtime.state.scanMarks == .none)
        scanner.switched(SwitchEvent(number: 1, pressed: false, holdsKeyboard: true), now: 1.2)
        #expect(f.runtime.field?.session.text == "", "the pick was forgotten")
        #expect(heard == [ScanMarks(keys: [try Self.index(f, "1")]), .none], "each change told once: \(heard)")
    }

    @Test func aSwitchWithoutARoleInTheModeDoesNothing() throws {
        let f = try KeypadRuntimeTests.Fixture()
        let scanner = Self.scanner(f, .auto)
        scanner.start(now: 0)
        Self.click(scanner, 2, at: 0.5) // auto scanning has select alone
        #expect(f.runtime.field?.session.text == "")
        #expect(f.runtime.state.scanMarks == ScanMarks(keys: [try Self.index(f, "1")]))
    }
}

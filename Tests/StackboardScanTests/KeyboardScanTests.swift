import StackboardCore
import StackboardScan
import Testing

/// The keyboard's scanning: the tree follows what is shown, numbered switches play their
/// mode's roles, and what is highlighted becomes the painter's marks.
@Suite struct KeyboardScanTests {
    /// Three rows: [0 1 2], [3 4], [5].
    static let view = ScanView(rows: [[0, 1, 2], [3, 4], [5]], centres: [0: 10, 1: 32, 2: 50, 3: 15, 4: 45, 5: 30])

    static func scan(_ mode: ScanMode, pattern: ScanPattern = .rowKey) -> KeyboardScan {
        var scan = KeyboardScan(mode: mode, pattern: pattern, timing: ScanTiming(interval: 1))
        _ = scan.follow(view, now: 0)
        scan.start(now: 0)
        return scan
    }

    static func click(_ scan: inout KeyboardScan, _ number: Int, at now: Double) -> ScanPick? {
        let down = scan.press(switch: number, now: now)
        let up = scan.release(switch: number, now: now + 0.05)
        return down ?? up
    }

    @Test func switchNumbersPlayTheirModesRoles() {
        #expect(ScanMode.auto.role(ofSwitch: 1) == .select && ScanMode.auto.role(ofSwitch: 2) == nil)
        #expect(ScanMode.step.role(ofSwitch: 2) == .next)
        #expect((1...5).map { ScanMode.directed.role(ofSwitch: $0) } == [.select, .up, .down, .left, .right])
        #expect(ScanMode.directed.switchNumber(of: .right) == 5 && ScanMode.step.switchNumber(of: .up) == nil)
    }

    @Test func stepScanningEntersARowThenPicksAKeyAndMarksTheBackStep() {
        var scan = Self.scan(.step)
        #expect(scan.marks == ScanMarks(keys: [0, 1, 2]))
        #expect(Self.click(&scan, 2, at: 1) == nil)
        #expect(scan.marks == ScanMarks(keys: [3, 4]))
        #expect(Self.click(&scan, 1, at: 2) == nil, "the row is entered")
        #expect(scan.marks == ScanMarks(keys: [3]))
        _ = Self.click(&scan, 2, at: 3)
        _ = Self.click(&scan, 2, at: 4)
        #expect(scan.marks == ScanMarks(keys: [3, 4], back: true), "after the row's keys: its back step")
        _ = Self.click(&scan, 2, at: 5)
        #expect(Self.click(&scan, 1, at: 6) == .key(3))
        #expect(scan.marks == ScanMarks(keys: [0, 1, 2]), "again at the top")
        #expect(scan.nextDeadline == nil, "no timer")
    }

    @Test func autoScanningMovesByItselfAndTheSwitchPicks() {
        var scan = Self.scan(.auto)
        #expect(scan.nextDeadline == 1)
        _ = scan.advance(now: 1)
        #expect(scan.marks == ScanMarks(keys: [3, 4]))
        #expect(Self.click(&scan, 1, at: 1.5) == nil)
        _ = scan.advance(now: 2.5)
        #expect(Self.click(&scan, 1, at: 2.6) == .key(4))
        #expect(Self.click(&scan, 2, at: 3) == nil && scan.marks == ScanMarks(keys: [0, 1, 2]), "switch 2 has no role here")
    }

    @Test func inverseScanningMovesWhileHeldAndPicksOnRelease() {
        var scan = Self.scan(.inverse)
        #expect(scan.press(switch: 1, now: 0) == nil)
        _ = scan.advance(now: 1)
        #expect(scan.marks == ScanMarks(keys: [3, 4]))
        #expect(scan.release(switch: 1, now: 1.2) == nil, "the row is entered")
        #expect(scan.marks == ScanMarks(keys: [3]))
        _ = scan.press(switch: 1, now: 2)
        #expect(scan.release(switch: 1, now: 2.1) == .key(3))
    }

    @Test func directedScanningFollowsTheKeysOnScreen() {
        var scan = Self.scan(.directed)
        #expect(scan.marks == ScanMarks(keys: [0]))
        _ = Self.click(&scan, 5, at: 1)   // right
        _ = Self.click(&scan, 3, at: 2)   // down: the key nearest across
        #expect(scan.marks == ScanMarks(keys: [4]))
        #expect(Self.click(&scan, 1, at: 3) == .key(4))
        #expect(scan.marks == ScanMarks(keys: [4]), "the highlight stays")
    }

    @Test func aNewViewGivesANewTreeFromTheTop() {
        var scan = Self.scan(.step)
        _ = Self.click(&scan, 2, at: 1)
        let same = scan.follow(Self.view, now: 2)
        #expect(!same, "the same view: nothing")
        #expect(scan.marks == ScanMarks(keys: [3, 4]))
        // The suggestion bar fills: it is a row of its own, at the top.
        let barred = ScanView(rows: [[6, 7], [0, 1, 2], [3, 4], [5]], bar: [0])
        let changed = scan.follow(barred, now: 3)
        #expect(changed)
        #expect(scan.marks == ScanMarks(keys: [6, 7]))
    }

    @Test func aNewViewWhileTheInverseSwitchIsHeldKeepsTheHighlightMoving() {
        var scan = Self.scan(.inverse)
        _ = scan.press(switch: 1, now: 0)
        _ = scan.follow(ScanView(rows: [[6, 7], [0, 1, 2], [3, 4], [5]], bar: [0]), now: 0.5)
        #expect(scan.nextDeadline == 1.5)
        _ = scan.advance(now: 1.5)
        #expect(scan.marks == ScanMarks(keys: [0, 1, 2]))
    }

    @Test func theOpenAlternatesAreScannedAsOneGroupOfOptions() {
        var scan = Self.scan(.step)
        var popup = Self.view
        popup.options = 3
        _ = scan.follow(popup, now: 1)
        #expect(scan.marks == ScanMarks(option: 0))
        _ = Self.click(&scan, 2, at: 2)
        #expect(scan.marks == ScanMarks(option: 1))
        #expect(Self.click(&scan, 1, at: 3) == .option(1))
    }

    @Test func theViewOfAKeyboardStateLeavesOutWhatIsSkipped() {
        let t = { (label: String) in Key(label: label, action: .text(label)) }
        let layer = Layer(name: "main", root: Stack(axis: .vertical, items: [
            .stack(Stack(axis: .horizontal, items: [.key(Key(label: "", action: .suggestion(0))), .key(Key(label: "", action: .suggestion(1)))])),
            .stack(Stack(axis: .horizontal, items: [.key(t("a")), .key(t("b"))])),
        ]))
        let state = KeyboardState(layout: Layout(name: "l", description: "", layers: [layer]), size: Size(width: 200, height: 100),
                                  config: KeyboardConfig())
        #expect(ScanView(state: state).rows == [[0, 1], [2, 3]])
        #expect(ScanView(state: state).bar == [0])
        #expect(ScanView(state: state, skipping: [0, 1]).rows == [[2, 3]], "an empty bar is no row")
        #expect(ScanView(state: state).options == nil)
    }
}

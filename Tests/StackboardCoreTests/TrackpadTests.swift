import Testing
@testable import StackboardCore

/// The space bar as a trackpad: a long press, then slides that send arrow keys.
@Suite struct TrackpadTests {
    // MARK: The pure trackpad

    @Test func aSlideGivesOneArrowPerStepAlongEachAxis() {
        var pad = CaretTrackpad(start: Point(x: 100, y: 100), step: 20)
        #expect(pad.move(to: Point(x: 119, y: 100)) == [], "less than a step")
        #expect(pad.move(to: Point(x: 120, y: 100)) == [.right])
        #expect(pad.move(to: Point(x: 100, y: 100)).allSatisfy { $0 == .left })
        var down = CaretTrackpad(start: Point(x: 0, y: 0), step: 20)
        #expect(down.move(to: Point(x: 5, y: 39)) == [], "vertical steps are twice as long")
        #expect(down.move(to: Point(x: 5, y: 40)) == [.down])
        #expect(down.move(to: Point(x: 5, y: -1)).allSatisfy { $0 == .up })
    }

    @Test func stepsGetShorterWithDistanceFromTheStart() {
        #expect(CaretTrackpad.stepLength(atDistance: 0, step: 20) == 20)
        #expect(CaretTrackpad.stepLength(atDistance: 20, step: 20) == 10)
        #expect(CaretTrackpad.stepLength(atDistance: 1000, step: 20) == 5, "never below a quarter step")
        var pad = CaretTrackpad(start: Point(x: 0, y: 0), step: 20)
        let near = pad.move(to: Point(x: 40, y: 0)).count
        let far = pad.move(to: Point(x: 80, y: 0)).count
        #expect(near >= 2 && far > near, "the second 40 px, farther out, give more arrows: \(near), \(far)")
    }

    @Test func aJumpIsCappedAndNothingIsOwed() {
        var pad = CaretTrackpad(start: Point(x: 0, y: 0), step: 20)
        #expect(pad.move(to: Point(x: 100_000, y: 0)).count == CaretTrackpad.maxArrowsPerMove)
        #expect(pad.move(to: Point(x: 100_001, y: 0)) == [], "what was cut off is dropped")
    }

    // MARK: In the state machine

    static let layout: Layout = {
        let keys = [Key(label: "a", action: .text("a")), Key(label: "space", action: .space, weight: 4, repeats: true),
                    Key(label: "b", action: .text("b"))]
        let row = StackItem.stack(Stack(axis: .horizontal, distribution: .proportional, items: keys.map(StackItem.key)))
        return Layout(name: "t", description: "t", layers: [Layer(name: "letters", root: Stack(axis: .vertical, items: [row]))])
    }()

    static func rig(mode: KeyboardMode = .typing, trackpad: Bool = true) -> Rig {
        Rig(config: KeyboardConfig(mode: mode, spaceTrackpad: trackpad), layout: layout, size: Size(width: 600, height: 60))
    }

    static func edits(_ effects: [Effect]) -> [BufferCommand] {
        effects.compactMap { if case .edit(let command) = $0 { return command } else { return nil } }
    }

    static func arrows(_ effects: [Effect]) -> [NamedKey] {
        effects.compactMap { if case .key(let key, _) = $0 { return key } else { return nil } }
    }

    @Test func aLongPressOnSpaceThenASlideSendsArrowsAndTypesNoSpace() {
        var rig = Self.rig()
        let start = rig.center("space")
        _ = rig.press("space")
        #expect(rig.state.visual(ofKey: rig.index("space")).label == nil)
        let entered = rig.advance(to: 0.6)
        #expect(rig.state.trackpadActive)
        #expect(rig.state.visual(ofKey: rig.index("space")).label == KeyboardState.trackpadLabel, "the bar shows it is a trackpad")
        #expect(entered.contains(.redraw([rig.index("space")])))
        let right = Self.arrows(rig.handle(.move(pointer: 1, to: Point(x: start.x + 60, y: start.y))))
        #expect(!right.isEmpty && right.allSatisfy { $0 == .right })
        let left = Self.arrows(rig.handle(.move(pointer: 1, to: Point(x: start.x - 60, y: start.y))))
        #expect(!left.isEmpty && left.allSatisfy { $0 == .left })
        let released = rig.handle(.release(pointer: 1, at: Point(x: start.x - 60, y: start.y)))
        #expect(typed(released) == [] && !rig.state.trackpadActive)
        #expect(rig.state.nextDeadline == nil)
    }

    @Test func slidingFarOutOfTheKeyOrTheWindowKeepsTheTrackpad() {
        var rig = Self.rig()
        _ = rig.press("space")
        _ = rig.advance(to: 0.6)
        let out = Self.arrows(rig.handle(.move(pointer: 1, to: Point(x: 590, y: 200))))
        #expect(out.contains(.right) && out.contains(.down))
        #expect(rig.state.trackpadActive, "the pointer is still the trackpad's")
    }

    @Test func aQuickTapStillTypesASpaceAndHeldSpaceNoLongerRepeats() {
        var rig = Self.rig()
        #expect(typed(rig.tap("space")) == [" "])
        _ = rig.press("space")
        #expect(typed(rig.advance(to: 2)) == [], "no repeat: the long press made a trackpad")
        #expect(typed(rig.release("space")) == [])
        var off = Self.rig(trackpad: false)
        _ = off.press("space")
        #expect(typed(off.advance(to: 2)).contains(" "), "--no-trackpad: space repeats as before")
    }

    @Test func aSpaceWithAlternatesOpensThemInstead() {
        var layout = Self.layout
        layout.layers[0].root = layout.layers[0].root.mapKeys { key in
            var k = key
            if k.action == .space { k.alternates = [Key(label: "⍽", action: .text("\u{00A0}"))] }
            return k
        }
        var rig = Rig(config: KeyboardConfig(spaceTrackpad: true), layout: layout, size: Size(width: 600, height: 60))
        _ = rig.press("space")
        _ = rig.advance(to: 0.6)
        #expect(!rig.state.trackpadActive && rig.state.alternates != nil)
    }

    @Test func inEntryModeTheTrackpadMovesTheFieldsCursor() {
        var rig = Self.rig(mode: .entry)
        let start = rig.center("space")
        _ = rig.press("space")
        _ = rig.advance(to: 0.6)
        let edits = Self.edits(rig.handle(.move(pointer: 1, to: Point(x: start.x - 40, y: start.y))))
        #expect(!edits.isEmpty && edits.allSatisfy { $0 == .moveLeft })
        let back = Self.edits(rig.handle(.release(pointer: 1, at: start)))
        #expect(!back.isEmpty && back.allSatisfy { $0 == .moveRight })
    }
}

import Testing
@testable import StackboardCore

/// The grip and the corners: moving, resizing, docking by double tap, and where they are inert.
@Suite struct StateWindowGestureTests {
    static let layout: Layout = {
        let root = Stack(axis: .vertical, items: [
            StateFixtures.row([StateFixtures.text("a"), StateFixtures.text("b"), StateFixtures.text("c")]),
            StateFixtures.row([Key(label: "⌫", action: .key(.backspace), repeats: true), Key(label: "✥", action: .move, style: .function),
                               StateFixtures.text("d")]),
        ])
        return Layout(name: "grip", description: "a grip in the middle", layers: [Layer(name: "main", root: root)])
    }()

    static func rig(_ control: WindowControl) -> Rig {
        var rig = Rig(layout: layout, size: Size(width: 300, height: 200))
        _ = rig.state.setWindowControl(control)
        return rig
    }

    static func shifted(_ p: Point, dx: Int, dy: Int = 0) -> Point { Point(x: p.x + dx, y: p.y + dy) }

    @Test func draggingTheGripOfAFloatingKeyboardHandsThePointerToTheHost() {
        var rig = Self.rig(.floating)
        let grip = rig.center("✥")
        #expect(rig.press("✥").contains(.click(.modifier)))
        #expect(!rig.handle(.move(pointer: 1, to: Self.shifted(grip, dx: 6))).contains { if case .dragWindow = $0 { true } else { false } })
        let far = Self.shifted(grip, dx: 30, dy: 4)
        let effects = rig.handle(.move(pointer: 1, to: far))
        #expect(effects.contains(.dragWindow(pointer: 1, kind: .move, from: grip, to: far)))
        // The pointer is the host's now: its release fires nothing.
        #expect(typed(rig.handle(.release(pointer: 1, at: far))).isEmpty)
        #expect(rig.state.visual(ofKey: rig.index("✥")).pressed == false)
    }

    @Test func theGripStaysPressedAndNeverFollowsTheFingerOntoAKey() {
        var rig = Self.rig(.docked)
        _ = rig.press("✥")
        #expect(!rig.move(to: "d").contains { if case .dragWindow = $0 { true } else { false } })
        #expect(typed(rig.release("d")).isEmpty)
    }

    @Test func aDoubleTapOnTheGripTogglesTheDockAndASlowOneDoesNot() {
        for control in [WindowControl.floating, .docked] {
            var rig = Self.rig(control)
            #expect(!rig.tap("✥").contains(.toggleDock))
            #expect(rig.tap("✥").contains(.toggleDock))
            rig.now += 1
            #expect(!rig.tap("✥").contains(.toggleDock))
            rig.now += 1
            #expect(!rig.tap("✥").contains(.toggleDock))
        }
    }

    @Test func whereTheKeypadCannotMoveTheGripIsAnInertKey() {
        var rig = Self.rig(.none)
        let grip = rig.center("✥")
        _ = rig.press("✥")
        #expect(!rig.handle(.move(pointer: 1, to: Self.shifted(grip, dx: 40))).contains { if case .dragWindow = $0 { true } else { false } })
        rig = Self.rig(.none)
        #expect(!rig.tap("✥").contains(.toggleDock))
        #expect(!rig.tap("✥").contains(.toggleDock))
    }

    @Test func aDragFromACornerResizesAndATapThereTypes() {
        var rig = Self.rig(.floating)
        let corner = Point(x: 296, y: 3)
        _ = rig.handle(.press(pointer: 1, at: corner))
        let effects = rig.handle(.move(pointer: 1, to: Point(x: 320, y: -20)))
        #expect(effects.contains(.dragWindow(pointer: 1, kind: .resize(.topRight), from: corner, to: Point(x: 320, y: -20))))
        _ = rig.handle(.release(pointer: 1, at: Point(x: 320, y: -20)))
        _ = rig.handle(.press(pointer: 2, at: Point(x: 3, y: 196)))
        #expect(typed(rig.handle(.release(pointer: 2, at: Point(x: 5, y: 194)))).isEmpty) // the bottom-left key is ⌫
        _ = rig.handle(.press(pointer: 3, at: Point(x: 3, y: 3)))
        #expect(typed(rig.handle(.release(pointer: 3, at: Point(x: 4, y: 4)))) == ["a"])
    }

    @Test func aDockedKeyboardDoesNotResizeFromItsCorners() {
        var rig = Self.rig(.docked)
        _ = rig.handle(.press(pointer: 1, at: Point(x: 3, y: 3)))
        #expect(!rig.handle(.move(pointer: 1, to: Point(x: 60, y: 60))).contains { if case .dragWindow = $0 { true } else { false } })
    }

    @Test func movesStayOnTheScreen() {
        let drag = WindowDrag(kind: .move, start: Rect(x: 100, y: 500, width: 400, height: 200), anchor: Point(x: 300, y: 600),
                              screen: Size(width: 1280, height: 800), minimum: Size(width: 100, height: 50))
        #expect(drag.frame(at: Point(x: 350, y: 550)) == Rect(x: 150, y: 450, width: 400, height: 200))
        #expect(drag.frame(at: Point(x: -500, y: 2000)) == Rect(x: 0, y: 600, width: 400, height: 200))
    }

    @Test func resizesKeepTheOppositeCornerAndTheLimits() {
        let start = Rect(x: 100, y: 500, width: 400, height: 200)
        let screen = Size(width: 1280, height: 800)
        let topLeft = WindowDrag(kind: .resize(.topLeft), start: start, anchor: Point(x: 100, y: 500), screen: screen,
                                 minimum: Size(width: 150, height: 80))
        #expect(topLeft.frame(at: Point(x: 50, y: 400)) == Rect(x: 50, y: 400, width: 450, height: 300))
        #expect(topLeft.frame(at: Point(x: 480, y: 690)) == Rect(x: 350, y: 620, width: 150, height: 80))
        #expect(topLeft.frame(at: Point(x: -90, y: -90)) == Rect(x: 0, y: 0, width: 500, height: 700))
        let bottomRight = WindowDrag(kind: .resize(.bottomRight), start: start, anchor: Point(x: 500, y: 700), screen: screen,
                                     minimum: Size(width: 150, height: 80))
        #expect(bottomRight.frame(at: Point(x: 2000, y: 2000)) == Rect(x: 100, y: 500, width: 1180, height: 300))
        #expect(bottomRight.frame(at: Point(x: 0, y: 0)) == Rect(x: 100, y: 500, width: 150, height: 80))
    }
}

import Testing
@testable import StackboardCore

@Suite struct KeyboardAvoidanceTests {
    let screen = Rect(x: 0, y: 0, width: 1280, height: 800)
    let home = Rect(x: 0, y: 500, width: 1280, height: 300) // across the bottom

    @Test func aFieldAboveTheKeyboardLeavesItHome() {
        let field = Rect(x: 100, y: 100, width: 300, height: 40)
        #expect(KeyboardAvoidance.frame(home: home, screen: screen, field: field, docked: false) == home)
    }

    @Test func aFieldUnderTheKeyboardSendsItAboveTheField() {
        let field = Rect(x: 100, y: 650, width: 300, height: 40)
        let moved = KeyboardAvoidance.frame(home: home, screen: screen, field: field, docked: false)
        #expect(moved == Rect(x: 0, y: 650 - 8 - 300, width: 1280, height: 300))
        #expect(!moved.intersects(field))
    }

    @Test func aFieldJustAboveTheKeyboardKeepsAClearance() {
        let field = Rect(x: 100, y: 470, width: 300, height: 25) // ends 5 px above the keyboard
        let moved = KeyboardAvoidance.frame(home: home, screen: screen, field: field, docked: false)
        #expect(moved.y == 470 + 25 + 8 || moved.maxY <= 470 - 8)
        #expect(moved != home)
    }

    @Test func aDockedKeyboardNeverMoves() {
        let field = Rect(x: 100, y: 650, width: 300, height: 40)
        #expect(KeyboardAvoidance.frame(home: home, screen: screen, field: field, docked: true) == home)
    }

    @Test func aSmallFloatingKeyboardGoesBesideTheFieldWhenThatIsNearest() {
        let small = Rect(x: 900, y: 500, width: 360, height: 280)
        let field = Rect(x: 700, y: 560, width: 300, height: 40)
        let moved = KeyboardAvoidance.frame(home: small, screen: screen, field: field, docked: false)
        #expect(!moved.intersects(field))
        #expect(moved == Rect(x: 1008, y: 500, width: 360, height: 280).clampedForTest(to: screen)
                || moved.y == 500 - 0 || moved.maxY <= 552)
        #expect(screen.contains(Point(x: moved.x, y: moved.y)) && moved.maxX <= 1280 && moved.maxY <= 800)
    }

    @Test func aTallTextAreaIsReplacedByItsCaret() {
        let field = Rect(x: 0, y: 0, width: 1280, height: 800)
        let caret = Rect(x: 40, y: 700, width: 2, height: 18)
        let moved = KeyboardAvoidance.frame(home: home, screen: screen, field: field, caret: caret, docked: false)
        #expect(!moved.intersects(caret))
        #expect(moved.maxY <= 700 - 8)
    }

    @Test func nothingUncoversItThenTheLeastCoveringPlaceWins() {
        let field = Rect(x: 0, y: 0, width: 1280, height: 800)
        let moved = KeyboardAvoidance.frame(home: home, screen: screen, field: field, docked: false)
        #expect(moved == home)
    }

    @Test func anEmptyFieldRectangleLeavesItHome() {
        #expect(KeyboardAvoidance.frame(home: home, screen: screen, field: Rect(x: 0, y: 0, width: 0, height: 0),
                                        docked: false) == home)
    }
}

extension Rect {
    func clampedForTest(to screen: Rect) -> Rect { KeyboardAvoidance.clamp(self, to: screen) }
}

import Testing
@testable import StackboardCore

/// `handleDeferringRedraws` + `redraws(since:)`: the key goes out before the repaint work, and
/// the two together give exactly what `handle` gives.
@Suite struct StateDeferredRedrawTests {
    /// A scripted session over most kinds of keys: presses, slides, modifiers, a long press, caps.
    static let script: [(InputEvent, Double)] = {
        var rig = Rig()
        func at(_ label: String) -> Point { rig.center(label) }
        return [
            (.press(pointer: 1, at: at("⇧")), 0.0), (.release(pointer: 1, at: at("⇧")), 0.05),
            (.press(pointer: 1, at: at("a")), 0.1), (.release(pointer: 1, at: at("a")), 0.15),
            (.press(pointer: 1, at: at("b")), 0.2), (.move(pointer: 1, to: at("e")), 0.25), (.release(pointer: 1, at: at("e")), 0.3),
            (.press(pointer: 2, at: at("caps")), 0.4), (.release(pointer: 2, at: at("caps")), 0.45),
            (.press(pointer: 1, at: at("e")), 0.5), (.release(pointer: 1, at: at("e")), 1.5),
            (.press(pointer: 1, at: at("?123")), 2.0), (.release(pointer: 1, at: at("?123")), 2.05),
            (.press(pointer: 3, at: Point(x: 5, y: 5)), 2.1), (.cancel(pointer: 3), 2.2),
        ]
    }()

    @Test func deferredRedrawsAreTheSameEffectsAsHandle() {
        var whole = Rig().state
        var split = Rig().state
        for (event, now) in Self.script {
            let expected = whole.handle(event, now: now)
            let (effects, pending) = split.handleDeferringRedraws(event, now: now)
            let redraws = split.redraws(since: pending)
            #expect(effects + redraws == expected, "at \(now): \(event)")
        }
    }

    @Test func theDeferredPartHoldsNoRepaints() {
        var state = Rig().state
        for (event, now) in Self.script {
            let (effects, _) = state.handleDeferringRedraws(event, now: now)
            #expect(!effects.contains { effect in
                switch effect {
                case .redraw, .redrawAll, .showAlternates, .hideAlternates, .redrawAlternates: return true
                default: return false
                }
            })
        }
    }
}

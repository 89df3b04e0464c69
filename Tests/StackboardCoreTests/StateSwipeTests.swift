import Testing
@testable import StackboardCore

/// Swipes in the state machine: when a press becomes one, what it hands over, and what keeps
/// today's behaviour.
@Suite struct StateSwipeTests {
    static func rig(ready: Bool = true, swipe: Bool = true) -> Rig {
        var rig = Rig(config: KeyboardConfig(keyPreview: true, swipe: swipe), layout: SwipeFixtures.layout, size: SwipeFixtures.size)
        _ = rig.state.setSwipeReady(ready)
        return rig
    }

    /// Presses at the path's start, moves along it, releases at its end; returns every effect.
    static func swipe(_ rig: inout Rig, _ path: [Point], pointer: Int = 1) -> [Effect] {
        var effects = rig.handle(.press(pointer: pointer, at: path[0]))
        for point in path.dropFirst() { effects += rig.handle(.move(pointer: pointer, to: point)) }
        return effects + rig.handle(.release(pointer: pointer, at: path[path.count - 1]))
    }

    static func gestures(_ effects: [Effect]) -> [SwipeGesture] {
        effects.compactMap { if case .swipe(let g) = $0 { return g } else { return nil } }
    }

    @Test func aSlideAcrossLettersIsASwipeThatTypesNothingItself() {
        var rig = Self.rig()
        #expect(rig.state.swipeOn)
        let path = SwipeFixtures.path("hello")
        let effects = Self.swipe(&rig, path)
        #expect(typed(effects).isEmpty)
        let gesture = Self.gestures(effects).first
        #expect(gesture != nil)
        #expect(gesture?.casing == .asListed)
        #expect((gesture?.path.count ?? 0) > 5 && gesture?.path.first == path.first && gesture?.path.last == path.last)
        #expect(effects.contains(.redrawTrail))
        #expect(rig.state.swipeTrails.isEmpty)
    }

    @Test func whileSwipingNoKeyIsPressedOrPreviewedAndTheTrailGrows() {
        var rig = Self.rig()
        let path = SwipeFixtures.path("world")
        _ = rig.handle(.press(pointer: 1, at: path[0]))
        var trail = 0
        for point in path.dropFirst() {
            _ = rig.handle(.move(pointer: 1, to: point))
            if let now = rig.state.swipeTrails.first?.path.count {
                #expect(now >= trail)
                trail = now
            }
        }
        #expect(trail > 10)
        #expect(rig.state.preview == nil)
        #expect(!rig.state.geometry.keys.indices.contains { rig.state.visual(ofKey: $0).pressed })
    }

    @Test func aSlideThatStaysOnItsKeyOrOnlyReachesANeighbourIsATap() {
        var rig = Self.rig()
        let g = rig.center("g")
        _ = rig.handle(.press(pointer: 1, at: g))
        _ = rig.handle(.move(pointer: 1, to: Point(x: g.x + 10, y: g.y + 5)))
        #expect(typed(rig.handle(.release(pointer: 1, at: Point(x: g.x + 10, y: g.y + 5)))) == ["g"])
        // Just over the edge onto h, less than three quarters of a key from the press: h, as today.
        let h = rig.center("h")
        let edge = Point(x: (g.x + h.x) / 2 + 3, y: g.y)
        _ = rig.handle(.press(pointer: 1, at: Point(x: edge.x - 8, y: g.y)))
        _ = rig.handle(.move(pointer: 1, to: edge))
        #expect(typed(rig.handle(.release(pointer: 1, at: edge))) == ["h"])
    }

    @Test func aSlideFromANonLetterKeyFollowsTheFinger() {
        var rig = Self.rig()
        _ = rig.press("space")
        _ = rig.move(to: "⌫")
        let effects = rig.release("⌫")
        #expect(effects.contains(.key(.backspace, modifiers: [])))
        #expect(Self.gestures(effects).isEmpty)
    }

    @Test func withoutAWordListOrTheSettingOrInSecureEntryThereIsNoSwipe() {
        for var rig in [Self.rig(ready: false), Self.rig(swipe: false)] {
            let effects = Self.swipe(&rig, SwipeFixtures.path("hello"))
            #expect(Self.gestures(effects).isEmpty)
            #expect(typed(effects) == ["o"]) // the press followed the finger to o
        }
        var secure = Self.rig()
        _ = secure.state.setSecureEntry(true)
        #expect(!secure.state.swipeOn)
        #expect(Self.gestures(Self.swipe(&secure, SwipeFixtures.path("hello"))).isEmpty)
    }

    @Test func shiftCapitalisesAndCapsLockOrALockedShiftWritesCapitals() {
        var rig = Self.rig()
        rig.tap("⇧")
        #expect(Self.gestures(Self.swipe(&rig, SwipeFixtures.path("help"))).first?.casing == .capitalized)
        #expect(Self.gestures(Self.swipe(&rig, SwipeFixtures.path("help"))).first?.casing == .asListed) // the latch was used
        rig.tap("⇧")
        rig.tap("⇧")
        #expect(Self.gestures(Self.swipe(&rig, SwipeFixtures.path("help"))).first?.casing == .upper)
    }

    @Test func theKeyboardsOwnShiftCapitalisesASwipeAsTheUsersDoes() {
        var rig = Self.rig()
        _ = rig.state.setAutoShift(true)
        #expect(rig.state.autoShifted, "the swipe layout has capitals")
        #expect(Self.gestures(Self.swipe(&rig, SwipeFixtures.path("help"))).first?.casing == .capitalized)
        #expect(!rig.state.autoShifted, "the swipe used it up")
    }

    @Test func ctrlKeepsTodaysBehaviour() {
        var rig = Self.rig()
        rig.tap("ctrl")
        #expect(Self.gestures(Self.swipe(&rig, SwipeFixtures.path("the"))).isEmpty)
    }

    @Test func twoFingersSwipeEachTheirOwnWord() {
        var rig = Self.rig()
        let a = SwipeFixtures.path("the"), b = SwipeFixtures.path("was")
        var effects = rig.handle(.press(pointer: 1, at: a[0])) + rig.handle(.press(pointer: 2, at: b[0]))
        for i in 1..<max(a.count, b.count) {
            if i < a.count { effects += rig.handle(.move(pointer: 1, to: a[i])) }
            if i < b.count { effects += rig.handle(.move(pointer: 2, to: b[i])) }
        }
        #expect(rig.state.swipeTrails.count == 2)
        let first = rig.handle(.release(pointer: 2, at: b[b.count - 1]))
        let second = rig.handle(.release(pointer: 1, at: a[a.count - 1]))
        #expect(Self.gestures(first).first?.path.first == b[0])
        #expect(Self.gestures(second).first?.path.first == a[0])
    }

    @Test func aPointOutsideTheWindowDoesNotCancelASwipe() {
        var rig = Self.rig()
        var path = SwipeFixtures.path("quick")
        path.insert(Point(x: path[3].x, y: -40), at: 4)
        let effects = Self.swipe(&rig, path)
        let gesture = Self.gestures(effects).first
        #expect(gesture != nil)
        #expect(gesture?.path.allSatisfy { $0.y >= 0 } == true)
    }
}

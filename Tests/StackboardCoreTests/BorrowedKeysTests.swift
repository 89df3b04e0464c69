import Testing
@testable import StackboardCore

/// Where characters that are not in the keymap go: levels before keycodes, the share, what is
/// replaced when nothing is left, and what is given back.
@Suite struct BorrowedKeysTests {
    /// `keys` with `keycode` carrying `symbols`, each level last used at `used`.
    func holding(_ keycode: Int, _ symbols: [UInt], at used: Double, in keys: BorrowedKeys = BorrowedKeys(idleTimeout: 10)) -> BorrowedKeys {
        var keys = keys
        keys.record(keycode, symbols: symbols, holds: symbols, now: used)
        return keys
    }

    @Test func aLevelIsAddedToAHeldKeycodeBeforeAFreeOneIsTaken() {
        let keys = holding(230, [0xe0], at: 1)
        let p = keys.placement(for: 0xe1, free: [93, 248], limit: 16, levels: 4, busy: [], protected: [], nextUse: [:])
        #expect(p == .extend(keycode: 230))
    }

    @Test func theFullestOpenKeycodeIsFilledFirst() {
        let keys = holding(222, [4], at: 1, in: holding(230, [1, 2, 3], at: 1))
        let p = keys.placement(for: 9, free: [93], limit: 16, levels: 4, busy: [], protected: [], nextUse: [:])
        #expect(p == .extend(keycode: 230))
    }

    @Test func theHighestFreeKeycodeIsTakenWhenEveryHeldOneIsFull() {
        let keys = holding(230, [1, 2, 3, 4], at: 1)
        let p = keys.placement(for: 9, free: [93, 248, 230, 120], limit: 16, levels: 4, busy: [], protected: [], nextUse: [:])
        #expect(p == .take(keycode: 248))
    }

    @Test func aKeycodeThatIsDownIsNotExtended() {
        let keys = holding(230, [1], at: 1)
        let p = keys.placement(for: 9, free: [93], limit: 16, levels: 4, busy: [230], protected: [], nextUse: [:])
        #expect(p == .take(keycode: 93))
    }

    @Test func onAMapWithOneLevelEveryCharacterTakesAKeycode() {
        let keys = holding(230, [1], at: 1)
        let p = keys.placement(for: 9, free: [93], limit: 16, levels: 1, busy: [], protected: [], nextUse: [:])
        #expect(p == .take(keycode: 93))
    }

    @Test func atItsShareAProcessReplacesOneOfItsOwnInsteadOfTakingAFreeKeycode() {
        let keys = holding(222, [3, 4], at: 1, in: holding(230, [1, 2], at: 5))
        let p = keys.placement(for: 9, free: [93], limit: 2, levels: 2, busy: [], protected: [], nextUse: [:])
        #expect(p == .replace(keycode: 222, level: 0, victim: BorrowedLevel(keysym: 3, lastUse: 1)))
    }

    @Test func theCharacterNeededLastIsReplacedThenTheLeastRecentlyUsed() {
        var keys = holding(230, [1, 2], at: 1)
        keys.touch(1, now: 8, handledBy: 8.4, stretch: 0)
        // 2 is needed at position 3, 1 never again: 1 goes although 2 is older.
        let never = keys.placement(for: 9, free: [], limit: 1, levels: 2, busy: [], protected: [], nextUse: [2: 3])
        #expect(never == .replace(keycode: 230, level: 0, victim: BorrowedLevel(keysym: 1, lastUse: 8)))
        // Neither is needed again: the least recently used.
        let lru = keys.placement(for: 9, free: [], limit: 1, levels: 2, busy: [], protected: [], nextUse: [:])
        #expect(lru == .replace(keycode: 230, level: 1, victim: BorrowedLevel(keysym: 2, lastUse: 1)))
    }

    @Test func charactersTheBatchNeedsAreNeverReplaced() {
        let keys = holding(230, [1, 2], at: 1)
        #expect(keys.placement(for: 9, free: [], limit: 1, levels: 2, busy: [], protected: [1, 2], nextUse: [:]) == .none)
        #expect(keys.placement(for: 9, free: [], limit: 1, levels: 2, busy: [230], protected: [], nextUse: [:]) == .none)
        #expect(BorrowedKeys(idleTimeout: 1).placement(for: 9, free: [], limit: 4, levels: 4, busy: [], protected: [], nextUse: [:]) == .none)
    }

    @Test func recordingAChangeKeepsTheHistoryOfLevelsThatDidNotChange() {
        var keys = holding(230, [1, 2], at: 1)
        keys.touch(2, now: 4, handledBy: 4.4, stretch: 1)
        keys.record(230, symbols: [7, 2, 3], holds: [7, 2, 3, 0], now: 6)
        let levels = keys.keys[230]?.levels ?? []
        #expect(levels == [BorrowedLevel(keysym: 7, lastUse: 6), BorrowedLevel(keysym: 2, lastUse: 4), BorrowedLevel(keysym: 3, lastUse: 6)])
        #expect(keys.keys[230]?.holds == [7, 2, 3, 0])
        // The events sent on the keycode before the change are still to be handled.
        #expect(keys.keys[230]?.handledBy == 4.4)
        #expect(keys.keys[230]?.stretch == 1)
        #expect(keys.slot(for: 3).map { [$0.keycode, $0.level] } == [230, 2])
        #expect(keys.slot(for: 1) == nil)
    }

    @Test func aKeycodeKnowsWhenItsOwnLastKeyEventIsHandled() {
        var keys = holding(222, [3], at: 0, in: holding(230, [1, 2], at: 0))
        #expect(keys.keys[230]?.handledBy == 0)
        #expect(keys.keys[230]?.stretch == -1)
        keys.touch(2, now: 1, handledBy: 1.4, stretch: 0)
        keys.touch(3, now: 2, handledBy: 2.8, stretch: 1)
        // A level typed again later moves its keycode's time on; an earlier estimate never
        // moves it back (a pong may have lowered the pace of later keys, not this one's).
        keys.touch(1, now: 3, handledBy: 1.0, stretch: 1)
        #expect(keys.keys[230]?.handledBy == 1.4)
        #expect(keys.keys[230]?.stretch == 1)
        #expect(keys.keys[222]?.handledBy == 2.8)
        keys.touch(99, now: 4, handledBy: 9, stretch: 5) // not borrowed: nothing changes
        #expect(keys.keys[230]?.handledBy == 1.4 && keys.keys[222]?.handledBy == 2.8)
    }

    @Test func idleKeycodesAreThoseWhoseEveryLevelIsIdle() {
        var keys = holding(222, [3], at: 0, in: holding(230, [1, 2], at: 0))
        keys.touch(2, now: 6, handledBy: 6.4, stretch: 0)
        #expect(keys.idle(now: 10, busy: []).map(\.keycode) == [222])
        #expect(keys.idle(now: 16, busy: []).map(\.keycode) == [222, 230])
        #expect(keys.idle(now: 16, busy: [222]).map(\.keycode) == [230])
        #expect(keys.nextIdle(busy: []) == 10)
        #expect(keys.nextIdle(busy: [222]) == 16)
        keys.drop(222)
        keys.drop(230)
        #expect(keys.nextIdle(busy: []) == nil)
    }

    @Test func theExcessOverTheShareIsTheLeastRecentlyUsedKeycodes() {
        let keys = holding(219, [3], at: 3, in: holding(222, [2], at: 1, in: holding(230, [1], at: 5)))
        #expect(keys.excess(limit: 3, busy: []).isEmpty)
        #expect(keys.excess(limit: 1, busy: []).map(\.keycode) == [222, 219])
        #expect(keys.excess(limit: 2, busy: [222]).map(\.keycode) == [219])
    }
}

/// The pace of an application that does not answer pings.
@Suite struct KeyDeliveryPaceTests {
    @Test func eventsSentFasterThanThePaceQueueUp() {
        var pace = KeyDeliveryPace(perEvent: 0.2)
        #expect(pace.sent(events: 2, at: 10) == 10.4)
        #expect(abs(pace.sent(events: 2, at: 10.1) - 10.8) < 1e-9)
    }

    @Test func eventsSentSlowerThanThePaceStartFromTheirOwnTime() {
        var pace = KeyDeliveryPace(perEvent: 0.2)
        pace.sent(events: 2, at: 10)
        #expect(pace.sent(events: 1, at: 20) == 20.2)
    }

    @Test func aPongBringsItToThePongsTime() {
        var pace = KeyDeliveryPace(perEvent: 0.2)
        pace.sent(events: 100, at: 0)
        pace.confirmed(at: 3)
        #expect(pace.handledBy == 3)
        pace.confirmed(at: 5)
        #expect(pace.handledBy == 3, "a pong never moves it later")
    }

    @Test func aZeroOrNegativePaceTrustsTheApplication() {
        var pace = KeyDeliveryPace(perEvent: -1)
        #expect(pace.perEvent == 0)
        #expect(pace.sent(events: 50, at: 4) == 4)
    }
}

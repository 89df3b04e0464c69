import Testing
import StackboardCore

/// The injector's schedule without a display: what it decides, step by step, as the executor
/// would drive it, with time passed by hand. Each sequence is one that the integration tests
/// meet under Xvfb (named in its comment).
@Suite struct TypingScheduleTests {
    /// `ssharp` and `eacute`: characters the us map lacks, borrowed.
    let sharpS: UInt = 0x00df, eAcute: UInt = 0x00e9

    /// A schedule that has read the map and the record, alone on the display.
    func fresh(idle: Double = 10, pace: Double = 0.2) -> TypingSchedule {
        var s = TypingSchedule(idleTimeout: idle, firstStamp: 100)
        s.pace.perEvent = pace
        s.mapRead(serial: 1)
        s.recordRead(pool: 10, others: 0)
        return s
    }

    /// The executor borrows `keycode` for `keysym` at `now` (under the lock) and types it: a press
    /// and a release, its fetch by clients starting then.
    func borrowAndType(_ s: inout TypingSchedule, _ keycode: Int, _ keysym: UInt, at now: Double) {
        #expect(s.mayChangeKeymap(now: now))
        s.changing()
        s.borrowed.record(keycode, symbols: [keysym], holds: [keysym], now: now)
        s.keymapChanged()
        typeKey(&s, keysym, at: now)
    }

    /// A key (borrowed or not) typed at `now`.
    func typeKey(_ s: inout TypingSchedule, _ keysym: UInt, at now: Double) {
        s.sent(events: 2, at: now)
        s.typedBorrowed(keysym, at: now)
        s.keysWentOut(at: now)
    }

    // MARK: a busy application, late pongs, no pongs

    /// TypingBusyTests: an application that handles its keys late answers its ping late; the
    /// next keymap change waits for the pong, not for the pace of a slow application.
    @Test func aLatePongOpensTheKeymapBeforeThePace() throws {
        var s = fresh()
        borrowAndType(&s, 250, sharpS, at: 0)
        for i in 1...10 { typeKey(&s, 0x61, at: 0.001 * Double(i)) } // 22 events: quiet by time at 4.4 s
        #expect(!s.mayChangeKeymap(now: 0.2), "the application may not have looked the keys up")
        let r1 = s.proofNeeded()
        let ping = try #require(r1)
        #expect(ping.covering == 0)
        s.pingAnswered(ping, sent: true)
        let r2 = s.proofNeeded()
        #expect(r2 == nil, "no second ping for the same keys")
        #expect(s.waitsForPong)
        let r3 = s.pong(stamp: ping.stamp, at: 1.5)
        #expect(r3)
        #expect(s.mayChangeKeymap(now: 1.5))
        #expect(!s.waitsForPong)
    }

    /// A pong is not news for keys sent after its ping: they wait for a pong of their own.
    @Test func aPongCoversOnlyTheKeysBeforeItsPing() throws {
        var s = fresh()
        typeKey(&s, 0x61, at: 0)
        let r4 = s.proofNeeded()
        let ping = try #require(r4)
        s.pingAnswered(ping, sent: true)
        typeKey(&s, 0x62, at: 0.01) // the next stretch
        s.pong(stamp: ping.stamp, at: 0.05)
        #expect(!s.isQuiet(now: 0.05))
        let r5 = s.proofNeeded()
        let next = try #require(r5)
        #expect(next.covering == ping.covering + 1)
        #expect(next.stamp != ping.stamp)
    }

    /// A pong that is not the schedule's (another Stackboard process's ping) proves nothing; a
    /// pong of a later ping answers the earlier ones too.
    @Test func onlyOwnPongsCountAndALaterOneAnswersTheEarlierOnes() throws {
        var s = fresh()
        typeKey(&s, 0x61, at: 0)
        let r6 = s.proofNeeded()
        let first = try #require(r6)
        s.pingAnswered(first, sent: true)
        typeKey(&s, 0x62, at: 0.01)
        let second = s.askForProof()
        s.pingAnswered(second, sent: true)
        let r7 = s.pong(stamp: 7, at: 0.02)
        #expect(!r7)
        #expect(!s.isQuiet(now: 0.02))
        let r8 = s.pong(stamp: second.stamp, at: 0.03)
        #expect(r8)
        #expect(s.pings.isEmpty)
        #expect(s.isQuiet(now: 0.03))
    }

    /// TypingBusyTests (xterm): an application that never answers pings is given the pace, and
    /// not a moment more: a borrowed keycode goes back when the pace says its keys are handled.
    @Test func anApplicationThatNeverAnswersIsGivenThePace() throws {
        var s = fresh(idle: 0.5)
        borrowAndType(&s, 250, sharpS, at: 0) // handled by 0.4 at the pace
        s.finishTyping()
        #expect(s.nextDeadline(now: 0, registered: false) == 0.5, "idle at 0.5")
        let quiet = s.expire(now: 0.5, registered: false)
        #expect(quiet == [.giveBack([TypingScheduleTests.key(250, sharpS, at: 0, handledBy: 0.4, stretch: 0)])],
                "quiet by time already: no ping needed")
        #expect(s.borrowed.keys.isEmpty)
        // The same with a longer text: a ping goes out, no pong ever comes, time decides.
        var t = fresh(idle: 0.1)
        borrowAndType(&t, 250, sharpS, at: 0)
        for i in 1...9 { typeKey(&t, 0x61, at: 0.001 * Double(i)) } // 20 events: 4 s at the pace
        let chores = t.expire(now: 0.2, registered: true)
        guard case .ping(let ping)? = chores.first else {
            Issue.record("a ping for the keys: \(chores)")
            return
        }
        t.pingAnswered(ping, sent: true)
        #expect(t.nextDeadline(now: 0.2, registered: true) == t.quietTime, "the pong is awaited no longer than the pace")
        let r9 = t.expire(now: 3.9, registered: true)
        #expect(r9.isEmpty)
        let late = t.expire(now: t.quietTime, registered: true)
        // Given back; a pong that did not come is forgotten; holding nothing, it leaves the record.
        #expect(late == [.giveBack([TypingScheduleTests.key(250, sharpS, at: 0, handledBy: 0.4, stretch: 0)]),
                         .forgetPings, .leaveRecord])
        #expect(!t.waitsForPong)
    }

    static func key(_ keycode: Int, _ keysym: UInt, at used: Double, handledBy: Double, stretch: Int) -> BorrowedKey {
        var key = BorrowedKey(keycode: keycode, levels: [BorrowedLevel(keysym: keysym, lastUse: used)], holds: [keysym])
        key.handledBy = handledBy
        key.stretch = stretch
        return key
    }

    /// An application that cannot be pinged (no focus, no `_NET_WM_PING`): time alone, and the
    /// notice `stackboard type` prints names when.
    @Test func anUnpingableApplicationWaitsForTimeAlone() throws {
        var s = fresh(idle: 0)
        borrowAndType(&s, 250, sharpS, at: 0)
        typeKey(&s, 0x61, at: 0.001)
        s.finishTyping()
        let r10 = s.proofNeeded()
        let ping = try #require(r10)
        s.pingAnswered(ping, sent: false)
        #expect(!s.pingable)
        #expect(s.giveBackWaitsForTime(now: 0.01) == 0.4, "the borrowed key's own events, handled by 0.4")
        let r11 = s.expire(now: 0.3, registered: false)
        #expect(r11.isEmpty)
        let r12 = s.expire(now: 0.4, registered: false)
        #expect(r12.count == 1)
    }

    /// Once no more keys follow and the last keys were pinged, a borrowed keycode goes back as
    /// soon as its own keys are handled, not every key typed after it.
    @Test func afterTheLastKeyABorrowedKeycodeWaitsOnlyForItsOwnKeys() throws {
        var s = fresh(idle: 0)
        borrowAndType(&s, 250, sharpS, at: 0) // its events handled by 0.4
        for i in 1...20 { typeKey(&s, 0x61, at: 0.001 * Double(i)) } // the rest by 8.4
        let r13 = s.expire(now: 0.5, registered: true)
        #expect(r13.first.map { if case .ping = $0 { true } else { false } } == true)
        #expect(s.borrowed.keys.count == 1, "not before the text's end is said")
        s.finishTyping()
        let r14 = s.expire(now: 0.5, registered: true)
        #expect(r14.first.map { if case .giveBack = $0 { true } else { false } } == true)
    }

    // MARK: clients fetching a change

    /// x11-facts 5: clients fetch a change when keys follow it; another change waits until
    /// they have (Xlib forgets a change that arrives during a fetch), even when they are quiet.
    @Test func aChangeWaitsForClientsToFetchThePreviousOne() throws {
        var s = fresh(pace: 0)
        borrowAndType(&s, 250, sharpS, at: 1.0)
        #expect(s.isQuiet(now: 1.0))
        #expect(!s.mayChangeKeymap(now: 1.05))
        #expect(s.settleTime == 1.0 + TypingSchedule.settleSeconds)
        #expect(s.mayChangeKeymap(now: 1.1))
    }

    // MARK: two processes borrowing at once

    /// TypingConcurrentTests: two Stackboard processes share the free keycodes through the
    /// record. The first borrows freely while alone; when the second registers, the first's
    /// share shrinks and it gives back its least recently used keycodes, once its application
    /// has handled their keys; the second then finds them free.
    @Test func twoBorrowersShareThePool() throws {
        let pool = Array(240...249) // ten empty keycodes
        var record = KeymapRecord()
        let alice = KeymapRecord.Borrower(slot: 300, window: 0x40_0001, pid: 111, nonce: 7)
        let bob = KeymapRecord.Borrower(slot: 301, window: 0x60_0001, pid: 222, nonce: 9)
        var a = fresh(idle: 60, pace: 0.2)
        #expect(a.share == 8, "alone: the pool less a reserve of two")
        // Alice (under the lock) registers and borrows six keycodes, typing each.
        record.borrowers.append(alice)
        for (i, kc) in pool.prefix(6).enumerated() {
            let now = 0.2 * Double(i)
            a.changing()
            a.borrowed.record(kc, symbols: [UInt(0x1000 + kc)], holds: [UInt(0x1000 + kc)], now: now)
            record.set(KeymapRecord.Key(keycode: kc, pid: alice.pid, nonce: alice.nonce, symbols: [UInt32(0x1000 + kc)]))
            a.keymapChanged()
            typeKey(&a, UInt(0x1000 + kc), at: now)
        }
        // Bob registers: the record changes on the root window, Alice hears of it.
        record.borrowers.append(bob)
        a.recordChangedNews()
        #expect(a.nextDeadline(now: 1.2, registered: true) == 0, "the record is read at once")
        let live = record.keys.count
        let free = pool.count - live
        a.recordRead(pool: free + live, others: record.borrowers.filter { $0.nonce != alice.nonce }.count)
        #expect(a.share == 4)
        // Her application is still busy with the last key: she asks for proof, not a change.
        let chores = a.expire(now: 1.2, registered: true)
        guard case .ping(let ping)? = chores.first else {
            Issue.record("a ping before giving back: \(chores)")
            return
        }
        a.pingAnswered(ping, sent: true)
        #expect(a.borrowed.keys.count == 6)
        // The pong comes: the two least recently used go back.
        a.pong(stamp: ping.stamp, at: 1.25)
        let back = a.expire(now: 1.25, registered: true)
        guard case .giveBack(let keys)? = back.first else {
            Issue.record("the excess given back: \(back)")
            return
        }
        #expect(keys.map(\.keycode).sorted() == [240, 241])
        for key in keys { record.remove(keycode: key.keycode) }
        #expect(a.borrowed.keys.count == 4)
        // Bob reads the record under the lock: four keycodes are free for him, within his share.
        let taken = Set(record.keys.map(\.keycode))
        #expect(pool.filter { !taken.contains($0) }.count == 6)
        #expect(KeymapRecord.share(pool: 10, borrowers: 2) == 4)
    }

    /// FaultKillTests: a borrower killed with kill -9 leaves its keycodes in the record; the
    /// next process to take the lock empties those that still hold what it put there, and
    /// keeps one that someone else (xmodmap) has changed since.
    @Test func aKilledBorrowersKeycodesAreRestored() {
        let dead = KeymapRecord.Borrower(slot: 300, window: 0x40_0001, pid: 111, nonce: 7)
        let us = KeymapRecord.Borrower(slot: 301, window: 0x60_0001, pid: 222, nonce: 9)
        var record = KeymapRecord(borrowers: [dead, us], keys: [
            KeymapRecord.Key(keycode: 248, pid: 111, nonce: 7, symbols: [0xdf]),
            KeymapRecord.Key(keycode: 247, pid: 111, nonce: 7, symbols: [0xe9, 0xc9]),
            KeymapRecord.Key(keycode: 246, pid: 222, nonce: 9, symbols: [0x20ac]),
        ])
        // What the keymap holds now: 247 was changed by someone else after the borrower died.
        let map: [Int: [UInt32]] = [248: [0xdf, 0, 0, 0], 247: [0x61, 0, 0, 0], 246: [0x20ac, 0, 0, 0]]
        let restore = record.restoreAbandoned(alive: [us.nonce]) { map[$0.keycode] == $0.symbols }
        #expect(restore == [248])
        #expect(record.keys.map(\.keycode) == [246], "ours stay")
        #expect(record.borrowers == [us])
    }

    // MARK: the focus moving, the field left, waiting too long

    /// WindowTypingTests: keys deferred for a busy application are typed into the window that
    /// had the focus when they were asked for, or nowhere: the focus moved while they waited,
    /// so they are dropped (and counted), never typed into the other window.
    @Test func deferredKeysAreDroppedWhenTheFocusMoves() throws {
        var s = fresh()
        s.dropsStaleKeys = true
        borrowAndType(&s, 250, sharpS, at: 0)
        var job = TypingJob(keysyms: [eAcute], modifiers: [], otherGroups: false, holdLast: false)
        job.focus = 0x40_0005
        s.enqueue(job, at: 0.01)
        s.enqueue(job, at: 0.02)
        #expect(s.nextDeadline(now: 0.02, registered: true) == s.settleTime, "a ping for the keys before them, once settled")
        let r15 = s.proofNeeded()
        let ping = try #require(r15)
        s.pingAnswered(ping, sent: true)
        #expect(s.nextDeadline(now: 0.02, registered: true) == s.quietTime, "then its pong, or the pace")
        let r16 = s.dropStale(now: 0.05, focus: { 0x40_0005 })
        #expect(r16 == nil)
        let r17 = s.dropStale(now: 0.05, focus: { 0x60_0001 })
        let dropped = try #require(r17)
        #expect(dropped.jobs.count == 2)
        #expect(dropped.reason == .focusMoved)
        #expect(s.outbox.isEmpty)
    }

    /// A key held down (press-and-hold) keeps its keycode: never given back, nor read at idle.
    @Test func aKeyHeldDownKeepsItsKeycode() {
        var s = fresh(idle: 0, pace: 0)
        borrowAndType(&s, 250, sharpS, at: 0)
        s.pressed(250)
        let r18 = s.expire(now: 5, registered: true)
        #expect(r18.isEmpty)
        s.mapChanged(serial: 9)
        #expect(!s.readDueWhenIdle, "not while a key is down")
        s.released(250)
        #expect(s.readDueWhenIdle)
        let r19 = s.expire(now: 5, registered: true)
        #expect(r19 == [.giveBack([TypingScheduleTests.key(250, sharpS, at: 0, handledBy: 0, stretch: 0)]), .leaveRecord])
    }

    /// Keys that none could go out for `deferredLimitSeconds` past the time the application
    /// should have been ready are dropped (`tooLate`); `stackboard type` (not dropping) waits.
    @Test func keysThatWaitTooLongAreDroppedByTheKeyboardOnly() throws {
        var keyboard = fresh()
        keyboard.dropsStaleKeys = true
        var script = fresh()
        let job = TypingJob(keysyms: [eAcute], modifiers: [], otherGroups: false, holdLast: false)
        keyboard.enqueue(job, at: 0)
        script.enqueue(job, at: 0)
        let r20 = keyboard.dropStale(now: 4.9, focus: { 0 })
        #expect(r20 == nil)
        let r21 = keyboard.dropStale(now: 5.1, focus: { 0 })
        #expect(r21?.reason == .tooLate)
        let r22 = script.dropStale(now: 60, focus: { 1 })
        #expect(r22 == nil)
        #expect(script.outbox.count == 1)
        let r23 = script.leaveField(now: 1, focus: { 0 })
        #expect(r23.count == 1, "a field left drops them")
        #expect(script.outbox.isEmpty)
    }

    /// WindowTypingTests, XkbTypingTests: a click elsewhere drops the keys waiting for the
    /// application, but a tap queued just before it still goes out if its pong comes within
    /// `quickPongSeconds` of the tap (as when the keyboard waited that long before it read the
    /// click); later, it is dropped too. A dropped job's held modifiers are handed back.
    @Test func aClickElsewhereDropsWaitingKeysButATapWhosePongIsAtHand() throws {
        var s = fresh()
        s.dropsStaleKeys = true
        var old = TypingJob(keysyms: [eAcute], modifiers: [.ctrl], otherGroups: true, holdLast: false)
        old.started = true
        old.held = [37]
        s.enqueue(old, at: 1.0)
        s.enqueue(TypingJob(keysyms: [sharpS], modifiers: [], otherGroups: false, holdLast: false), at: 1.2)
        let left = s.leaveField(now: 1.22, focus: { 0 })
        #expect(left.map(\.held) == [[37]], "the old one goes, with the Ctrl it held")
        #expect(s.outbox.count == 1)
        #expect(s.outbox.first?.keptUntil == 1.2 + TypingSchedule.quickPongSeconds)
        // A tap after the click is for the new place: not at risk.
        s.enqueue(TypingJob(keysyms: [0x61], modifiers: [], otherGroups: false, holdLast: false), at: 1.23)
        #expect(s.nextDeadline(now: 1.23, registered: false) ?? 9 <= 1.25)
        let early = s.dropStale(now: 1.24, focus: { 0 })
        #expect(early?.reason != .fieldLeft, "its pong may still come")
        let late = s.dropStale(now: 1.25, focus: { 0 })
        #expect(late?.jobs.count == 1)
        #expect(late?.reason == .fieldLeft)
        #expect(s.outbox.map(\.keysyms) == [[0x61]])
    }

    /// TypingBusyTests: a click into another window drops every waiting key, even one queued just
    /// before it and stamped with the new window (the keyboard handled its tap after the click
    /// had moved the focus): keys for the busy window never reach the one clicked next.
    @Test func aClickThatMovedTheFocusDropsEveryWaitingKey() throws {
        var s = fresh()
        s.dropsStaleKeys = true
        var busy = TypingJob(keysyms: [eAcute], modifiers: [], otherGroups: false, holdLast: false)
        busy.focus = 7
        var late = TypingJob(keysyms: [sharpS], modifiers: [], otherGroups: false, holdLast: false)
        late.focus = 9
        s.enqueue(busy, at: 1.19)
        s.enqueue(late, at: 1.2)
        let left = s.leaveField(now: 1.21, focus: { 9 })
        #expect(left.count == 2, "both go: the focus left the window the first was for")
        #expect(s.outbox.isEmpty)
        // The same click with the focus still on that window keeps the tap whose pong is at hand.
        var t = fresh()
        t.dropsStaleKeys = true
        t.enqueue(busy, at: 1.19)
        t.enqueue(busy, at: 1.2)
        #expect(t.leaveField(now: 1.21, focus: { 7 }).isEmpty)
        #expect(t.outbox.count == 2)
    }

    /// A job that got partly out before it had to wait keeps its place and its progress; the
    /// outbox's clock starts again when keys went out.
    @Test func aJobResumesWhereItStopped() {
        var s = fresh()
        s.dropsStaleKeys = true
        var job = TypingJob(keysyms: [0x61, sharpS, eAcute], modifiers: [.ctrl], otherGroups: true, holdLast: false)
        s.enqueue(job, at: 1)
        job.started = true
        job.held = [37]
        job.sent = 1
        s.updateFirst(job, at: 3)
        #expect(s.outbox.first?.sent == 1)
        #expect(s.outboxProgress == 3)
        s.updateFirst(job, at: 4) // no progress
        #expect(s.outboxProgress == 3)
        s.finishFirst(at: 5)
        #expect(s.outbox.isEmpty)
    }

    // MARK: the keymap changed by someone else

    /// TypingBehaviourTests.keymapReplacedWhileTyping, InjectorIdleRefreshTests: notifications
    /// of the injector's own change are older than its read and change nothing; one of another
    /// program's change (setxkbmap mid-word) makes the map stale, read at the next idle turn
    /// (due at once), before the next key needs it. A failed read is not retried at idle until
    /// the next change.
    @Test func someoneElsesKeymapChangeIsReadAtIdle() {
        var s = fresh()
        #expect(s.nextDeadline(now: 0, registered: false) == nil, "idle: no wake-ups")
        s.mapRead(serial: 100) // our own borrowing
        s.mapChanged(serial: 99)
        #expect(!s.stale)
        s.mapChanged(serial: 140) // setxkbmap
        #expect(s.stale)
        #expect(s.nextDeadline(now: 3, registered: false) == 0)
        s.idleReadFailed()
        #expect(s.nextDeadline(now: 3, registered: false) == nil)
        s.mapChanged(serial: 150)
        #expect(s.readDueWhenIdle)
        s.mapRead(serial: 151)
        #expect(!s.stale)
        #expect(s.nextDeadline(now: 3, registered: false) == nil)
    }

    /// While deferred keys wait, the map is not read at idle: the job reads it itself when it
    /// plans again, so its keys are planned in the new map.
    @Test func aStaleMapIsReadByTheWaitingJobNotAtIdle() {
        var s = fresh()
        s.enqueue(TypingJob(keysyms: [sharpS], modifiers: [], otherGroups: false, holdLast: false), at: 0)
        s.mapChanged(serial: 5)
        #expect(!s.readDueWhenIdle)
        #expect(s.stale)
    }

    /// A job waiting for another process to give a keycode back looks again every
    /// `keycodeRetrySeconds`, and no later than it gives up.
    @Test func aJobWaitingForAKeycodeLooksAgainSoon() {
        var s = fresh()
        var job = TypingJob(keysyms: [sharpS], modifiers: [], otherGroups: false, holdLast: false)
        job.keycodeWaitEnd = 3
        s.enqueue(job, at: 1)
        #expect(s.nextDeadline(now: 1, registered: true) == 1 + TypingSchedule.keycodeRetrySeconds)
        job.keycodeWaitEnd = 1.02
        s.updateFirst(job, at: 1)
        #expect(s.nextDeadline(now: 1, registered: true) == 1.02)
    }
}

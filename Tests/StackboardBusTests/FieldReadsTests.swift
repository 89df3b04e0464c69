import Testing
@testable import StackboardBus

/// `askIfDue` and `answered` through a variable (`#expect` cannot call a mutating method).
private func ask(_ r: inout FieldReads, _ now: Double) -> Bool { r.askIfDue(now: now) }
private func answer(_ r: inout FieldReads, _ generation: Int) -> Bool { r.answered(generation: generation) }

@Suite struct FieldReadsTests {
    @Test func aReadIsAskedOnceTheKeyboardIsQuiet() {
        var r = FieldReads()
        #expect(!ask(&r, 0) && r.nextDeadline == nil, "nothing wanted")
        r.typed(now: 1)
        r.want()
        #expect(r.nextDeadline == 1 + FieldReads.quietSeconds)
        #expect(!ask(&r, 1.1), "the keyboard typed just now")
        r.typed(now: 1.2) // a burst of typing pushes it back
        #expect(!ask(&r, 1.5))
        #expect(ask(&r, 1.2 + FieldReads.quietSeconds))
        #expect(!ask(&r, 3), "one read at a time")
        #expect(answer(&r, r.generation))
        #expect(r.nextDeadline == nil)
    }

    @Test func anAnswerAfterTheKeyboardTypedIsNotUsedAndTheReadComesAgain() {
        var r = FieldReads()
        r.want()
        #expect(ask(&r, 0))
        r.typed(now: 0.1)
        #expect(!answer(&r, r.generation))
        #expect(r.wanted && r.nextDeadline == 0.1 + FieldReads.quietSeconds)
        #expect(ask(&r, 0.6))
        #expect(answer(&r, r.generation))
    }

    @Test func anotherFieldMakesOlderAnswersStale() {
        var r = FieldReads()
        r.want()
        #expect(ask(&r, 0))
        let old = r.generation
        r.drop()
        r.want()
        #expect(!answer(&r, old))
        #expect(ask(&r, 0.1), "the new field is read, the old answer did not count")
        #expect(answer(&r, r.generation))
    }

    @Test func aReadNeverAnsweredIsGivenUpAndAskedAgain() {
        var r = FieldReads()
        r.want()
        #expect(ask(&r, 0))
        let lost = r.generation
        #expect(r.nextDeadline == FieldReads.limitSeconds)
        #expect(ask(&r, FieldReads.limitSeconds))
        #expect(!answer(&r, lost))
        #expect(answer(&r, r.generation))
    }

    @Test func aReadAfterAClickIsAskedAtOnce() {
        var r = FieldReads()
        r.typed(now: 1)
        r.want(now: true)
        #expect(ask(&r, 1.01), "the keys before the click are not the caret's context")
        #expect(answer(&r, r.generation))
        r.want()
        #expect(!ask(&r, 1.02), "a caret moved by a key waits for quiet again")
    }
}

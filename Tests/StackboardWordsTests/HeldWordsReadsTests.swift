import StackboardWords
import Testing

/// A field that does not show the held words yet is read again, further apart each time, and
/// only the last read drops what it does not show.
@Suite struct HeldWordsReadsTests {
    @Test func aFieldThatShowsTheWordsConfirmsAtOnce() {
        var reads = HeldWordsReads()
        #expect(reads.answered(shows: true, now: 10) == .confirm)
        #expect(reads.dueAt == nil && reads.attempts == 0)
    }

    @Test func aSlowFieldIsReadAgainFurtherApartThenTheLastReadDecides() {
        var reads = HeldWordsReads(firstDelay: 0.3, retries: 4)
        var now = 10.0
        var waits: [Double] = []
        while case .readAgain(let at) = reads.answered(shows: false, now: now) {
            #expect(reads.dueAt == at)
            waits.append(((at - now) * 10).rounded() / 10)
            now = at
        }
        #expect(waits == [0.3, 0.6, 1.2, 2.4])
        #expect(reads.dueAt == nil && reads.attempts == 0, "decided: the next held word starts over")
        #expect(reads.answered(shows: false, now: now) == .readAgain(at: now + 0.3))
    }

    @Test func aFieldThatCatchesUpConfirmsAndStartsOver() {
        var reads = HeldWordsReads()
        #expect(reads.answered(shows: false, now: 1) == .readAgain(at: 1.3))
        #expect(reads.answered(shows: false, now: 1.3) == .readAgain(at: 1.9))
        #expect(reads.answered(shows: true, now: 1.9) == .confirm)
        #expect(reads.answered(shows: false, now: 5) == .readAgain(at: 5.3))
    }
}

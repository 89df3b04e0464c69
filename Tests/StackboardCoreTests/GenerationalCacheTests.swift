import Testing
@testable import StackboardCore

@Suite struct GenerationalCacheTests {
    /// However many entries go in, no more than `limit` are kept.
    @Test func neverHoldsMoreThanItsLimit() {
        var cache = GenerationalCache<Int, String>(limit: 8)
        for i in 0..<1000 {
            cache.insert("\(i)", for: i)
            #expect(cache.count <= 8)
        }
        #expect(cache.value(for: 999) == "999")
        #expect(cache.value(for: 0) == nil)
    }

    /// An entry used at least once per half the limit of new entries stays, however many
    /// entries pass through; one seen once goes.
    @Test func anEntryUsedAgainStays() {
        var cache = GenerationalCache<String, Int>(limit: 8)
        cache.insert(1, for: "key")
        for i in 0..<500 {
            cache.insert(i, for: "word \(i)")
            if i % 4 == 3 { #expect(cache.value(for: "key") == 1, "after \(i + 1) words") }
        }
        #expect(cache.value(for: "word 0") == nil)
        #expect(cache.value(for: "word 499") == 499)
    }

    /// An old entry found again moves to the young generation and counts once.
    @Test func aFoundOldEntryIsNotKeptTwice() {
        var cache = GenerationalCache<Int, Int>(limit: 4)
        cache.insert(10, for: 1)
        cache.insert(20, for: 2)
        cache.insert(30, for: 3) // 1 and 2 are old now
        #expect(cache.count == 3)
        #expect(cache.value(for: 1) == 10)
        #expect(cache.count == 3)
        cache.insert(11, for: 1) // replaced in place, nothing dropped
        #expect(cache.value(for: 1) == 11)
        #expect(cache.value(for: 3) == 30)
        cache.removeAll()
        #expect(cache.count == 0)
    }
}

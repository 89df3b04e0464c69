import Testing
@testable import StackboardCore

@Suite struct PercentileTests {
    @Test func nearestRankOverTheSortedValues() {
        let five: [Double] = [1, 2, 3, 4, 5]
        #expect(Percentile.of(five, 0) == 1)
        #expect(Percentile.of(five, 0.5) == 3)
        #expect(Percentile.of(five, 0.95) == 5)
        #expect(Percentile.of(five, 1) == 5)
        #expect(Percentile.of([1, 2, 3, 4], 0.5) == 3)
        #expect(Percentile.of([7], 0.95) == 7)
    }

    @Test func noValuesAndFractionsOutOfRange() {
        #expect(Percentile.of([], 0.5) == nil)
        #expect(Percentile.of([1, 2], -3) == 1)
        #expect(Percentile.of([1, 2], 40) == 2)
        #expect(Percentile.of([1, 2, 3], .nan) == 2)
    }
}

import Testing
@testable import StackboardCore

@Suite struct LayoutEngineTests {
    @Test func equalSharesTileExactlyWithGaps() {
        for length in [0, 1, 7, 99, 100, 101, 1279, 1280] {
            for n in 1...12 {
                let spans = LayoutEngine.distribute(length: length, spacing: 3, weights: Array(repeating: 1, count: n))
                let available = max(0, length - 3 * (n - 1))
                #expect(spans.map(\.length).reduce(0, +) == available)
                let lengths = spans.map(\.length)
                #expect((lengths.max() ?? 0) - (lengths.min() ?? 0) <= 1, "leftovers spread one pixel at a time")
                if length >= 3 * (n - 1) {
                    for (a, b) in zip(spans, spans.dropFirst()) { #expect(b.offset == a.offset + a.length + 3) }
                }
            }
        }
    }

    @Test func weightedSharesFollowWeights() {
        let spans = LayoutEngine.distribute(length: 100, spacing: 0, weights: [1, 2, 1])
        #expect(spans.map(\.length) == [25, 50, 25])
        #expect(spans.map(\.offset) == [0, 25, 75])
    }

    @Test func hitTestingIsHalfOpenAndGapsGoToNearestKey() {
        let a = PlacedKey(index: 0, key: Key(label: "a", action: .text("a")), frame: Rect(x: 0, y: 0, width: 10, height: 10))
        let b = PlacedKey(index: 1, key: Key(label: "b", action: .text("b")), frame: Rect(x: 14, y: 0, width: 10, height: 10))
        let g = KeyboardGeometry(size: Size(width: 30, height: 10), keys: [a, b])
        #expect(g.hit(Point(x: 9, y: 5)) == 0)
        #expect(g.hit(Point(x: 10, y: 5)) == 0) // gap, nearer to a
        #expect(g.hit(Point(x: 13, y: 5)) == 1) // gap, nearer to b
        #expect(g.hit(Point(x: 29, y: 9)) == 1) // right inset
        #expect(g.hit(Point(x: 30, y: 5)) == nil) // outside
        #expect(g.hit(Point(x: -1, y: 5)) == nil)
    }
}

@Suite struct DecimalSeparatorTests {
    @Test func decimalKeysShowTheLocaleSeparator() {
        let keys: [StackItem] = [.key(Key(label: ".", action: .decimalSeparator)), .key(Key(label: "1", action: .text("1"))),
                                 .key(Key(label: "dot", action: .decimalSeparator))]
        let layout = Layout(name: "t", description: "", layers: [Layer(name: "main", root: Stack(axis: .vertical, items: [.stack(Stack(axis: .horizontal, items: keys))]))])
        let labels = layout.withDecimalSeparator(",").layers[0].root.keys.map(\.label)
        #expect(labels == [",", "1", "dot"])
    }
}

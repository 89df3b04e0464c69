import Foundation
import Testing

/// Taps on the window go through hit testing and the state machine; `--print` shows what they
/// type, one line per key.
@Suite struct WindowTypingTests {
    @Test func aWordTypedByTappingLetters() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        try kb.tap(labels: ["h", "e", "l", "l", "o"])
        #expect(kb.waitForPrinted(["h", "e", "l", "l", "o"]) == ["h", "e", "l", "l", "o"])
    }

    @Test func shiftThenALetterTypesTheCapitalAndNamedKeysPrintTheirNames() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        let keys = try kb.keys()
        let shift = try #require(keys.first { $0.action == "shift" })
        let a = try #require(keys.first { $0.label == "a" })
        let enter = try #require(keys.first { $0.action == "return" })
        kb.tap(shift)
        kb.tap(a)
        kb.tap(a)
        kb.tap(enter)
        #expect(kb.waitForPrinted(["A", "a", "<Return>"]) == ["A", "a", "<Return>"])
    }

    @Test func slidingOffTheWindowCancelsTheKey() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        let q = try kb.key("q")
        // Pressed on q (and seen pressed: the press was delivered), dragged above the keyboard's
        // top edge, released there.
        let spot = (q.x + max(2, q.width / 8), q.y + q.height / 2)
        let released = try kb.pixels([spot])
        kb.pointer([kb.at(q.center.x, q.center.y), "down"])
        try session.waitUntil(timeout: 10, "q to look pressed") { (try? kb.pixels([spot])) != released }
        kb.pointer([kb.at(q.center.x, -40), "up"])
        // A later tap shows that the slide-off printed nothing.
        try kb.tap(labels: ["x"])
        #expect(kb.waitForPrinted(["x"]) == ["x"])
    }

    @Test func aTapInAGapGoesToTheNearestKey() throws {
        let session = try XSession()
        defer { session.close() }
        // No suggestion bar: above q is the layer's top inset, not a slot.
        let kb = try RunningKeyboard(session, ["--print", "--suggestions", "0"])
        let q = try kb.key("q"), w = try kb.key("w")
        let gapStart = q.x + q.width, gapEnd = w.x // the gap is [gapStart, gapEnd)
        try #require(gapEnd - gapStart >= 2, "the layout has no gap between q and w")
        kb.click(x: gapStart, y: q.center.y)      // nearer q
        kb.click(x: gapEnd - 1, y: q.center.y)    // nearer w
        kb.click(x: q.center.x, y: 1)             // the top inset, above q
        #expect(kb.waitForPrinted(["q", "w", "q"]) == ["q", "w", "q"])
    }
}

extension WindowTypingTests {
    @Test func dwellTypesTheKeyThePointerRestsOnWithoutAClick() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--dwell", "300"])
        let d = try kb.key("d")
        let onD = kb.at(d.center.x, d.center.y)
        kb.pointer([onD])
        #expect(kb.waitForPrinted(["d"]) == ["d"])
        // Resting on: no machine-gun repeat; leaving and coming back types it again.
        kb.pointer([kb.at(d.center.x, -30)])
        kb.pointer([onD])
        #expect(kb.waitForPrinted(["d", "d"]) == ["d", "d"])
    }
}

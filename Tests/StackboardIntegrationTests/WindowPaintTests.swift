import Foundation
import Testing

/// What the window shows, read back from the server (XGetImage): a pressed key is painted
/// differently, its neighbours are left alone, and a resized window is laid out and painted again.
@Suite struct WindowPaintTests {
    /// A point inside `key` away from its centre (where a label may be) and its corners.
    private func probe(_ key: ReportedKey) -> (Int, Int) { (key.x + max(2, key.width / 8), key.y + key.height / 2) }

    @Test func aHeldKeyIsPaintedPressedAndRestoredOnRelease() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        let q = try kb.key("q"), w = try kb.key("w")
        let released = try kb.pixels([probe(q), probe(w)])

        kb.pointer([kb.at(q.center.x, q.center.y), "down"])
        var held: [String] = []
        try session.waitUntil(timeout: 10, "q to look pressed (\(released) -> \(held))") {
            held = (try? kb.pixels([probe(q), probe(w)])) ?? []
            return held.count == 2 && held[0] != released[0]
        }
        #expect(held[1] == released[1], "only the pressed key is repainted")

        kb.pointer(["up"])
        #expect(kb.waitForPrinted(["q"]) == ["q"])
        var after: [String] = []
        try session.waitUntil(timeout: 10, "q to look released again (\(after))") {
            after = (try? kb.pixels([probe(q), probe(w)])) ?? []
            return after == released
        }
    }

    @Test func aResizedWindowIsLaidOutAndPaintedAgain() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--geometry", "1000x300+0+400"])
        kb.xdotool(["windowsize", kb.info.id, "640", "240"])
        try session.waitUntil(timeout: 10, "the window to be 640x240") {
            (try? kb.refresh()) != nil && kb.info.width == 640 && kb.info.height == 240
        }
        let keys = try kb.keys()
        let a = try #require(keys.first { $0.label == "a" })
        let s = try #require(keys.first { $0.label == "s" })
        // Painted at the new size: two letter keys look alike, and unlike the gap between them.
        var seen: [String] = []
        try session.waitUntil(timeout: 10, "the new layout to be painted (\(seen))") {
            seen = (try? kb.pixels([probe(a), probe(s), (a.x + a.width, a.center.y)])) ?? []
            return seen.count == 3 && seen[0] == seen[1] && seen[0] != seen[2]
        }
        kb.tap(a)
        kb.tap(s)
        #expect(kb.waitForPrinted(["a", "s"]) == ["a", "s"])
    }
}

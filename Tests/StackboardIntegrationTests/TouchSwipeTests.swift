import Foundation
import Testing

/// Swipe typing end to end: the keyboard under Xvfb (openbox, and no window manager) types into
/// keysink; XTest presses on a word's first letter, moves through the centres of its letters
/// with small offsets, and releases.
@Suite struct TouchSwipeTests {
    /// Pointer steps through the centres of `word`'s letter keys (each a few pixels off), with
    /// points in between at a finger's pace.
    static func swipe(_ kb: RunningKeyboard, _ word: String, keys: [ReportedKey]) throws -> [String] {
        let offsets = [(4, -3), (-5, 2), (3, 4), (-2, -4), (5, 1), (-4, 3)]
        var points: [(Int, Int)] = []
        for (i, c) in word.enumerated() {
            let key = try #require(keys.first { $0.label == String(c) }, "no key \(c)")
            let (dx, dy) = offsets[i % offsets.count]
            points.append((key.center.x + dx, key.center.y + dy))
        }
        var steps = [kb.at(points[0].0, points[0].1), "press"]
        for i in 1..<points.count {
            let (ax, ay) = points[i - 1], (bx, by) = points[i]
            for k in 1...6 { steps += [kb.at(ax + (bx - ax) * k / 6, ay + (by - ay) * k / 6), "pause:8"] }
        }
        return steps + ["up"]
    }

    /// Whether the bar's first slot shows a word (its middle row of pixels is not all background).
    static func barShowsWords(_ kb: RunningKeyboard, slot: ReportedKey) -> Bool {
        let xs = stride(from: slot.x + slot.width / 4, to: slot.x + slot.width * 3 / 4, by: 3).map { ($0, slot.center.y) }
        let pixels = (try? kb.pixels(xs)) ?? []
        return Set(pixels).count > 1
    }

    @Test(arguments: [XSession.WindowManager.openbox, .none])
    func aSwipeTypesTheWordAndASpaceAndTheBarOffersTheOthers(wm: XSession.WindowManager) throws {
        let rig = try TypingRig(layout: "us", wm: wm)
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty"])
        let keys = try kb.keys()
        let slots = keys.filter { $0.action == "suggestion" }.sorted { $0.x < $1.x }
        try #require(slots.count == 3)
        // Typed by taps first; once the bar shows words, the word engine (and its list) is there.
        try kb.tap(labels: ["t", "h", "e"])
        #expect(rig.waitForText("the") == "the")
        try rig.session.waitUntil(timeout: 30, "the bar to show words") { Self.barShowsWords(kb, slot: slots[0]) }
        kb.tap(try #require(keys.first { $0.action == "space" }))
        #expect(rig.waitForText("the ") == "the ")
        kb.pointer(try Self.swipe(kb, "keyboard", keys: keys))
        #expect(rig.waitForText("the keyboard ") == "the keyboard ")
        // The next candidates are in the bar; a tap on the first replaces the word and its space.
        let before = rig.presses().count
        kb.tap(slots[0])
        _ = Wait.until(timeout: 30, interval: 0.05) { rig.text(from: before).filter(\.isLetter).count >= 2 && rig.text().hasSuffix(" ") }
        try rig.settle()
        let after = rig.presses(from: before)
        #expect(after.prefix(9).allSatisfy { $0.keysym == "BackSpace" }, "\(after.map(\.keysym))")
        let replacement = after.dropFirst(9).map(\.text).joined()
        #expect(replacement.hasSuffix(" ") && replacement.count > 2 && replacement != "keyboard ", "replaced with \(replacement)")
    }

    @Test func aSlideThatStaysOnOneKeyTypesThatKey() throws {
        let rig = try TypingRig(layout: "us", wm: .none)
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty"])
        let g = try kb.key("g")
        try kb.tap(labels: ["t", "h", "e"])
        #expect(rig.waitForText("the") == "the")
        let slot = try #require(try kb.keys().first { $0.action == "suggestion" })
        try rig.session.waitUntil(timeout: 30, "the bar to show words") { Self.barShowsWords(kb, slot: slot) }
        kb.pointer([kb.at(g.center.x - 10, g.center.y), "press", kb.at(g.center.x, g.center.y + 5), "pause:10",
                    kb.at(g.center.x + 10, g.center.y - 5), "pause:10", "up"])
        #expect(rig.waitForText("theg") == "theg")
    }
}

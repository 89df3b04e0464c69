import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Dwell end to end: the pointer resting on a key types it once, with a progress ring drawn on
/// the key while it waits; passing over a key types nothing.
@Suite struct DwellKeyboardTests {
    /// Points spread over a key (a grid inside its frame), to catch the ring wherever it is drawn.
    private func grid(_ key: ReportedKey) -> [(Int, Int)] {
        var points: [(Int, Int)] = []
        for i in 1...7 {
            for j in 1...5 { points.append((key.x + key.width * i / 8, key.y + key.height * j / 6)) }
        }
        return points
    }

    @Test func restingTypesOnceWithARingAndPassingOverTypesNothing() throws {
        let session = try XSession()
        let dwell = 1500
        let kb = try RunningKeyboard(session, ["--print", "--dwell", String(dwell)])
        let d = try kb.key("d"), e = try kb.key("e"), f = try kb.key("f")
        let above = kb.at(f.center.x, -30)
        let idle = try kb.pixels(grid(d))

        // Onto f and straight off again (one run of the pointer tool, far quicker than the
        // dwell), then resting on d: the ring shows while it waits, then d is typed once. Had
        // passing over f armed a dwell, it would have fired before d's: d is the sentinel.
        kb.pointer([kb.at(f.center.x, f.center.y), above])
        kb.pointer([kb.at(d.center.x, d.center.y)])
        var ring = false
        var seen: [String] = []
        try session.waitUntil(timeout: 15, "d to be typed (printed \(kb.printed))") {
            if !ring {
                seen = (try? kb.pixels(grid(d))) ?? []
                ring = seen.count == idle.count && seen != idle
            }
            return !kb.printed.isEmpty
        }
        #expect(kb.printed == ["d"], "passing over f typed something: \(kb.printed)")
        #expect(ring, "no progress ring was drawn on d before it was typed")
        // The ring is gone once it has fired.
        try session.waitUntil(timeout: 10, "the ring on d to go") { (try? kb.pixels(grid(d))) == idle }

        // Resting on: no repeat. The pointer stays on d for two more dwell times (a hold: the
        // situation under test, not a wait for a result), then rests on e: e is typed after
        // any repeat of d would have been, so once e shows, the list is complete.
        usleep(UInt32(2 * dwell) * 1000)
        kb.pointer([kb.at(e.center.x, e.center.y)])
        try session.waitUntil(timeout: 15, "e to be typed (printed \(kb.printed))") { kb.printed.count >= 2 }
        #expect(kb.printed == ["d", "e"], "resting on d repeated it: \(kb.printed)")
    }
}

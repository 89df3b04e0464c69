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
        let d = try kb.key("d"), f = try kb.key("f")
        let above = kb.at(f.center.x, -30)

        // Onto f and straight off again (one run of the pointer tool, far quicker than the dwell).
        kb.pointer([kb.at(f.center.x, f.center.y), above])
        usleep(UInt32(dwell * 2) * 1000)
        #expect(kb.printed.isEmpty, "passing over f typed \(kb.printed)")

        // Resting on d: the ring shows while it waits, then d is typed once.
        let idle = try kb.pixels(grid(d))
        kb.pointer([kb.at(d.center.x, d.center.y)])
        var ring = false
        var seen: [String] = []
        try session.waitUntil(timeout: 15, "d to be typed (printed \(kb.printed))") {
            if !ring {
                seen = (try? kb.pixels(grid(d))) ?? []
                ring = seen.count == idle.count && seen != idle
            }
            return kb.printed == ["d"]
        }
        #expect(ring, "no progress ring was drawn on d before it was typed")
        // Resting on: no repeat. (Waiting, not timing: any repeat would be due long before.)
        usleep(UInt32(dwell * 3) * 1000)
        #expect(kb.printed == ["d"])
        // And the ring is gone once it has fired.
        #expect(try kb.pixels(grid(d)) == idle)
    }
}

import Foundation
import Testing

/// `stackboard keys`: the frames the window uses, as JSON lines, with no X server needed.
@Suite struct WindowKeysCommandTests {
    private func keys(_ args: [String]) throws -> [ReportedKey] {
        let r = try runStackboard(["keys"] + args, environment: environmentWithoutDisplay)
        try #require(r.status == 0, "stackboard keys \(args): \(r.stderr)")
        let decoder = JSONDecoder()
        return try r.stdout.split(separator: "\n").map { try decoder.decode(ReportedKey.self, from: Data($0.utf8)) }
    }

    @Test(arguments: ["1280x400", "1281x267", "641x199", "480x160"])
    func everyKeyOfEveryLayerLiesInsideAndNoTwoOverlap(size: String) throws {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        let layers = Set(try keys(["--layout", "qwerty", "--size", size]).map(\.layer))
        #expect(!layers.isEmpty)
        let all = try keys(["--layout", "qwerty", "--size", size])
        for layer in Set(all.map(\.layer)) {
            let ks = try keys(["--layout", "qwerty", "--size", size, "--layer", layer])
            #expect(ks.map(\.index) == Array(0..<ks.count))
            for (i, a) in ks.enumerated() {
                #expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= parts[0] && a.y + a.height <= parts[1], "\(a)")
                for b in ks[(i + 1)...] {
                    let apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y
                    #expect(apart, "\(a.label) overlaps \(b.label)")
                }
            }
        }
    }

    @Test func textOnlyForTextKeysAndActionNames() throws {
        let ks = try keys(["--layout", "qwerty", "--size", "1280x400"])
        let q = try #require(ks.first { $0.label == "q" })
        #expect(q.action == "text" && q.text == "q" && q.style == nil)
        let shift = try #require(ks.first { $0.action == "shift" })
        #expect(shift.text == nil)
        #expect(ks.contains { $0.action == "backspace" && $0.text == nil })
        #expect(ks.contains { $0.action == "return" && $0.text == nil })
        #expect(ks.first?.layer == ks.last?.layer)
    }

    @Test func linesAreExactlyFormatted() throws {
        let r = try runStackboard(["keys", "--layout", "qwerty", "--size", "1280x400"], environment: environmentWithoutDisplay)
        let line = String(r.stdout.split(separator: "\n").first { $0.contains("\"label\":\"q\"") } ?? "")
        let q = try #require(try keys(["--layout", "qwerty", "--size", "1280x400"]).first { $0.label == "q" })
        #expect(line == "{\"layer\":\"\(q.layer)\",\"index\":\(q.index),\"label\":\"q\",\"action\":\"text\",\"text\":\"q\",\"shifted\":\"Q\",\"x\":\(q.x),\"y\":\(q.y),\"width\":\(q.width),\"height\":\(q.height)}")
    }

    @Test func quotesAndBackslashesAreEscaped() throws {
        let r = try runStackboard(["keys", "--layout", "qwerty", "--size", "1280x400", "--layer", "numbers"],
                                  environment: environmentWithoutDisplay)
        #expect(r.stdout.contains("\"label\":\"\\\"\",\"action\":\"text\",\"text\":\"\\\"\""))
        let symbols = try keys(["--layout", "qwerty", "--size", "1280x400", "--layer", "symbols"])
        #expect(symbols.contains { $0.label == "\\" && $0.text == "\\" })
        let numbers = try keys(["--layout", "qwerty", "--size", "1280x400", "--layer", "numbers"])
        #expect(numbers.contains { $0.label == "\"" && $0.text == "\"" })
    }

    @Test(arguments: ["numeric", "pin", "amount-zh", "morse", "phone"])
    func otherLayoutsAreListedToo(layout: String) throws {
        let ks = try keys(["--layout", layout, "--size", "600x400"])
        #expect(!ks.isEmpty)
        #expect(ks.allSatisfy { $0.width > 0 && $0.height > 0 && $0.x + $0.width <= 600 && $0.y + $0.height <= 400 })
    }

    @Test(arguments: [
        (["--layout", "qwerty"], "'stackboard keys' needs '--size WxH', for example '--size 1280x400'."),
        (["--size", "0x10"], "Option '--size' wants WxH in pixels, each side 1 to 16384 (for example 1280x400), not '0x10'."),
        (["--size", "100x100", "--layer", "nope"], nil),
    ])
    func mistakesExit2WithAMessage(args: [String], message: String?) throws {
        let r = try runStackboard(["keys"] + args, environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stdout.isEmpty)
        if let message {
            #expect(r.stderr == "stackboard: \(message)\n")
        } else {
            #expect(r.stderr.contains("has no layer 'nope'. Its layers: "))
        }
    }
}

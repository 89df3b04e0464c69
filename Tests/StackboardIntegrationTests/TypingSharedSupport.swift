import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Texts of characters that the `us` keymap lacks, for the tests of borrowed keycodes.
enum MissingCharacters {
    /// Latin-1 letters (à…ÿ without ÷ and the capitals).
    static let latin = (0xe0...0xff).filter { $0 != 0xf7 }.map { Character(UnicodeScalar($0)!) }
    /// Cyrillic small letters а…я.
    static let cyrillic = (0x430...0x44f).map { Character(UnicodeScalar($0)!) }
    /// Greek small letters α…ω (without the final sigma).
    static let greek = (0x3b1...0x3c9).filter { $0 != 0x3c2 }.map { Character(UnicodeScalar($0)!) }
    /// Han, Hangul, emoji and symbols, none of them with a legacy keysym in `us`.
    static let other: [Character] = Array("你好千万日本中文字한국어글😀🎉🚀✓→∞≠≤€")

    /// Every one of them, interleaved from the four sets (so that any prefix mixes scripts).
    static var all: [Character] {
        let sets = [latin, cyrillic, greek, other]
        var out: [Character] = []
        for i in 0..<sets.map(\.count).max()! {
            for set in sets where i < set.count { out.append(set[i]) }
        }
        return out
    }

    /// `distinct` different missing characters, then the first `repeats` of them again (so that
    /// characters come back after their keycode may have been given to others).
    static func text(distinct: Int, repeats: Int = 0) -> String {
        let chars = Array(all.prefix(distinct))
        return String(chars + chars.prefix(repeats))
    }
}

extension TypingRig {
    /// Fills every empty keycode of the core map but the `leaving` highest with a function key
    /// (one xmodmap run): a crowded keymap, where borrowed keycodes must be reused. Returns the
    /// keycodes left empty.
    @discardableResult
    func crowd(leaving: Int) throws -> [Int] {
        let lines = session.run("xmodmap", ["-pke"]).stdout.split(separator: "\n")
        let empty = lines.compactMap { line -> Int? in
            let f = line.split(separator: " ", omittingEmptySubsequences: true)
            guard f.count == 3, f[0] == "keycode", f[2] == "=", let kc = Int(f[1]), kc > 8 else { return nil }
            return kc
        }.sorted()
        try #require(empty.count > leaving, "only \(empty.count) empty keycodes")
        let filled = empty.dropLast(leaving)
        let args = filled.flatMap { ["-e", "keycode \($0) = F20"] }
        let r = session.run("xmodmap", args)
        try #require(r.status == 0, "xmodmap: \(r.stderr)")
        return Array(empty.suffix(leaving))
    }

    /// The keymap record on the root window (`xprop` output), empty when there is none.
    var keymapRecord: String {
        let out = session.run("xprop", ["-root", "_STACKBOARD_KEYMAP"]).stdout
        return out.contains("not found") ? "" : out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes `text` to a file of the session and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let path = session.dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Waits until the target has received at least `count` characters (from the `from`-th
    /// KeyPress on), then until keysink has handled everything the server sent it so far
    /// (`settle`: anything extra the typers sent shows), and returns them sorted: the multiset
    /// to compare when several typers interleave. Call it once the typers have finished.
    func receivedMultiset(count: Int, from: Int = 0, timeout: Double) -> [Character] {
        _ = Wait.until(timeout: timeout, interval: 0.05) { text(from: from).count >= count }
        do {
            try settle()
        } catch {
            Issue.record("\(error)")
        }
        return text(from: from).sorted()
    }
}

import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Keyboards made from XKB layouts, end to end: every character key of `xkb:de`, `xkb:fr`,
/// `xkb:ru`, `xkb:gr`, `xkb:ara` and `xkb:il` is tapped on the letters layer, with shift, and on
/// the AltGr layer with and without shift, on a `us` desktop and on a desktop set to that
/// layout; the target receives exactly the labels of the keys tapped, every release matches
/// its press, and the keymap is the same once the keyboard has quit.
///
/// No window manager: what is typed is the point here (focus and the window manager are the
/// Window* tests' business), and openbox re-reads its key bindings on every keymap change, which
/// the ~150 characters each run borrows a keycode for cause: with it the suite took 8 minutes,
/// without it seconds.
@Suite struct XkbTypingTests {
    struct Case: CustomStringConvertible, Sendable {
        let layout: String
        let desktop: String
        var description: String { "xkb:\(layout) on a \(desktop) desktop" }
    }

    static let cases: [Case] = ["de", "fr", "ru", "gr", "ara", "il"].flatMap { [Case(layout: $0, desktop: "us"), Case(layout: $0, desktop: $0)] }

    /// The taps on `layer` (every character key, then each again after a tap on shift) and the
    /// text they type: the keys' labels, or their shifted labels.
    static func taps(_ kb: RunningKeyboard, layer: String, shift: ReportedKey) throws -> (steps: [String], text: String) {
        let keys = try kb.keys(layer: layer).filter { $0.action == "text" && $0.style == nil }
        var steps: [String] = []
        var text = ""
        for key in keys {
            #expect(key.text == key.label, "\(key.label): a key types what it shows")
            steps += [kb.at(key.center.x, key.center.y), "tap"]
            text += key.label
        }
        for key in keys {
            steps += [kb.at(shift.center.x, shift.center.y), "tap", kb.at(key.center.x, key.center.y), "tap"]
            text += key.shifted ?? key.label
        }
        return (steps, text)
    }

    /// Where two texts part, as code points around the first difference.
    static func difference(_ got: String, _ expected: String) -> String {
        let a = Array(got.unicodeScalars), b = Array(expected.unicodeScalars)
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        func around(_ s: [Unicode.Scalar]) -> String {
            s[max(0, i - 3)..<min(s.count, i + 6)].map { String($0.value, radix: 16) }.joined(separator: " ")
        }
        return "typed \(a.count) code points, expected \(b.count); from \(i): got [\(around(a))], expected [\(around(b))]"
    }

    @Test(arguments: cases)
    func everyKeyTypesItsLabel(_ c: Case) throws {
        // The target answers pings, as GTK and Qt applications do: the altgr layer needs more
        // characters than there are free keycodes, and a target that cannot say when it has read
        // its keys is given 200 ms a key event before a keycode is changed (TypingBusyTests).
        let rig = try TypingRig(layout: c.desktop, sinkArgs: ["-r", "-p"], wm: .none)
        let before = rig.keymapDump()
        try #require(!before.isEmpty)
        let kb = try RunningKeyboard(rig.session, ["--layout", "xkb:\(c.layout)"])
        let letters = try kb.keys(layer: "letters")
        let shift = try #require(letters.first { $0.action == "shift" })
        var (steps, expected) = try Self.taps(kb, layer: "letters", shift: shift)
        if let altgr = letters.first(where: { $0.label == "AltGr" }) {
            let back = try #require(try kb.keys(layer: "altgr").first { $0.label == "AltGr" })
            let more = try Self.taps(kb, layer: "altgr", shift: shift)
            steps += [kb.at(altgr.center.x, altgr.center.y), "tap"] + more.steps + [kb.at(back.center.x, back.center.y), "tap"]
            expected += more.text
        }
        try #require(expected.unicodeScalars.count > 60, "\(c): too few keys (\(expected.count))")
        let start = rig.presses().count
        kb.pointer(steps)
        let got = rig.waitForText(expected, from: start, timeout: 120)
        // ⟨ ⟩ (ara) too: typed with their Unicode keysyms, which Xlib decodes right (not ‹ ›).
        #expect(got == expected, "\(c): \(Self.difference(got, expected))")
        #expect(rig.releaseMismatches(from: start) == [], "\(c)")
        #expect(!kb.child.stderr.contains(String(expected.prefix(3))), "\(c): typed text must never be logged")
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(c): \(kb.child.stderr.suffix(300))")
        #expect(rig.state().keys == [], "\(c): keys left down")
        #expect(rig.keymapDump() == before, "\(c): the keymap was not restored")
        #expect(!rig.focusLost, "\(c): the target lost the focus")
    }
}

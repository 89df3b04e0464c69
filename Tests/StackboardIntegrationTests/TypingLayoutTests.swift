import Foundation
import Testing

/// `stackboard type` of a mixed corpus on several keymaps and groups, with Caps Lock off and
/// on: the target decodes exactly the text, every release matches its press, Caps Lock, the
/// group and the focus are untouched, and the keymap is the same afterwards.
@Suite struct TypingLayoutTests {
    /// ASCII with the symbols that move between layouts, Latin-1, the euro, Cyrillic, Greek,
    /// CJK, an emoji, tab and newlines.
    static let corpus = "Hello, World! 0123456789 @#~^`|\\{}[]<>$%&*()_+-=;:'\",./?\näöüßéçñ ÄÖÜ € Привет Жж αβγΩ 千万 😀\tend\n"

    /// A keymap and a group to lock.
    struct Keymap: CustomStringConvertible, Sendable {
        let layout: String
        let group: Int?
        var description: String { group.map { "\(layout) group \($0 + 1)" } ?? layout }
    }

    static let keymaps: [Keymap] = [
        Keymap(layout: "us", group: nil), Keymap(layout: "de", group: nil), Keymap(layout: "fr", group: nil),
        Keymap(layout: "ru", group: nil), Keymap(layout: "us,ru", group: 0), Keymap(layout: "us,ru", group: 1),
    ]

    @Test("exact text on every keymap, Caps Lock off and on", arguments: keymaps)
    func corpusIsExact(_ keymap: Keymap) throws {
        // keysink answers _NET_WM_PING (-p), as GTK and Qt applications do: each keymap change
        // then waits for its pong, not for the pace an unpingable application is given
        // (TypingBusyTests and the typing schedule's unit tests cover that one).
        let rig = try TypingRig(layout: keymap.layout, group: keymap.group, sinkArgs: ["-r", "-p"])
        let watch = try rig.startWatch()
        let before = rig.keymapDump()
        try #require(!before.isEmpty)
        let group = rig.state().group

        for capsLock in [false, true] {
            if capsLock {
                // Caps Lock through a real key press (not xdotool's: it switches groups to find keys).
                #expect(rig.type(["--key", "Caps_Lock"]).status == 0)
                try rig.session.waitUntil(timeout: 5, "Caps Lock on") { rig.state().locked & 0x2 != 0 }
            }
            let start = rig.presses().count
            let r = rig.type([Self.corpus])
            #expect(r.status == 0, "stackboard type failed on \(keymap): \(r.stderr)")
            #expect(!r.stderr.contains("Привет") && !r.stdout.contains("Привет"), "typed text must never be printed")
            let expected = decodedForm(Self.corpus)
            let got = rig.waitForText(expected, from: start)
            #expect(got == expected, "\(keymap), Caps Lock \(capsLock ? "on" : "off")")
            #expect(rig.releaseMismatches(from: start) == [], "\(keymap), Caps Lock \(capsLock ? "on" : "off")")
            let after = rig.state()
            #expect(after.locked & 0x2 == (capsLock ? 0x2 : 0), "Caps Lock changed on \(keymap)")
            #expect(after.group == group, "the group changed on \(keymap)")
            #expect(after.keys == [], "keys left down on \(keymap): \(after.keys)")
        }
        #expect(rig.keymapDump() == before, "keymap not restored on \(keymap)")
        #expect(!watch.stdout.contains("GROUP"), "the group was switched while typing on \(keymap)")
        #expect(!rig.focusLost, "keysink lost the focus on \(keymap)")
    }
}

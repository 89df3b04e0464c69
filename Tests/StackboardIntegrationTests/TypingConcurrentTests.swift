import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Several Stackboard typers on one display at once (issue 18): they borrow under one lock and
/// record what they hold, so none takes another's keycode. Every character arrives (the target's
/// multiset equals the texts'), the keymap is the same afterwards and the record is gone.
@Suite struct TypingConcurrentTests {
    /// Disjoint texts of characters the us keymap lacks, one per typer: Cyrillic, Greek,
    /// Latin-1 and the rest, each letter twice (so that letters come back after a while).
    static func texts(_ count: Int) -> [String] {
        let sets = [MissingCharacters.cyrillic, MissingCharacters.greek, MissingCharacters.latin, MissingCharacters.other]
        return sets.prefix(count).map { String($0 + $0) }
    }

    @Test(arguments: [2, 4])
    func concurrentTypersDeliverEveryCharacter(typers: Int) throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let texts = Self.texts(typers)
        let children = try texts.enumerated().map { i, text in
            try rig.session.spawn(Tools.stackboard, ["type", "--file", try rig.file("typer\(i).txt", text)])
        }
        for (i, child) in children.enumerated() {
            #expect(child.wait(timeout: 240) == 0, "typer \(i): \(child.stderr)")
        }
        let expected = texts.joined().sorted()
        #expect(rig.receivedMultiset(count: expected.count, timeout: 30) == expected)
        #expect(rig.releaseMismatches() == [])
        #expect(rig.state().keys == [])
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// Two typers of the same characters at once: each types on keycodes of its own (another's
    /// may be changed by its borrower at any moment), and every character arrives.
    @Test func typersOfTheSameCharactersUseKeycodesOfTheirOwn() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let text = String(MissingCharacters.cyrillic.shuffled() + MissingCharacters.cyrillic)
        let path = try rig.file("same.txt", text)
        let children = try (0..<2).map { _ in try rig.session.spawn(Tools.stackboard, ["type", "--delay", "5", "--file", path]) }
        for child in children { #expect(child.wait(timeout: 240) == 0, "\(child.stderr)") }
        let expected = (text + text).sorted()
        #expect(rig.receivedMultiset(count: expected.count, timeout: 30) == expected)
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// The keyboard holds borrowed keycodes for its accent keys while a script types Cyrillic:
    /// both arrive exactly, and when both have finished the keymap is as before.
    @Test func theKeyboardAndAScriptBorrowSideBySide() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let accents = ["é", "è", "ê", "ë", "à", "â", "ç", "ù", "ô", "ï"]
        let layout = try rig.file("accents.json", """
            {"name": "accents", "description": "accented letters",
             "layers": [{"name": "main", "rows": [[\(accents.prefix(5).map { "\"\($0)\"" }.joined(separator: ", "))],
                                                  [\(accents.suffix(5).map { "\"\($0)\"" }.joined(separator: ", "))]]}]}
            """)
        let kb = try RunningKeyboard(rig.session, ["--layout", layout])
        try kb.tap(labels: Array(accents.prefix(3)))
        let start = try rig.session.spawn(Tools.stackboard, ["type", "--file", try rig.file("cyrillic.txt", String(MissingCharacters.cyrillic + MissingCharacters.cyrillic))])
        try kb.tap(labels: accents + accents)
        #expect(start.wait(timeout: 240) == 0, "\(start.stderr)")
        let expected = (accents.prefix(3).joined() + accents.joined() + accents.joined()
                        + String(MissingCharacters.cyrillic + MissingCharacters.cyrillic)).sorted()
        #expect(rig.receivedMultiset(count: expected.count, timeout: 60) == expected)
        #expect(rig.releaseMismatches() == [])
        kill(kb.child.pid, SIGTERM)
        FaultSupport.expectCleanExit(kb.child.wait(timeout: 20), stderr: kb.child.stderr, "SIGTERM after the accents")
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }

    /// Another program changes the map while Stackboard types: xmodmap takes a keycode that is
    /// free, xdotool types characters of its own through its scratch keycode. Stackboard's
    /// characters all arrive, it never takes or restores the keycode xmodmap took, and once all
    /// have finished only xmodmap's change is left.
    @Test func otherToolsChangingTheMapMeanwhile() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-p"])
        let before = rig.keymapDump()
        let ours = String(MissingCharacters.greek + MissingCharacters.greek)
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--delay", "30", "--file", try rig.file("greek.txt", ours)])
        try rig.session.waitUntil(timeout: 20, "the first Greek letters") { rig.presses().count >= 4 }
        let free = rig.session.run("xmodmap", ["-pke"]).stdout.split(separator: "\n")
            .compactMap { line -> Int? in
                let f = line.split(separator: " ")
                return f.count == 3 && f[2] == "=" ? Int(f[1]) : nil
            }.filter { $0 > 8 }
        let taken = try #require(free.first, "no free keycode left")
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(taken) = F19"]).status == 0)
        let xdotool = rig.session.run("xdotool", ["type", "--delay", "20", "ŝĉĝ"], timeout: 60)
        #expect(xdotool.status == 0, "xdotool: \(xdotool.stderr)")
        #expect(typer.wait(timeout: 120) == 0, "\(typer.stderr)")
        let got = rig.receivedMultiset(count: ours.count, timeout: 30)
        var missing = Array(ours)
        for c in got { if let i = missing.firstIndex(of: c) { missing.remove(at: i) } }
        #expect(missing.isEmpty, "Stackboard's characters that did not arrive: \(String(missing))")
        #expect(rig.coreKeysyms(taken).hasPrefix("F19"), "xmodmap's keycode was undone")
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(taken) ="]).status == 0)
        #expect(rig.keymapDump() == before)
        #expect(rig.keymapRecord == "")
    }
}

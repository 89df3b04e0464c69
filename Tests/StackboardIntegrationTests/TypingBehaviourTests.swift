import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The injector's promises one by one (docs/x11-facts.md, items 1-12), through `stackboard type`.
@Suite struct TypingBehaviourTests {
    /// Item 5: a client that reads its queue late (300 ms before each key event) still decodes
    /// borrowed keycodes exactly, because they keep their mapping until they have been idle.
    @Test func busyTargetGetsExactText() throws {
        let rig = try TypingRig(layout: "us", sinkArgs: ["-r", "-s", "300"])
        let start = rig.presses().count
        let text = "x€yñ"
        let r = rig.type(["--keep-ms", "6000", text])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(rig.waitForText(text, from: start, timeout: 20) == text)
        #expect(rig.releaseMismatches(from: start) == [])
        #expect(rig.state().keys == [])
    }

    /// Item 12: Ctrl+C on a Russian layout is Control plus the key that carries `c` in some
    /// group, with no group switch; on a map with no `c` at all, a borrowed key carries it.
    @Test func ctrlCOnRussian() throws {
        let rig = try TypingRig(layout: "us,ru", group: 1)
        let watch = try rig.startWatch()
        let r = rig.type(["--modifiers", "ctrl", "c"])
        #expect(r.status == 0, "\(r.stderr)")
        try rig.session.waitUntil(timeout: 10, "Ctrl+C") { rig.presses().count >= 2 }
        let presses = rig.presses()
        #expect(presses.first?.keysym == "Control_L")
        let c = try #require(presses.last)
        #expect(c.keycode == 54, "the C key of the us group")
        #expect(c.state & 0x4 != 0, "Control held")
        #expect((c.state >> 13) & 3 == 1, "delivered in the Russian group, no switch")
        // Xlib decodes Control+es as c (its control fallback to a latin group); either is right.
        #expect(c.keysym == "Cyrillic_es" || c.keysym == "c")
        #expect(rig.state().group == 1)
        #expect(!watch.stdout.contains("GROUP"))

        // Russian only: no group has a latin c.
        #expect(rig.session.run("setxkbmap", ["-layout", "ru"]).status == 0)
        let start = rig.presses().count
        #expect(rig.type(["--keep-ms", "500", "--modifiers", "ctrl", "c"]).status == 0)
        try rig.session.waitUntil(timeout: 10, "Ctrl+C on ru") { rig.presses(from: start).count >= 2 }
        let onRu = try #require(rig.presses(from: start).last)
        #expect(onRu.keysym == "c" && onRu.state & 0x4 != 0, "Control plus a key whose symbol is c")
        #expect(rig.state().keys == [])
    }

    /// Named keys go out as real keys by keysym; Caps_Lock toggles; an unknown name is an error.
    @Test func namedKeys() throws {
        let rig = try TypingRig(layout: "us")
        // (Not Print: openbox grabs it for screenshots.)
        let names = ["Return", "Tab", "BackSpace", "Escape", "Delete", "Left", "Home", "F1", "Pause", "XF86AudioMute", "F35"]
        for name in names {
            let r = rig.type(["--keep-ms", "300", "--key", name])
            #expect(r.status == 0, "\(name): \(r.stderr)")
        }
        try rig.session.waitUntil(timeout: 20, "the named keys, got \(rig.presses().map(\.keysym))") {
            rig.presses().count >= names.count
        }
        #expect(rig.presses().map(\.keysym) == names)
        #expect(rig.releaseMismatches() == [])

        #expect(rig.type(["--key", "Caps_Lock"]).status == 0)
        #expect(rig.state().locked & 0x2 == 0x2)
        #expect(rig.type(["--key", "Caps_Lock"]).status == 0)
        #expect(rig.state().locked & 0x2 == 0)

        let bad = rig.type(["--key", "NoSuchKeyName"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("nknown key name 'NoSuchKeyName'"))
        #expect(rig.state().keys == [])
    }

    /// Item 10: SIGTERM, SIGINT or SIGHUP while a modifier and a borrowed key are held:
    /// everything is released and the keymap restored.
    @Test(arguments: [SIGTERM, SIGINT, SIGHUP])
    func signalWhileHeld(_ sig: Int32) throws {
        let rig = try TypingRig(layout: "us")
        let before = rig.keymapDump()
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--modifiers", "ctrl", "--hold-ms", "60000", "a€"])
        try rig.session.waitUntil(timeout: 15, "the held key") { rig.presses().contains { $0.keysym == "EuroSign" } }
        #expect(rig.state().keys.count >= 2, "Control and the borrowed key are down")
        typer.signal(sig)
        let status = typer.wait(timeout: 10)
        #expect(status == 128 + sig)
        #expect(typer.stderr.contains("stopped by"))
        #expect(!typer.stderr.contains("€"))
        #expect(rig.state().keys == [], "keys left down after the signal")
        #expect(rig.keymapDump() == before, "keymap not restored after the signal")
    }

    /// Item 6: an outside edit of an unrelated keycode survives, and a borrowed keycode that
    /// someone else changed is left alone (and not used again).
    @Test func outsideKeymapEditsSurvive() throws {
        let rig = try TypingRig(layout: "us")
        let before = rig.keymapDump()
        let unrelated = 191
        let unrelatedSyms = rig.coreKeysyms(unrelated)
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--delay", "400", "--keep-ms", "300", "€€€€€€"])
        try rig.session.waitUntil(timeout: 15, "the first €") { rig.presses().count >= 1 }
        let borrowed = try #require(rig.presses().first).keycode
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(borrowed) = F14"]).status == 0)
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(unrelated) = F13"]).status == 0)
        #expect(typer.wait(timeout: 30) == 0, "\(typer.stderr)")
        #expect(rig.waitForText("€€€€€€") == "€€€€€€")
        #expect(rig.presses().dropFirst(1).allSatisfy { $0.keycode != borrowed }, "reused a keycode someone else took")
        #expect(rig.coreKeysyms(borrowed).hasPrefix("F14"), "the outside edit of the borrowed keycode was undone")
        #expect(rig.coreKeysyms(unrelated).hasPrefix("F13"), "the outside edit of an unrelated keycode was undone")
        // Undo the two outside edits by hand: what is left must be the keymap from before.
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(borrowed) ="]).status == 0)
        #expect(rig.session.run("xmodmap", ["-e", "keycode \(unrelated) = \(unrelatedSyms)"]).status == 0)
        #expect(rig.keymapDump() == before)
    }

    /// Item 7: no keymap change at all for characters in the map; at most one change per new
    /// character (`type` borrows for the whole text in one change) and one to give them back.
    @Test func keymapChangesOnlyForMissingCharacters() throws {
        let rig = try TypingRig(layout: "us")
        let watch = try rig.startWatch()
        let mapped = "Hello, World! 123 @#{}|~\n"
        #expect(rig.type([mapped]).status == 0)
        #expect(rig.waitForText(decodedForm(mapped)) == decodedForm(mapped))
        try rig.session.roundTrip(watch) // every keymap change the typer made is printed by now
        #expect(!watch.stdout.contains("MAPPING"), "keymap changed for mapped characters: \(watch.stdout)")
        #expect(!watch.stdout.contains("XKBMAP 3"))

        let start = rig.presses().count
        let missing = "€ä€ää€"
        #expect(rig.type(["--keep-ms", "300", missing]).status == 0)
        #expect(rig.waitForText(missing, from: start) == missing)
        try rig.session.roundTrip(watch)
        let changes = watch.stdout.split(separator: "\n").filter { $0.hasPrefix("MAPPING") }
        // Two borrowed characters, on one keycode, borrowed together and given back together.
        #expect(changes.count == 2, "two characters borrowed and given back: \(changes)")
        #expect(!watch.stdout.contains("GROUP"))
    }

    /// Item 2: the XTEST keyboard has its own map (German, the core one US): keys are looked up
    /// in the XTEST map.
    @Test func xtestKeyboardWithItsOwnMap() throws {
        let rig = try TypingRig(layout: "us")
        let id = rig.session.run(rig.xkbtool, ["xtest-id"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(Int(id) != nil, "no XTEST keyboard")
        #expect(rig.session.run("setxkbmap", ["-device", id, "-layout", "de"]).status == 0)
        let text = "zyäöüß@€{ zy"
        #expect(rig.type([text]).status == 0)
        #expect(rig.waitForText(text) == text)
        #expect(rig.releaseMismatches() == [])
    }

    /// Item 2: the keymap replaced by another program while typing (us → de): the injector
    /// reads the new map on the notification and the text stays exact; its borrowed keycodes
    /// went with the old map, so it leaves the new one alone.
    @Test func keymapReplacedWhileTyping() throws {
        let rig = try TypingRig(layout: "us")
        let text = String(repeating: "zy@€ä", count: 6)
        let typer = try rig.session.spawn(Tools.stackboard, ["type", "--delay", "60", "--keep-ms", "300", text])
        try rig.session.waitUntil(timeout: 15, "the first characters") { rig.presses().count >= 4 }
        #expect(rig.session.run("setxkbmap", ["-layout", "de"]).status == 0)
        #expect(typer.wait(timeout: 30) == 0, "\(typer.stderr)")
        #expect(rig.waitForText(text) == text)
        #expect(rig.state().keys == [])
        // What is left is the German map exactly as setxkbmap makes it.
        let left = rig.keymapDump()
        #expect(rig.session.run("setxkbmap", ["-layout", "de"]).status == 0)
        #expect(left == rig.keymapDump())
    }

    /// Item 9: AltGr (LevelThree) bound to Mod3 instead of Mod5: still exact.
    @Test func altGrOnMod3() throws {
        let rig = try TypingRig(layout: "de")
        let dumpPath = rig.session.dir + "/de-mod3.xkb"
        let dump = rig.keymapDump().replacingOccurrences(of: "modifier_map Mod5 {", with: "modifier_map Mod3 {")
        try dump.write(toFile: dumpPath, atomically: true, encoding: .utf8)
        let load = rig.session.run("xkbcomp", ["-w0", dumpPath, rig.session.display])
        try #require(load.status == 0, "xkbcomp: \(load.stderr)")
        let text = "@€{~µ"
        #expect(rig.type(["--keep-ms", "300", text]).status == 0)
        #expect(rig.waitForText(text) == text)
        let at = try #require(rig.presses().first { $0.text == "@" })
        #expect(at.state & 0x20 != 0 && at.state & 0x80 == 0, "AltGr came through Mod3, not Mod5")
    }

    /// Item 8: a latched Shift (sticky keys) does not change the characters.
    @Test func latchedShiftIsCompensated() throws {
        let rig = try TypingRig(layout: "us")
        #expect(rig.session.run(rig.xkbtool, ["latch-mods", "1", "1"]).status == 0)
        #expect(rig.state().latched & 1 == 1)
        #expect(rig.type(["ab"]).status == 0)
        #expect(rig.waitForText("ab") == "ab")
    }

    /// `--file FILE` and `--file -` type the file's text; `--delay` spaces the characters.
    @Test func fileAndStdin() throws {
        let rig = try TypingRig(layout: "us")
        let path = rig.session.dir + "/input.txt"
        try "from a file: ü\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(rig.type(["--keep-ms", "200", "--file", path]).status == 0)
        #expect(rig.type(["--keep-ms", "200", "--delay", "20", "--file", "-"], stdinPath: path).status == 0)
        let expected = decodedForm("from a file: ü\nfrom a file: ü\n")
        #expect(rig.waitForText(expected) == expected)
    }

    /// Usage errors exit 2, X errors 1, and no message ever shows the text.
    @Test func commandLineErrors() throws {
        let env = ProcessInfo.processInfo.environment
        func run(_ args: [String]) throws -> (Int32?, String) {
            let r = Child.run(Tools.stackboard, ["type"] + args, environment: env)
            return (r.status, r.stderr)
        }
        let noDisplay = try run(["--display", ":9999", "secret-words"])
        #expect(noDisplay.0 == 1)
        #expect(noDisplay.1.contains("cannot open display ':9999'") && noDisplay.1.contains("Xvfb :1 &"))
        #expect(!noDisplay.1.contains("secret"))
        #expect(try run([]).0 == 2)
        #expect(try run(["--delay", "soon", "x"]).0 == 2)
        #expect(try run(["--modifiers", "hyper", "x"]).0 == 2)
        #expect(try run(["--file", "/nonexistent/file"]).0 == 2)
        #expect(try run(["--file", "/dev/null", "x"]).0 == 2)
        let control = try run(["--display", ":9999", "secret\u{1}"])
        #expect(control.0 == 1 && control.1.contains("control character") && !control.1.contains("secret"))
        #expect(try run(["--help"]).0 == 0)
    }
}

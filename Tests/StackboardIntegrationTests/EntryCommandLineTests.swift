import Foundation
import Testing

/// `stackboard entry` mistakes end with status 2 and a message before any window opens, and
/// `stackboard keys --entry` describes the entry window's frames.
@Suite struct EntryCommandLineTests {
    @Test(arguments: [
        (["--allow", "/[0-9/"], "stackboard: --allow /[0-9/ is not a valid regular expression"),
        (["--allow", "//"], "stackboard: --allow //: the regular expression is empty"),
        (["--max-length", "0"], "stackboard: Option '--max-length' wants a whole number from 1 to 100000, not '0'."),
        (["--sise", "10x10"], "stackboard: Unknown option '--sise'. Did you mean '--size'?"),
        (["--size", "big"], "stackboard: Option '--size' wants WxH in pixels, each side 1 to 16384 (for example 1280x400), not 'big'."),
        (["--layout", "nope"], "stackboard: "),
        (["--theme", "drak"], #"stackboard: --theme drak: no theme named "drak"; did you mean "dark"? Available themes: "#),
        (["1234"], "stackboard: Unexpected argument '1234'."),
    ])
    func badArgumentsExit2WithAMessage(args: [String], message: String) throws {
        // No display either: the arguments are checked first.
        let r = try runStackboard(["entry"] + args, environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix(message), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }

    @Test func anInitialTextTheRulesRefuseExits2WithoutEchoingIt() throws {
        let r = try runStackboard(["entry", "--secure", "--allow", "digits", "--initial", "12ab34"],
                                  environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stderr.contains("--initial does not fit the field: character not allowed in this field"), "\(r.stderr)")
        #expect(!r.stderr.contains("12ab34") && !r.stderr.contains("ab"))
        let long = try runStackboard(["entry", "--layout", "pin", "--initial", "1234567"], environment: environmentWithoutDisplay)
        #expect(long.status == 2)
        #expect(long.stderr.contains("too long (at most 6 characters)"), "the pin preset's max length: \(long.stderr)")
        #expect(!long.stderr.contains("1234567"))
    }

    @Test func noDisplayIsStatus2() throws {
        let r = try runStackboard(["entry", "--layout", "pin"], environment: environmentWithoutDisplay)
        #expect(r.status == 2)
        #expect(r.stderr == "stackboard: cannot open a display: DISPLAY is not set. Try DISPLAY=:0, or start one with Xvfb :1 &\n")
    }

    @Test func theConfigFileIsReadAndTheBadSettingsEntryUsesAreReported() throws {
        let dir = NSTemporaryDirectory() + "stackboard-entry-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/stackboard", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/stackboard/config.json"
        try #"{"theme": "purple", "dock": "left", "sound": {"volume": 300}, "scale": 2}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        var environment = environmentWithoutDisplay
        environment["XDG_CONFIG_HOME"] = dir
        let r = try runStackboard(["entry", "--layout", "pin"], environment: environment)
        #expect(r.status == 2)
        // The keyboard's own `dock` is left to the keyboard; the display is tried after the file.
        let lines = r.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(r.stderr)")
        #expect(lines.first == "stackboard: \(file): sound.volume: expected a whole number from 0 to 100, found the number 300; using the default")
        #expect(lines.dropFirst().first?.hasPrefix("stackboard: \(file): theme: no theme named \"purple\". Available themes: ") == true, "\(r.stderr)")
        #expect(lines.dropFirst().first?.hasSuffix("(see 'stackboard themes'). Using the default.") == true, "\(r.stderr)")
        #expect(lines.last == "stackboard: cannot open a display: DISPLAY is not set. Try DISPLAY=:0, or start one with Xvfb :1 &")
        // A bad option is still a usage error before anything else.
        let bad = try runStackboard(["entry", "--scale", "5"], environment: environment)
        #expect(bad.status == 2 && bad.stderr == "stackboard: Option '--scale' wants a number from 0.25 to 4, not '5'.\n")
    }

    @Test func helpNamesTheOutputRules() throws {
        let r = try runStackboard(["entry", "--help"], environment: environmentWithoutDisplay)
        #expect(r.status == 0)
        for word in ["--events", "--xid", "--no-field", "exits 0", "exits 1", "status 2"] {
            #expect(r.stdout.contains(word), "help lacks \(word)")
        }
    }

    @Test func keysEntryIsTheFieldThenTheKeypadBelowIt() throws {
        let r = try runStackboard(["keys", "--layout", "code", "--size", "300x500", "--entry"], environment: environmentWithoutDisplay)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        let field = try JSONDecoder().decode(EntryFrame.self, from: Data(try #require(lines.first).utf8))
        #expect(field.field == true && field.x == 0 && field.y == 0 && field.width == 300)
        #expect(field.height == 90, "18% of 500")
        // The keys are the keypad's own layout at the remaining size, moved down by the field.
        let plain = try runStackboard(["keys", "--layout", "code", "--size", "300x\(500 - field.height)"],
                                      environment: environmentWithoutDisplay)
        let keypad = try plain.stdout.split(separator: "\n").map { try JSONDecoder().decode(EntryFrame.self, from: Data($0.utf8)) }
        let keys = try lines.dropFirst().map { try JSONDecoder().decode(EntryFrame.self, from: Data($0.utf8)) }
        #expect(keys.count == keypad.count && keys.count == 12)
        for (k, p) in zip(keys, keypad) {
            #expect(k.label == p.label && k.x == p.x && k.y == p.y + field.height && k.width == p.width && k.height == p.height)
        }
    }

    @Test(arguments: [("digits", "numeric", "0", "0"), ("decimal", "decimal", ".", "."), ("abc", "qwerty", "a", "a")])
    func theDefaultLayoutFollowsAllow(allow: String, layout: String, label: String, typed: String) throws {
        // A key of the expected pad, tapped where that pad has it: only that pad types it there.
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--allow", allow], env: ["LC_ALL": "C"])
        let keys = try RunningEntry.frames(session, layout: layout, size: "\(entry.info.width)x\(entry.info.height)")
        let key = try #require(keys.first { $0.field != true && $0.label == label }, "\(layout) has a '\(label)' key")
        entry.pointer([entry.at(key.center.x, key.center.y), "tap"])
        try entry.waitForFocus()
        entry.xdotool(["key", "Return"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == typed + "\n", "--allow \(allow) shows \(layout)")
    }
}

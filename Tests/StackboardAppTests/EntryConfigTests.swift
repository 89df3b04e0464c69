import Foundation
import Testing
import StackboardCore
import StackboardRender
import StackboardSound
@testable import StackboardApp

/// `stackboard entry` reads config.json: the settings that apply to it (theme, scale, sound),
/// with the command line winning, and the same one-line problems as the keyboard.
@Suite struct EntryConfigTests {
    func config(_ json: String) -> (config: Config, problems: [ConfigProblem]) {
        ConfigLoader.parse(Array(json.utf8), file: "/home/u/.config/stackboard/config.json")
    }

    @Test func theThemeScaleAndSoundOfTheFileApply() throws {
        let (file, problems) = config(#"{"theme": "dark", "scale": 1.5, "sound": {"enabled": false, "volume": 20, "device": "hw:1"}}"#)
        #expect(problems.isEmpty)
        let options = try EntryOptions([], config: file)
        #expect(options.keypad.theme?.name == "dark")
        #expect(options.keypad.scale == 1.5)
        #expect(options.keypad.sound == SoundOptions(enabled: false, volume: 20, device: "hw:1"))
    }

    @Test func theCommandLineWins() throws {
        let (file, _) = config(#"{"theme": "dark", "scale": 1.5, "sound": {"enabled": true, "volume": 20, "device": "hw:1"}}"#)
        let options = try EntryOptions(["--theme", "high-contrast", "--scale", "2", "--no-sound", "--volume", "90",
                                        "--sound-device", "plughw:0"], config: file)
        #expect(options.keypad.theme?.name == "high-contrast")
        #expect(options.keypad.scale == 2)
        #expect(options.keypad.sound == SoundOptions(enabled: false, volume: 90, device: "plughw:0"))
    }

    @Test func scanningIsOffUnlessAScanOptionOrTheFileTurnsItOn() throws {
        #expect(try EntryOptions([]).scanning == nil)
        let step = try #require(try EntryOptions(["--scan-mode", "step"]).scanning, "any scan option turns it on")
        #expect(step.mode == .step && step.switches == [.next: .button(1), .select: .button(3)])
        let (file, problems) = config(#"{"scan": {"enabled": true, "interval": 700, "switch": "space"}}"#)
        #expect(problems.isEmpty)
        let fromFile = try #require(try EntryOptions([], config: file).scanning, "the file's scan settings apply to entry too")
        #expect(fromFile.timing.interval == 0.7 && fromFile.switches == [.select: .key("space")])
        #expect(try EntryOptions(["--scan-switch", "button3"], config: file).scanning?.switches == [.select: .button(3)],
                "the command line wins")
        let (off, _) = config(#"{"scan": {"enabled": false, "interval": 700}}"#)
        #expect(try EntryOptions([], config: off).scanning == nil)
    }

    @Test func aBadScanSwitchIsAUsageErrorThatSaysWhatToGive() {
        #expect(throws: UsageError("--scan-switch 'next=button1': auto scanning has no 'next' switch (its switches: select); "
                                   + "leave it out or choose another --scan-mode")) {
            try EntryOptions(["--scan-switch", "next=button1"])
        }
    }

    @Test func theKeyboardsOwnSettingsDoNotApply() throws {
        let (file, problems) = config(#"{"layout": "phone", "geometry": "100x100", "hidden": true, "repeat": {"delay": 900}}"#)
        #expect(problems.isEmpty)
        let options = try EntryOptions([], config: file)
        #expect(options.layout == nil, "the keyboard's layout is not entry mode's keypad")
        #expect(options.layoutName == "qwerty")
        #expect(options.size == nil && options.keypad.scale == 1 && options.keypad.theme == nil)
    }

    @Test func badSettingsAreTheKeyboardsLinesAndOnlyThoseEntryModeUses() {
        let (_, problems) = config(#"{"scale": 9, "dock": "left", "sound": {"volume": "loud"}, "frobnicate": 1}"#)
        let forEntry = problems.filter { $0.concerns(.entry) }.map(\.description)
        let forKeyboard = problems.filter { $0.concerns(.keyboard) }.map(\.description)
        let file = "/home/u/.config/stackboard/config.json"
        #expect(forKeyboard.count == 4)
        #expect(forEntry.count == 3)
        #expect(Array(forEntry.prefix(2)) == [
            "\(file): scale: expected a number from 0.25 to 4, found the number 9; using the default",
            "\(file): sound.volume: expected a whole number from 0 to 100, found \"loud\"; using the default",
        ])
        // The unknown key's line lists the valid ones: every top-level key of the table.
        let unknown = forEntry.last ?? ""
        #expect(unknown.hasPrefix("\(file): frobnicate: unknown setting. Valid settings: "))
        for key in Set(Setting.allCases.compactMap { $0.spec.key?.split(separator: ".").first.map(String.init) }) {
            #expect(unknown.contains(key), "\(key) is not listed in: \(unknown)")
        }
    }

    @Test func aThemeThatDoesNotLoadIsALineForTheFileAndAnErrorOnTheCommandLine() throws {
        let (file, problems) = config(#"{"theme": "drak"}"#)
        #expect(problems.isEmpty, "any name may be a theme of the user's")
        for options in [try EntryOptions([], config: file, configFile: "c.json").keypad,
                        try KeyboardOptions([], config: file, configFile: "c.json").keypad] {
            #expect(options.theme == nil)
        }
        let lines = try EntryOptions([], config: file, configFile: "c.json").configProblems.map(\.description)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix(#"c.json: theme: no theme named "drak"; did you mean "dark"? Available themes: "#) == true, "\(lines)")
        #expect(lines.first?.hasSuffix("(see 'stackboard themes'). Using the default.") == true, "\(lines)")
        #expect(try KeyboardOptions([], config: file, configFile: "c.json").configProblems.map(\.key) == ["theme"])
        do {
            _ = try KeyboardOptions(["--theme", "drak"])
            Issue.record("--theme drak was taken")
        } catch {
            #expect(error.message.hasPrefix(#"--theme drak: no theme named "drak"; did you mean "dark"?"#), "\(error.message)")
        }
    }

    @Test func theCommandReadsTheFileOfItsEnvironment() throws {
        let dir = NSTemporaryDirectory() + "stackboard-entry-config-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir + "/stackboard", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try #"{"theme": "dark", "dock": "left", "scale": 0.1}"#.write(toFile: dir + "/stackboard/config.json",
                                                                      atomically: true, encoding: .utf8)
        let entry = CommandConfig(for: .entry, environment: ["XDG_CONFIG_HOME": dir])
        #expect(entry.file == dir + "/stackboard/config.json")
        #expect(entry.problems.map(\.key) == ["scale"], "dock is the keyboard's")
        #expect(try EntryOptions([], config: entry.config, configFile: entry.file).keypad.theme?.name == "dark")
        let keyboard = CommandConfig(for: .keyboard, environment: ["XDG_CONFIG_HOME": dir])
        #expect(keyboard.problems.map(\.key) == ["dock", "scale"])
    }
}

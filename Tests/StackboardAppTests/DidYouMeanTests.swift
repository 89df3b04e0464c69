import Testing
import StackboardCore
@testable import StackboardApp

/// An unknown option or key gets the nearest one, by one rule for every command and the file.
@Suite struct DidYouMeanTests {
    func message(_ words: [String], _ command: CommandName) -> String? {
        do { _ = try Arguments(words, command: command); return nil } catch { return error.message }
    }

    @Test(arguments: CommandName.allCases)
    func aTypoOfAnyOptionSuggestsIt(command: CommandName) {
        for flag in Setting.accepted(by: command).compactMap(\.spec.flag) where flag.count >= 4 {
            // One letter dropped from the middle, and two letters swapped.
            var dropped = Array(flag)
            dropped.remove(at: flag.count / 2)
            var swapped = Array(flag)
            swapped.swapAt(1, 2)
            for typo in [String(dropped), String(swapped)] where typo != flag {
                let said = message(["--" + typo], command)
                #expect(said == "Unknown option '--\(typo)'. Did you mean '--\(flag)'?", "\(command): \(String(describing: said))")
            }
        }
    }

    @Test func theExamplesOfTheIssue() {
        #expect(message(["--sise", "10x10"], .entry) == "Unknown option '--sise'. Did you mean '--size'?")
        #expect(message(["--sise", "10x10"], .render) == "Unknown option '--sise'. Did you mean '--size'?")
        #expect(message(["--layot", "qwerty"], .keyboard) == "Unknown option '--layot'. Did you mean '--layout'?")
        #expect(message(["--volum", "5"], .soundCheck) == "Unknown option '--volum'. Did you mean '--volume'?")
        #expect(message(["--dispaly", ":1"], .toggle) == "Unknown option '--dispaly'. Did you mean '--display'?")
        #expect(message(["--hepl"], .check) == "Unknown option '--hepl'. Did you mean '--help'?")
    }

    @Test func theFilesSpellingOfASettingSuggestsItsOption() {
        #expect(message(["--longPress", "300"], .keyboard) == "Unknown option '--longPress'. Did you mean '--long-press'?")
        #expect(message(["--sound.volume", "3"], .keyboard) == "Unknown option '--sound.volume'. Did you mean '--volume'?")
        #expect(message(["--repeat.delay", "300"], .keyboard) == "Unknown option '--repeat.delay'. Did you mean '--repeat-delay'?")
    }

    @Test func nothingCloseSaysWhereTheOptionsAre() {
        #expect(message(["--frobnicate"], .keyboard) == "Unknown option '--frobnicate'. See 'stackboard keyboard --help' for the options.")
        #expect(message(["--frobnicate"], .entry) == "Unknown option '--frobnicate'. See 'stackboard entry --help' for the options.")
        #expect(message(["-x"], .render) == "Unknown option '-x'. Options start with two dashes; see 'stackboard render --help'.")
        // An option of another command is not suggested: the message says whose it is.
        #expect(message(["--output", "x.png"], .keyboard)?.contains("Did you mean") == false)
        #expect(message(["--size", "800x300"], .keyboard)
            == "'stackboard keyboard' has no option '--size': that is an option of 'stackboard entry', 'stackboard keys', 'stackboard render' and "
            + "'stackboard words'. "
            + "See 'stackboard keyboard --help' for its options.")
        // The file's spelling of a setting leads to its option only when it is one edit away:
        // `swipe` is `--no-swipe`, which `--sise` is not a typo of.
        #expect(message(["--sise", "3"], .keyboard) == "Unknown option '--sise'. See 'stackboard keyboard --help' for the options.")
    }

    @Test func aBadValueOfAChoiceSuggestsTheNearestName() {
        #expect(message(["--modifiers", "ctrl,shfit"], .type)?.hasSuffix("Did you mean 'shift'?") == true)
        #expect(message(["--dock", "left"], .keyboard) == "Option '--dock' wants one of bottom, top, none, not 'left'.")
    }

    func problems(_ json: String) -> [ConfigProblem] {
        ConfigLoader.parse(Array(json.utf8), file: "config.json").problems
    }

    @Test func anUnknownKeyOfTheFileSuggestsTheNearestKey() {
        let top = problems(#"{"themes": "dark", "repet": {}, "volume": 3, "long-press": 300, "scann": {}}"#)
        #expect(top.map(\.key) == ["themes", "repet", "volume", "long-press", "scann"])
        #expect(top[0].message.hasPrefix(#"unknown setting; did you mean "theme"? Valid settings: layout, layouts,"#))
        #expect(top[1].message.hasPrefix(#"unknown setting; did you mean "repeat"?"#))
        #expect(top[2].message.hasPrefix(#"unknown setting; did you mean "sound.volume"?"#))
        #expect(top[3].message.hasPrefix(#"unknown setting; did you mean "longPress"?"#))
        #expect(top[4].message.hasPrefix(#"unknown setting; did you mean "scan"?"#))
        let nested = problems(#"{"sound": {"volum": 3, "enable": false}, "scan": {"swich": "F1"}}"#)
        #expect(nested.map(\.key) == ["sound.volum", "sound.enable", "scan.swich"])
        #expect(nested[0].message == #"unknown setting; did you mean "volume"? Valid settings: enabled, volume, device."#)
        #expect(nested[1].message.hasPrefix(#"unknown setting; did you mean "enabled"?"#))
        #expect(nested[2].message.hasPrefix(#"unknown setting; did you mean "switch"?"#))
        let far = problems(#"{"frobnicate": 1}"#)
        #expect(far.first?.message.hasPrefix("unknown setting. Valid settings: ") == true)
    }

    @Test func unknownCommandsSuggestTheNearest() {
        #expect(Arguments.closest(to: "rendr", in: Set(CommandRegistry.all.map(\.name))) == "render")
        #expect(Arguments.closest(to: "sound-chek", in: Set(CommandRegistry.all.map(\.name))) == "sound-check")
    }
}

import Testing
@testable import StackboardCore

/// `ConfigEditor.merge`: the settings panel's changes written into config.json's text with
/// everything else (unknown keys, hand-written settings, order, spacing) kept.
@Suite struct ConfigEditorTests {
    private func merge(_ text: String, _ edits: [SettingEdit]) throws -> String {
        String(decoding: try ConfigEditor.merge(Array(text.utf8), edits), as: UTF8.self)
    }

    /// The text read back as the keyboard reads it, without problems other than unknown keys.
    private func reads(_ text: String) -> Config {
        let (config, problems) = ConfigLoader.parse(Array(text.utf8), file: "config.json")
        #expect(problems.allSatisfy { $0.ignored }, "\(problems)")
        return config
    }

    @Test func aMissingOrEmptyFileBecomesAnObjectOfItsOwn() throws {
        for empty in ["", "  \n"] {
            let text = try merge(empty, [SettingEdit(.theme, .string("dark"))])
            #expect(text == "{\n  \"theme\": \"dark\"\n}\n")
            #expect(reads(text)[.theme] == .string("dark"))
        }
    }

    @Test func aValueIsReplacedWhereItStandsAndTheRestIsKeptToTheByte() throws {
        let hand = """
            {
              // not JSON
            }
            """
        #expect(throws: ConfigEditor.Refusal.self) { try merge(hand, [SettingEdit(.theme, .string("dark"))]) }
        let text = """
            {
                "my-note":   "written by hand",
                "theme": "light",
                "sound": {"volume": 40,   "device": "plughw:0"}
            }

            """
        let changed = try merge(text, [SettingEdit(.theme, .string("dark"))])
        #expect(changed == text.replacing("\"light\"", with: "\"dark\""))
    }

    @Test func newMembersGoLastInTheFilesOwnIndentation() throws {
        let text = "{\n\t\"my-note\": 1,\n\t\"theme\": \"dark\"\n}\n"
        let changed = try merge(text, [SettingEdit(.scale, .double(1.25))])
        #expect(changed == "{\n\t\"my-note\": 1,\n\t\"theme\": \"dark\",\n\t\"scale\": 1.25\n}\n")
        let oneLine = try merge(#"{"my-note": 1}"#, [SettingEdit(.scale, .double(1.5))])
        #expect(oneLine == #"{"my-note": 1, "scale": 1.5}"#)
    }

    @Test func nestedSettingsGoIntoTheirGroupOrMakeIt() throws {
        let text = #"{"sound": {"device": "default"}, "x": [1, {"y": "}"}]}"#
        let off = try merge(text, [SettingEdit(.sound, .bool(false))])
        #expect(off == #"{"sound": {"device": "default", "enabled": false}, "x": [1, {"y": "}"}]}"#)
        let scanning = try merge(off, [SettingEdit(.scan, .bool(true)), SettingEdit(.scanInterval, .int(5000))])
        #expect(scanning == #"{"sound": {"device": "default", "enabled": false}, "x": [1, {"y": "}"}], "scan": {"enabled": true, "interval": 5000}}"#)
        let config = reads(scanning)
        #expect(config[.sound] == .bool(false) && config[.soundDevice] == .string("default"))
        #expect(config[.scan] == .bool(true) && config[.scanInterval] == .int(5000))
        // A group that is not an object is replaced by one.
        #expect(try merge(#"{"sound": 3}"#, [SettingEdit(.volume, .int(70))]) == #"{"sound": {"volume": 70}}"#)
    }

    @Test func listsAndStringsAreWrittenAsJSON() throws {
        let text = try merge("{}", [SettingEdit(.languages, .names(["xkb:de", "xkb:ru"])), SettingEdit(.layout, .string("a \"b\""))])
        #expect(text == #"{"languages": ["xkb:de", "xkb:ru"], "layout": "a \"b\""}"#)
        #expect(reads(text)[.languages] == .names(["xkb:de", "xkb:ru"]))
    }

    @Test func removingAKeyTakesItsCommaWithIt() throws {
        let text = "{\n  \"a\": 1,\n  \"theme\": \"dark\",\n  \"b\": 2\n}\n"
        #expect(try merge(text, [SettingEdit(.theme, nil)]) == "{\n  \"a\": 1,\n  \"b\": 2\n}\n")
        #expect(try merge(#"{"a": 1, "theme": "dark"}"#, [SettingEdit(.theme, nil)]) == #"{"a": 1}"#)
        #expect(try merge(#"{"theme": "dark", "a": 1}"#, [SettingEdit(.theme, nil)]) == #"{"a": 1}"#)
        #expect(try merge(#"{ "theme": "dark" }"#, [SettingEdit(.theme, nil)]) == #"{ }"#)
        #expect(try merge(#"{"a": 1}"#, [SettingEdit(.theme, nil)]) == #"{"a": 1}"#)
        #expect(try merge(#"{"sound": {"enabled": false, "volume": 3}}"#, [SettingEdit(.sound, nil)]) == #"{"sound": {"volume": 3}}"#)
    }

    @Test func aFileThatIsNotAnObjectIsRefusedSayingWhere() {
        for (text, says) in [(#"{"theme": "dark""#, "line 1, column 17"), ("[1, 2]", "an array"),
                             (#"{"a": 1, "a": 2}"#, "duplicate field")] {
            do throws(ConfigEditor.Refusal) {
                _ = try ConfigEditor.merge(Array(text.utf8), [SettingEdit(.theme, .string("light"))])
                Issue.record("\(text) was changed")
            } catch {
                #expect(error.description.contains(says), "\(error)")
                #expect(error.description.contains("fix it or delete it"))
            }
        }
    }

    @Test func everyKindOfValueReadsBackAsWritten() throws {
        let edits: [SettingEdit] = [
            SettingEdit(.learn, .bool(false)), SettingEdit(.suggestions, .int(4)), SettingEdit(.scale, .double(0.75)),
            SettingEdit(.theme, .string("high-contrast")), SettingEdit(.noAutocorrectIn, .names(["de"])),
            SettingEdit(.geometry, .geometry(WindowGeometry(size: Size(width: 800, height: 300), x: 0, y: 0, fromRight: false, fromBottom: true))),
            SettingEdit(.dwell, .int(800)), SettingEdit(.repeatDelay, .int(400)),
        ]
        let config = reads(try merge("{\"unknown\": {\"deep\": [true]}}\n", edits))
        for edit in edits { #expect(config[edit.setting] == edit.value, "\(edit.setting)") }
    }
}

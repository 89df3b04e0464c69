import Foundation
@testable import StackboardApp
import StackboardCore
import StackboardSystem
import Testing

/// The keyboard's side of the settings panel on fakes: ⚙ opens it (or its PIN pad), a control
/// writes config.json keeping what was written by hand, the new options go to `apply`, and the
/// panel comes back on its page; a file that is not JSON is left alone and the panel says so.
@Suite struct SettingsPanelHostTests {
    static let layout = TestLayouts.make("letters", [
        Key(label: "a", action: .text("a")), Key(label: "⚙", action: .settings), Key(label: "✥", action: .move),
    ])

    /// A controller on fakes with a host whose config.json (in a folder of its own) holds `text`.
    struct Rig {
        let fixture: ControllerFixture
        let host: SettingsPanelHost
        let file: String
        var applied: Box

        final class Box {
            var changes: [(old: KeyboardOptions, new: KeyboardOptions)] = []
            var forgot = 0
        }

        init(_ text: String?, words: [String] = []) throws {
            let dir = NSTemporaryDirectory() + "stackboard-panel-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            file = dir + "/config.json"
            if let text { try text.write(toFile: file, atomically: true, encoding: .utf8) }
            let (config, _) = ConfigLoader.load(file: file, files: SystemFiles())
            let options = try KeyboardOptions(words, config: config, configFile: file)
            fixture = try ControllerFixture(layouts: [SettingsPanelHostTests.layout])
            host = SettingsPanelHost(controller: fixture.controller, options: options, configPath: file,
                                     catalog: LayoutCatalog(searchPath: [], files: SystemFiles()), environment: [:],
                                     files: SystemFiles(), report: { [box = fixture.box] in box.reported.append($0) })
            host.choices = SettingsPanelChoices(names: LanguageNames(english: ["en": "English", "de": "German"]), xkb: [],
                                                files: [("letters", "en")], themes: ["dark", "light"])
            let applied = Box()
            self.applied = applied
            host.apply = { old, new, _ in applied.changes.append((old, new)) }
            host.forgetLearned = { applied.forgot += 1; return [] }
            fixture.controller.settings = host
        }

        var text: String { (try? String(contentsOfFile: file, encoding: .utf8)) ?? "" }
        var layer: String { fixture.controller.runtime.state.layerName }

        /// Taps the panel's key whose label is `label`.
        func tap(_ label: String) throws { try fixture.tap(label) }
    }

    @Test func aControlIsWrittenAppliedAndShownAgainOnItsPage() throws {
        let rig = try Rig("{\n  \"my-note\": \"mine\",\n  \"sound\": {\"device\": \"plughw:1\"}\n}\n")
        try rig.tap("⚙")
        #expect(rig.layer == "settings")
        try rig.tap("Theme: light")
        #expect(rig.text == "{\n  \"my-note\": \"mine\",\n  \"sound\": {\"device\": \"plughw:1\"},\n  \"theme\": \"dark\"\n}\n")
        #expect(rig.applied.changes.count == 1 && rig.applied.changes[0].new.keypad.theme != nil)
        #expect(rig.applied.changes[0].old.keypad.theme == nil)
        #expect(rig.layer == "settings", "the same page")
        #expect(rig.fixture.controller.runtime.state.geometry.keys.contains { $0.key.label == "Theme: dark" }, "showing the new value")
        // Another page: the sound, off.
        try rig.tap("Sound & keys")
        try rig.tap("Sound: on")
        #expect(rig.text.contains("\"sound\": {\"device\": \"plughw:1\", \"enabled\": false}"))
        #expect(rig.applied.changes.last?.new.keypad.sound.enabled == false)
        #expect(rig.applied.changes.last?.new.keypad.sound.device == "plughw:1")
        #expect(rig.layer == "settings:sound")
        #expect(rig.fixture.box.reported.isEmpty, "\(rig.fixture.box.reported)")
        // Close: back to the keys.
        try rig.tap("⌨ Close")
        #expect(rig.layer == "main")
    }

    @Test func aChangeWinsOverTheCommandLine() throws {
        let rig = try Rig(nil, words: ["--no-sound"])
        try rig.tap("⚙")
        try rig.tap("Sound & keys")
        try rig.tap("Sound: off")
        #expect(rig.applied.changes.last?.new.keypad.sound.enabled == true)
        #expect(rig.text == "{\n  \"sound\": {\"enabled\": true}\n}\n", "the file is made")
    }

    @Test func aFileThatIsNotJSONIsLeftAloneAndThePanelSaysSo() throws {
        let broken = "{\"theme\": \"light\",,}\n"
        let rig = try Rig(broken)
        try rig.tap("⚙")
        try rig.tap("Theme: light")
        #expect(rig.text == broken, "not overwritten")
        #expect(rig.fixture.box.reported.contains { $0.contains("fix it or delete it") && $0.hasPrefix(rig.file) })
        let labels = rig.fixture.controller.runtime.state.geometry.keys.map(\.key.label)
        #expect(labels.first?.hasPrefix("⚠ Not saved: config.json: line 1") == true, "\(labels)")
        #expect(labels.contains("Theme: dark"), "used until the keyboard stops")
        #expect(rig.applied.changes.count == 1)
    }

    @Test func thePinComesFirst() throws {
        let rig = try Rig(#"{"settings-pin": "1357"}"#)
        try rig.tap("⚙")
        #expect(rig.layer == "settings:pin")
        for digit in ["1", "3", "5", "9"] { try rig.tap(digit) }
        #expect(rig.layer == "settings:pin")
        #expect(rig.fixture.controller.runtime.state.geometry.keys.first?.key.label.hasPrefix("Wrong PIN") == true)
        for digit in ["1", "3", "5", "7"] { try rig.tap(digit) }
        #expect(rig.layer == "settings")
        // Closed, it asks again.
        try rig.tap("⌨ Close")
        try rig.tap("⚙")
        #expect(rig.layer == "settings:pin")
        try rig.tap("Cancel")
        #expect(rig.layer == "main")
    }

    @Test func lockedItDoesNotOpen() throws {
        let rig = try Rig(#"{"settings": "locked"}"#)
        try rig.tap("⚙")
        #expect(rig.layer == "main")
    }

    @Test func forgettingIsAskedFirst() throws {
        let rig = try Rig(nil)
        try rig.tap("⚙")
        try rig.tap("Words")
        try rig.tap("Forget what was learned…")
        #expect(rig.layer == "settings:forget" && rig.applied.forgot == 0)
        try rig.tap("Forget every learned word")
        #expect(rig.applied.forgot == 1 && rig.layer == "settings:words")
    }
}

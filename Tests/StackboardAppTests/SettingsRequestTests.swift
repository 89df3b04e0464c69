@testable import StackboardApp
import StackboardCore
import Testing

/// The settings request from outside the keys (the tray menu's Settings item) where the panel is
/// not offered (locked, a plug: the controller has no panel): it says so and changes nothing.
/// With a panel it opens as ⚙ opens it (SettingsPanelKeyboardTests, TrayIconTests).
@Suite struct SettingsRequestTests {
    @Test func withoutAPanelItSaysSoAndChangesNothing() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.handle(.hide, now: 0)
        f.controller.openSettings(now: 1)
        #expect(!f.window.shown)
        #expect(f.controller.runtime.state.layerName == "main")
        #expect(f.box.reported == ["the settings panel is locked here (\"settings\": \"locked\" in config.json, or a plug): "
                                   + "settings live in ~/.config/stackboard/config.json (see stackboard(1))"])
    }
}

@testable import StackboardApp
import StackboardCore
import Testing

/// The settings request (the tray menu's Settings item): the keyboard shows its layout's
/// `settings` layer, or, without one, says so and stays as it is.
@Suite struct SettingsRequestTests {
    static let withSettings = Layout(name: "panel", description: "panel", layers: [
        Layer(name: "main", root: Stack(axis: .vertical, items: [TestLayouts.row([Key(label: "a", action: .text("a"))])])),
        Layer(name: "settings", root: Stack(axis: .vertical, items: [TestLayouts.row([Key(label: "x", action: .text("x"))])])),
    ])

    @Test func aLayoutWithASettingsLayerShowsItAndTheKeyboard() throws {
        let f = try ControllerFixture(layouts: [Self.withSettings])
        f.controller.handle(.hide, now: 0)
        f.controller.openSettings(now: 1)
        #expect(f.window.shown)
        #expect(f.controller.runtime.state.layerName == "settings")
        #expect(f.box.reported.isEmpty)
    }

    @Test func aLayoutWithoutOneSaysSoAndChangesNothing() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        f.controller.handle(.hide, now: 0)
        f.controller.openSettings(now: 1)
        #expect(!f.window.shown)
        #expect(f.controller.runtime.state.layerName == "main")
        #expect(f.box.reported == ["the layout 'letters' has no 'settings' layer: there are no settings to show; "
                                   + "settings live in ~/.config/stackboard/config.json (see stackboard(1))"])
    }
}

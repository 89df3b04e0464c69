import Foundation
import Testing

/// A long press opens the alternates popup: its own override-redirect window above the key,
/// reaching above the keyboard's top edge; the release chooses the option under the pointer.
@Suite struct WindowAlternatesTests {
    /// The popup window (WM_CLASS "stackboard-popup") if it is viewable.
    static func viewablePopup(_ session: XSession) -> WindowInfo? {
        let tree = session.run("xwininfo", ["-root", "-tree"]).stdout
        for line in tree.split(separator: "\n") where line.contains("(\"stackboard-popup\" \"Stackboard\")") {
            guard let id = line.split(separator: " ").first(where: { $0.hasPrefix("0x") }) else { continue }
            if let info = RunningKeyboard.windowInfo(session, id: String(id)), info.viewable { return info }
        }
        return nil
    }

    @Test func longPressShowsThePopupAboveTheKeyAndReleaseChoosesAnOption() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        let e = try kb.key("e")
        let onE = kb.at(e.center.x, e.center.y)

        // Held without moving: the first option is chosen.
        kb.pointer([onE, "down"])
        var popup: WindowInfo?
        try session.waitUntil(timeout: 10, "the alternates popup") { popup = Self.viewablePopup(session); return popup != nil }
        let shown = try #require(popup)
        #expect(shown.y + shown.height <= kb.info.y + e.y, "the popup is above the key")
        #expect(shown.y < kb.info.y, "a popup over the top row reaches above the keyboard")
        #expect(shown.x <= kb.info.x + e.x + e.width && shown.x + shown.width >= kb.info.x + e.x)
        kb.pointer(["up"])
        #expect(kb.waitForPrinted(["é"]) == ["é"])
        try session.waitUntil(timeout: 10, "the popup to close") { Self.viewablePopup(session) == nil }

        // Held, then moved onto the second cell of the row: the second option.
        kb.pointer([onE, "down"])
        try session.waitUntil(timeout: 10, "the alternates popup again") { popup = Self.viewablePopup(session); return popup != nil }
        let again = try #require(popup)
        let options = 8, gap = 6 // é è ê ë ē ę ė € in cells of the key's width, the layout's spacing apart
        let row = options * e.width + (options - 1) * gap
        let secondX = again.x + (again.width - row) / 2 + e.width + gap + e.width / 2
        kb.pointer(["\(secondX),\(again.y + again.height / 2)", "up"])
        #expect(kb.waitForPrinted(["é", "è"]) == ["é", "è"])
        try session.waitUntil(timeout: 10, "the popup to close") { Self.viewablePopup(session) == nil }
    }
}

import StackboardBus
import Testing

/// The tray icon's menu as dbusmenu hands it to a panel, and what its items ask for.
@Suite struct TrayMenuTests {
    func labels(_ layout: BusValue) -> [String] {
        guard let children = layout.elements?[2].elements else { return [] }
        return children.map { child in
            let props = child.elements?[1].stringDictionary ?? [:]
            return props["type"]?.string == "separator" ? "-" : props["label"]?.string ?? "?"
        }
    }

    @Test func theFirstItemShowsOrHidesAsTheKeyboardIs() {
        var menu = TrayMenu()
        #expect(labels(menu.layout(of: 0, depth: -1, names: [])) == ["Show keyboard", "Settings…", "-", "Quit"])
        #expect(menu.request(clicked: 1) == .show)
        let revision = menu.revision
        let changed = menu.setKeyboardShown(true)
        #expect(changed && menu.revision == revision + 1)
        let again = menu.setKeyboardShown(true) // no change, no new revision
        #expect(!again)
        #expect(menu.revision == revision + 1)
        #expect(labels(menu.layout(of: 0, depth: -1, names: [])).first == "Hide keyboard")
        #expect(menu.request(clicked: 1) == .hide)
    }

    @Test func settingsAndQuitAreRequestsTheSeparatorAndUnknownItemsAreNot() {
        let menu = TrayMenu()
        #expect(menu.request(clicked: 2) == .settings)
        #expect(menu.request(clicked: 4) == .quit)
        #expect(menu.request(clicked: 3) == nil)
        #expect(menu.request(clicked: 0) == nil)
        #expect(menu.request(clicked: 99) == nil)
        #expect(!menu.has(99) && menu.has(0) && menu.has(4))
    }

    @Test func theLayoutHasDbusmenusShapeAndKeepsOnlyTheNamesAskedFor() {
        let menu = TrayMenu()
        let root = menu.layout(of: 0, depth: -1, names: ["label"])
        #expect(root.signature == "(ia{sv}av)")
        #expect(root.elements?[1].stringDictionary?.isEmpty == true) // the root has no label
        let first = root.elements?[2].elements?.first?.unwrapped
        #expect(first?.elements?[1].stringDictionary?.keys.sorted() == ["label"])
        // Depth 0: the item without its children.
        #expect(menu.layout(of: 0, depth: 0, names: []).elements?[2].elements?.isEmpty == true)
        #expect(menu.properties(of: 0).first?.0 == "children-display")
    }
}

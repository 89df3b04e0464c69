import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

/// The emoji panel: emoji-test.txt read into groups, pages and tabs, recents and their store,
/// and the catalog adding the panel to layouts with a ☺ key.
@Suite struct EmojiPanelTests {
    static let fixture = """
        # emoji-test.txt (a cut)
        # group: Smileys & Emotion
        # subgroup: face-smiling
        1F600                                                  ; fully-qualified     # 😀 E1.0 grinning face
        263A FE0F                                              ; fully-qualified     # ☺️ E0.6 smiling face
        263A                                                   ; unqualified         # ☺ E0.6 smiling face
        # group: People & Body
        1F44B                                                  ; fully-qualified     # 👋 E0.6 waving hand
        1F44B 1F3FB                                            ; fully-qualified     # 👋🏻 E1.0 waving hand: light skin tone
        1F44B 1F3FF                                            ; fully-qualified     # 👋🏿 E1.0 waving hand: dark skin tone
        261D FE0F                                              ; fully-qualified     # ☝️ E0.6 index pointing up
        261D 1F3FD                                             ; fully-qualified     # ☝🏽 E1.0 index pointing up: medium skin tone
        1F9D1 200D 1F91D 200D 1F9D1                            ; fully-qualified     # 🧑‍🤝‍🧑 E12.0 people holding hands
        1F9D1 1F3FB 200D 1F91D 200D 1F9D1 1F3FB                ; fully-qualified     # 🧑🏻‍🤝‍🧑🏻 E12.0 people holding hands: light skin tone
        1F9D1 1F3FB 200D 1F91D 200D 1F9D1 1F3FC                ; fully-qualified     # 🧑🏻‍🤝‍🧑🏼 E12.1 people holding hands: light skin tone, medium-light skin tone
        1F468 200D 1F9B0                                       ; minimally-qualified # 👨‍🦰 E11.0 man: red hair
        # group: Component
        1F3FB                                                  ; component           # 🏻 E1.0 light skin tone
        # group: Flags
        1F1E9 1F1EA                                            ; fully-qualified     # 🇩🇪 E2.0 flag: Germany
        """

    static var groups: [EmojiGroup] { EmojiTestFile.groups(in: Array(fixture.utf8)) }

    @Test func fullyQualifiedEmojiInTheirGroupsWithUniformSkinTones() {
        let groups = Self.groups
        #expect(groups.map(\.name) == ["Smileys & Emotion", "People & Body", "Flags"])
        #expect(groups[0].emoji.map(\.text) == ["😀", "☺️"])
        #expect(groups[0].emoji[0].name == "grinning face")
        #expect(groups[1].emoji.map(\.text) == ["👋", "☝️", "🧑‍🤝‍🧑"])
        #expect(groups[1].emoji[0].skinTones == ["👋🏻", "👋🏿"])
        #expect(groups[1].emoji[1].skinTones == ["☝🏽"], "the base's U+FE0F is ignored when matching")
        #expect(groups[1].emoji[2].skinTones == ["🧑🏻‍🤝‍🧑🏻"], "mixed tones are left out")
        #expect(groups[2].emoji.map(\.text) == ["🇩🇪"])
    }

    @Test func theShippedFileHasTheNineGroupsOfUnicode15() throws {
        let bytes = try LayoutLoader.readFile(LoaderSupport.repoRoot.appendingPathComponent("Resources/emoji/emoji-test.txt").path, files: SystemFiles())
        let groups = EmojiTestFile.groups(in: bytes)
        #expect(groups.map(\.name) == ["Smileys & Emotion", "People & Body", "Animals & Nature", "Food & Drink",
                                       "Travel & Places", "Activities", "Objects", "Symbols", "Flags"])
        #expect(groups.map(\.emoji.count).reduce(0, +) == 1870, "the fully-qualified emoji without skin tones")
        let hand = try #require(groups[1].emoji.first { $0.text == "👋" })
        #expect(hand.skinTones.count == 5)
    }

    @Test(arguments: ["", "#", "; fully-qualified #", "ZZZZ ; fully-qualified # x", "D800 ; fully-qualified # x", "# group: X\n110000 ; fully-qualified # x"])
    func brokenLinesAreSkipped(_ text: String) {
        #expect(EmojiTestFile.groups(in: Array(text.utf8)).allSatisfy { !$0.emoji.isEmpty })
    }

    @Test func pagesTabsAndTheWayBack() throws {
        let many = EmojiGroup(name: "Objects", emoji: (0..<45).map { Emoji(text: String(UnicodeScalar(0x1F400 + $0) ?? "x"), name: "") })
        let panel = EmojiPanel(groups: Self.groups + [many], recents: ["👋🏿", "not an emoji"])
        let layers = panel.layers(back: .layer("letters"), backLabel: "ABC")
        #expect(layers.map(\.name) == ["emoji", "emoji:smileys-emotion:1", "emoji:people-body:1", "emoji:flags:1",
                                       "emoji:objects:1", "emoji:objects:2"])
        let first = layers[0]
        guard case .stack(let tabs)? = first.root.items.first else { Issue.record("no tab row"); return }
        #expect(tabs.keys.map(\.label) == ["🕘", "😀", "👋", "🏁", "💡"])
        #expect(tabs.keys.map(\.action) == layers.dropLast().map { Action.layer($0.name) })
        #expect(tabs.keys[0].style == .accent && tabs.keys[1].style == .function)
        #expect(first.root.items.count == 1 + EmojiPanel.rows + 1)
        let emojiKeys = first.root.keys.filter { $0.style == .normal && $0.action != .space }
        #expect(emojiKeys.map(\.label) == ["👋🏿"], "the recents the panel knows, typed as they were")
        let bottom = layers[4].root.keys.suffix(6)
        #expect(bottom.map(\.label) == ["ABC", "◀", "", "▶", "⌫", "⏎"])
        #expect(bottom.map(\.action) == [.layer("letters"), .layer("emoji:flags:1"), .space, .layer("emoji:objects:2"), .key(.backspace), .key(.returnKey)])
        #expect(layers[5].root.keys.suffix(6).map(\.action)[3] == .layer("emoji"), "the last page's next wraps to the first")
        let hand = try #require(layers[2].root.keys.first { $0.label == "👋" && $0.style == .normal })
        #expect(hand.alternates.map(\.label) == ["👋🏻", "👋🏿"])
        #expect(layers[5].root.keys.filter { $0.style == .blank }.count == EmojiPanel.columns * EmojiPanel.rows - 5)
    }

    @Test func withoutRecentsTheFirstGroupComesFirst() {
        let layers = EmojiPanel(groups: Self.groups).layers(back: .nextLayout, backLabel: "⌨")
        #expect(layers.first?.name == "emoji")
        #expect(layers.first?.root.keys.contains { $0.label == "😀" && $0.style == .normal } == true)
    }

    @Test func theFirstRecentEmojiKeepsThePageTheUserIsOn() throws {
        let before = EmojiPanel(groups: Self.groups).layers(back: .nextLayout, backLabel: "⌨")
        let after = EmojiPanel(groups: Self.groups, recents: ["👋"]).layers(back: .nextLayout, backLabel: "⌨")
        // "emoji" was the smileys and is now the recently used page: the smileys are shown again.
        let smileys = try #require(before.first { $0.name == "emoji" })
        let page = EmojiPanel.page(replacing: smileys, in: after)
        #expect(page == "emoji:smileys-emotion:1")
        #expect(after.first { $0.name == page }?.root.keys.contains { $0.label == "😀" } == true)
        // A page whose name did not change stays; the recent page (new emoji) stays "emoji".
        let flags = try #require(before.first { $0.name.hasPrefix("emoji:flags") })
        #expect(EmojiPanel.page(replacing: flags, in: after) == flags.name)
        let recent = try #require(after.first { $0.name == "emoji" })
        let later = EmojiPanel(groups: Self.groups, recents: ["😀", "👋"]).layers(back: .nextLayout, backLabel: "⌨")
        #expect(EmojiPanel.page(replacing: recent, in: later) == "emoji")
    }

    @Test func recentsMoveToTheFrontAndAreCapped() {
        var recents = EmojiRecents(["😀", "👋", "😀", ""])
        #expect(recents.emoji == ["😀", "👋"])
        recents = recents.recording("👋").recording("🇩🇪")
        #expect(recents.emoji == ["🇩🇪", "👋", "😀"])
        #expect(EmojiRecents(fileText: recents.fileText) == recents)
        let full = (0..<100).reduce(EmojiRecents()) { $0.recording("e\($1)") }
        #expect(full.emoji.count == EmojiRecents.limit && full.emoji.first == "e99")
    }

    @Test func theStoreKeepsOnlyEmojiThePanelOffers() throws {
        let dir = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = try #require(EmojiRecentsStore(environment: ["XDG_STATE_HOME": dir.path, "HOME": "/nonexistent"], files: SystemFiles()))
        #expect(store.path == dir.path + "/stackboard/recent-emoji")
        #expect(store.load() == EmojiRecents())
        let offered = EmojiPanel(groups: Self.groups).offered
        try store.record("👋🏿", offered: offered)
        try store.record("secret", offered: offered)
        try store.record("😀", offered: offered)
        #expect(store.load().emoji == ["😀", "👋🏿"])
        let mode = try FileManager.default.attributesOfItem(atPath: dir.path + "/stackboard")[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(EmojiRecentsStore(environment: ["HOME": "/home/ann"], files: SystemFiles())?.path == "/home/ann/.local/state/stackboard/recent-emoji")
        #expect(EmojiRecentsStore(environment: ["XDG_STATE_HOME": "relative"], files: SystemFiles()) == nil)
        let page = try #require(EmojiPanel(groups: Self.groups).layers(back: .nextLayout, backLabel: "⌨").first { $0.name == "emoji:people-body:1" })
        #expect(try store.record("👋🏻", typedOn: page)?.emoji.first == "👋🏻", "a skin tone of a key of the page")
        #expect(try store.record(" ", typedOn: page) == nil, "the space key is not an emoji")
        #expect(try store.record("😀", typedOn: Layer(name: "letters", root: page.root)) == nil, "only panel pages record")
        #expect(EmojiPanel.isPanelLayer("emoji") && EmojiPanel.isPanelLayer("emoji:flags:2") && !EmojiPanel.isPanelLayer("emojis"))
        let blocked = EmojiRecentsStore(path: "/proc/stackboard-cannot/recent-emoji", files: SystemFiles())
        #expect(throws: EmojiStoreError.self) { try blocked.save(EmojiRecents(["😀"])) }
    }

    static func catalog(emojiFile: String) -> LayoutCatalog {
        LayoutCatalog(searchPath: [LayoutSource(kind: .shipped, directory: LoaderSupport.shippedDirectory)],
                      providers: [EmojiProvider(dataFiles: [emojiFile], recents: nil, files: SystemFiles())], files: SystemFiles())
    }

    @Test func theCatalogAddsThePanelToLayoutsWithAnEmojiKey() throws {
        let catalog = Self.catalog(emojiFile: LoaderSupport.repoRoot.appendingPathComponent("Resources/emoji/emoji-test.txt").path)
        let qwerty = try catalog.load("qwerty")
        #expect(qwerty.layer(named: "emoji") != nil)
        #expect(qwerty.layers.prefix(3).map(\.name) == ["letters", "numbers", "symbols"])
        let back = qwerty.layer(named: "emoji")?.root.keys.first { $0.label == "ABC" }
        #expect(back?.action == .layer("letters"))
        let pin = try catalog.load("pin")
        #expect(pin.layers.count == 1, "no emoji key, no panel")
        let panel = try catalog.load("emoji")
        #expect(panel.name == "emoji" && panel.layers.count > 40)
        #expect(panel.layers[0].root.keys.contains { $0.action == .nextLayout })
    }

    @Test func withoutEmojiDataTheEmojiKeysGo() throws {
        let catalog = Self.catalog(emojiFile: "/nonexistent/emoji-test.txt")
        let qwerty = try catalog.load("qwerty")
        #expect(qwerty.layers.map(\.name) == ["letters", "numbers", "symbols", "edit"])
        #expect(!qwerty.layers.contains { $0.root.keys.contains { $0.action == .layer("emoji") } })
        #expect(throws: LayoutError.self) { try catalog.load("emoji") }
        do { _ = try catalog.load("emoji") } catch { #expect(error.message.contains("no emoji data")) }
    }

    @Test func aUserFileOfTheSameNameWinsOverTheProvider() throws {
        let dir = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"description": "mine", "layers": [{"name": "m", "rows": [["x"]]}]}"#.utf8).write(to: dir.appendingPathComponent("emoji.json"))
        let catalog = LayoutCatalog(searchPath: [LayoutSource(kind: .user, directory: dir.path)],
                                    providers: [EmojiProvider(dataFiles: [], recents: nil, files: SystemFiles())], files: SystemFiles())
        #expect(try catalog.load("emoji").description == "mine")
    }
}

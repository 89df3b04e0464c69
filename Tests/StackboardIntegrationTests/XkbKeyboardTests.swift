import Foundation
import StackboardCore
import Testing

/// The keyboard following the display's keymap (`--layout xkb`) and switching languages with
/// its 🌐 key (`--languages`), end to end under Xvfb, typing into keysink. No window manager:
/// openbox re-reads its key bindings on every keymap change, which takes seconds.
@Suite struct XkbKeyboardTests {
    /// `stackboard status --layout`, without its newline.
    static func layoutShown(_ session: XSession) -> String {
        session.run(Tools.stackboard, ["status", "--layout"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func theDisplaysLayoutIsFollowedLiveAndTheSameKeyTypesTheNewLayoutsCharacter() throws {
        let rig = try TypingRig(layout: "us", wm: .none)
        let kb = try RunningKeyboard(rig.session, ["--layout", "xkb"])
        try rig.session.waitUntil(timeout: 20, "the us layout (\(Self.layoutShown(rig.session)))") { Self.layoutShown(rig.session) == "xkb:us" }
        // The place of us's y is a key of de's now, with de's label: that is what it types.
        let y = try #require(try RunningKeyboard.keys(rig.session, layout: "xkb:us", size: "\(kb.info.width)x\(kb.info.height)")
            .first { $0.text == "y" })
        kb.tap(y)
        #expect(rig.waitForText("y") == "y")

        #expect(rig.session.run("setxkbmap", ["-layout", "de"]).status == 0)
        try rig.session.waitUntil(timeout: 20, "the keyboard to follow setxkbmap de (\(Self.layoutShown(rig.session)))") {
            Self.layoutShown(rig.session) == "xkb:de"
        }
        let there = try #require(try RunningKeyboard.keys(rig.session, layout: "xkb:de", size: "\(kb.info.width)x\(kb.info.height)")
            .first { y.center.x >= $0.x && y.center.x < $0.x + $0.width && y.center.y >= $0.y && y.center.y < $0.y + $0.height })
        let relabelled = try #require(there.text)
        #expect(relabelled != "y", "de has y elsewhere: \(there)")
        kb.tap(y) // the same place on the screen
        #expect(rig.waitForText("y" + relabelled) == "y" + relabelled)
    }

    /// A group switch (what a layout-switching shortcut does) shows the new group's layout, and
    /// its keys type that layout's letters.
    @Test func theDisplaysGroupIsFollowedLive() throws {
        let rig = try TypingRig(layout: "us,ru", wm: .none)
        let kb = try RunningKeyboard(rig.session, ["--layout", "xkb"])
        try rig.session.waitUntil(timeout: 20, "the us layout (\(Self.layoutShown(rig.session)))") { Self.layoutShown(rig.session) == "xkb:us" }
        #expect(rig.session.run(rig.xkbtool, ["lock-group", "1"]).status == 0)
        try rig.session.waitUntil(timeout: 20, "the keyboard to follow group 2, ru (\(Self.layoutShown(rig.session)))") {
            Self.layoutShown(rig.session) == "xkb:ru"
        }
        let size = "\(kb.info.width)x\(kb.info.height)"
        let ef = try #require(try RunningKeyboard.keys(rig.session, layout: "xkb:ru", size: size).first { $0.text == "ф" })
        kb.tap(ef)
        #expect(rig.waitForText("ф") == "ф")
        #expect(rig.session.run(rig.xkbtool, ["lock-group", "0"]).status == 0)
        try rig.session.waitUntil(timeout: 20, "the keyboard back on us (\(Self.layoutShown(rig.session)))") {
            Self.layoutShown(rig.session) == "xkb:us"
        }
    }

    @Test func theLanguageKeyCyclesTheLanguagesAndTheyTypeTheirOwnLetters() throws {
        let rig = try TypingRig(layout: "us", wm: .none)
        let args = ["--layout", "xkb:us", "--languages", "xkb:us,xkb:ru"]
        let kb = try RunningKeyboard(rig.session, args)
        let size = "\(kb.info.width)x\(kb.info.height)"
        func keys(_ layout: String) throws -> [ReportedKey] {
            let r = rig.session.run(Tools.stackboard, ["keys", "--layout", layout, "--size", size, "--languages", "xkb:us,xkb:ru"])
            try #require(r.status == 0, "\(r.stderr)")
            return try r.stdout.split(separator: "\n").map { try JSONDecoder().decode(ReportedKey.self, from: Data($0.utf8)) }
        }
        let globe = try #require(try keys("xkb:us").first { $0.label == "🌐" }, "no language key")
        kb.tap(globe)
        try rig.session.waitUntil(timeout: 20, "the Russian layout (\(Self.layoutShown(rig.session)))") {
            Self.layoutShown(rig.session) == "xkb:ru"
        }
        let ef = try #require(try keys("xkb:ru").first { $0.text == "ф" })
        kb.tap(ef)
        #expect(rig.waitForText("ф") == "ф")
        // The display's group was never switched: it is still us.
        #expect(rig.state().group == 0)
        let back = try #require(try keys("xkb:ru").first { $0.label == "🌐" })
        kb.tap(back)
        try rig.session.waitUntil(timeout: 20, "back to us") { Self.layoutShown(rig.session) == "xkb:us" }
    }
}

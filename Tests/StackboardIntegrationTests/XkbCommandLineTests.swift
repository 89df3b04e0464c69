import Foundation
import Testing

/// `xkb:` names and `xkb` at the command line: listing, checking, keys, render, did-you-mean,
/// and `xkb` read from the display's keymap and group.
@Suite struct XkbCommandLineTests {
    static func run(_ args: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        try runStackboard(args, environment: environmentWithoutDisplay)
    }

    @Test func layoutsXkbListsEveryLayoutAndVariantWithItsLanguage() throws {
        let r = try Self.run(["layouts", "--xkb"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.filter { !$0.hasSuffix("(extra)") }.count == 578)
        #expect(lines.contains { $0.hasPrefix("xkb:de ") && $0.contains(" de ") && $0.hasSuffix("German") })
        #expect(lines.contains { $0.hasPrefix("xkb:fr(bepo) ") && $0.hasSuffix("French (BEPO)") })
        #expect(try Self.run(["layouts", "--xkb", "--paths"]).status == 2)
    }

    @Test func checkKeysAndRenderTakeXkbNames() throws {
        let check = try Self.run(["check", "xkb:de", "xkb:in(deva)", "emoji"])
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stdout == "xkb:de: ok\nxkb:in(deva): ok\nemoji: ok\n")
        let keys = try Self.run(["keys", "--layout", "xkb:de", "--size", "1000x320", "--layer", "altgr"])
        #expect(keys.status == 0, "\(keys.stderr)")
        #expect(keys.stdout.contains(#""label":"€","action":"text","text":"€""#))
        let letters = try Self.run(["keys", "--layout", "xkb:ru", "--size", "1000x320"])
        #expect(letters.stdout.contains(#""label":"й","action":"text","text":"й","shifted":"Й""#))
        let png = NSTemporaryDirectory() + "stackboard-xkb-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: png) }
        let render = try Self.run(["render", "--layout", "xkb:ara", "--size", "640x200", "--output", png])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(FileManager.default.fileExists(atPath: png))
    }

    @Test func wrongNamesGetADidYouMean() throws {
        let typo = try Self.run(["check", "xkb:fr(bepoo)"])
        #expect(typo.status == 1)
        #expect(typo.stderr.contains("did you mean \"xkb:fr(bepo)\"?"))
        let word = try Self.run(["keys", "--layout", "xkb:german", "--size", "800x300"])
        #expect(word.status == 2)
        #expect(word.stderr.contains("did you mean \"xkb:de\" (German)?"))
        let bare = try Self.run(["keys", "--layout", "xkb", "--size", "800x300"])
        #expect(bare.status == 2)
        #expect(bare.stderr.contains("DISPLAY is not set") && bare.stderr.contains("xkb:de"))
    }

    @Test func xkbIsTheDisplaysLayoutAndGroup() throws {
        let rig = try TypingRig(layout: "us,ru", group: 1, wm: .none)
        let keys = RunningKeyboard.self
        let russian = try keys.keys(rig.session, layout: "xkb", size: "1000x320")
        #expect(russian.contains { $0.label == "й" }, "group 2 of us,ru is Russian")
        #expect(rig.session.run("setxkbmap", ["-layout", "de"]).status == 0)
        let german = try keys.keys(rig.session, layout: "xkb", size: "1000x320")
        #expect(german.contains { $0.label == "ü" })
    }
}

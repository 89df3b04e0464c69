import Foundation
import Testing

/// The first-frame cache (`$XDG_CACHE_HOME/stackboard/first-frame-*.bin`): the frame kept is
/// pixel for pixel what the keyboard paints; a second start uses it (the file is not written
/// again); a changed layout file, theme or size is painted anew, never shown from the old file;
/// a damaged file is ignored and replaced; a plug and a shuffled PIN pad keep nothing.
@Suite struct FirstFrameCacheTests {
    /// The cache folder of a session's keyboard (XSession sets XDG_CACHE_HOME).
    static func folder(_ session: XSession) -> String { session.dir + "/cache/stackboard" }

    /// The frame files in the session's cache folder.
    static func frameFiles(_ session: XSession) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder(session))) ?? []
        return names.filter { $0.hasPrefix("first-frame-") && $0.hasSuffix(".bin") }.sorted().map { folder(session) + "/" + $0 }
    }

    /// A file's inode and modification time: a file written again (a rename over it) has another inode.
    static func identity(_ path: String) throws -> String {
        let a = try FileManager.default.attributesOfItem(atPath: path)
        return "\(a[.systemFileNumber] ?? "?") \((a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
    }

    /// The pixels of a frame file (0x00RRGGBB, row by row) and its size.
    static func framePixels(_ path: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func u32(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24 }
        try #require(bytes.count > 96 && Array(bytes[0..<4]) == Array("SBFF".utf8), "not a frame file: \(path)")
        let width = u32(24), height = u32(28), bitsPerPixel = u32(36), stride = u32(40)
        try #require(bitsPerPixel == 32 && bytes.count == 96 + stride * height, "unexpected format in \(path)")
        var pixels: [UInt32] = []
        pixels.reserveCapacity(width * height)
        for y in 0..<height {
            for x in 0..<width { pixels.append(UInt32(u32(96 + y * stride + x * 4)) & 0xFFFFFF) }
        }
        return (width, height, pixels)
    }

    /// Every pixel the keyboard window shows now.
    static func windowPixels(_ kb: RunningKeyboard) throws -> [UInt32] {
        let out = kb.session.dir + "/window-\(UUID().uuidString).raw"
        let r = kb.session.run(try Tools.cTool("winimage"), [kb.info.id, out])
        try #require(r.status == 0, "winimage: \(r.stderr)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
        return stride(from: 0, to: bytes.count, by: 4).map {
            UInt32(bytes[$0]) | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2]) << 16 | UInt32(bytes[$0 + 3]) << 24
        }
    }

    /// Starts a keyboard and waits until it says it is shown (`stackboard status`): its loop
    /// runs, so the start has finished (the first frame painted for real and kept, or taken from
    /// the cache and painted again).
    static func startedKeyboard(_ session: XSession, _ args: [String]) throws -> RunningKeyboard {
        let kb = try RunningKeyboard(session, args)
        try kb.child.waitUntil(timeout: 20, "the keyboard to say it is shown") {
            session.run(Tools.stackboard, ["status"]).stdout == "shown\n"
        }
        return kb
    }

    /// Waits for the pixels of `kb` to equal `expected` (the keyboard repaints a tapped key).
    static func waitForPixels(_ kb: RunningKeyboard, _ expected: [UInt32], _ what: String) throws {
        var seen: [UInt32] = []
        try kb.session.waitUntil(timeout: 20, "\(what): \(seen.count) pixels, \(zip(seen, expected).filter { $0 != $1 }.count) differ") {
            seen = (try? windowPixels(kb)) ?? []
            return seen == expected
        }
    }

    @Test func theKeptFrameIsWhatTheKeyboardPaintsAndTheNextStartUsesIt() throws {
        let session = try XSession()
        defer { session.close() }
        // Without the suggestion bar the keyboard's whole picture is its first frame.
        let noBar = ["--suggestions", "0"]
        let first = try Self.startedKeyboard(session, noBar)
        let files = Self.frameFiles(session)
        try #require(files.count == 1, "one frame file after the first start: \(files)")
        let frame = try Self.framePixels(files[0])
        #expect(frame.width == first.info.width && frame.height == first.info.height)
        try Self.waitForPixels(first, frame.pixels, "the window to show the kept frame's pixels")
        let kept = try Self.identity(files[0])
        first.child.stop(grace: 5)

        let second = try Self.startedKeyboard(session, noBar)
        #expect(try Self.identity(files[0]) == kept, "a second start of the same keyboard writes no new frame")
        #expect(Self.frameFiles(session) == files)
        try Self.waitForPixels(second, frame.pixels, "the second start to show the same pixels")
        #expect(second.child.stderr.isEmpty, "\(second.child.stderr)")
    }

    /// The words of the suggestion bar come after the first frame (the word model is mapped once
    /// the window is up): the kept frame is the keyboard with an empty bar, the same pixels as the
    /// window everywhere outside the bar.
    @Test func withTheSuggestionBarTheKeptFrameIsTheKeyboardBeforeItsWords() throws {
        let session = try XSession()
        defer { session.close() }
        let kb = try Self.startedKeyboard(session, [])
        let file = try #require(Self.frameFiles(session).first)
        let frame = try Self.framePixels(file)
        let bar = try kb.keys().filter { $0.action == "suggestion" }
        try #require(!bar.isEmpty, "the default keyboard has a suggestion bar")
        let barBottom = bar.map { $0.y + $0.height }.max() ?? 0
        var seen: [UInt32] = []
        func outsideBar(_ pixels: [UInt32]) -> ArraySlice<UInt32> { pixels.dropFirst((barBottom + 1) * frame.width) }
        // Once the bar's words are painted, everything below the bar is still the kept frame.
        try session.waitUntil(timeout: 20, "the bar's words painted, the window below the bar the kept frame's pixels") {
            seen = (try? Self.windowPixels(kb)) ?? []
            return seen.count == frame.pixels.count && seen != frame.pixels && outsideBar(seen) == outsideBar(frame.pixels)
        }
    }

    @Test func aChangedLayoutFileThemeOrSizeIsPaintedAnewNotShownFromTheCache() throws {
        let session = try XSession()
        defer { session.close() }
        let layout = session.dir + "/pad.json"
        func write(_ keys: String) throws {
            try Data(#"{"name": "pad", "layers": [{"name": "main", "rows": [[\#(keys)]]}]}"#.utf8)
                .write(to: URL(fileURLWithPath: layout))
        }
        try write(#""q", "w", "e""#)
        let first = try Self.startedKeyboard(session, ["--layout", layout])
        let file = try #require(Self.frameFiles(session).first)
        let before = try Self.framePixels(file).pixels
        first.child.stop(grace: 5)

        // The same file name, other contents: the new keys are painted and kept.
        try write(#""q", "x", "e""#)
        let changed = try Self.startedKeyboard(session, ["--layout", layout])
        let afterLayout = try Self.framePixels(file).pixels
        let layoutKept = afterLayout == before
        #expect(!layoutKept, "the file still holds the old layout's frame")
        try Self.waitForPixels(changed, afterLayout, "the changed layout to be shown")
        changed.child.stop(grace: 5)

        let dark = try Self.startedKeyboard(session, ["--layout", layout, "--theme", "dark"])
        let afterTheme = try Self.framePixels(file).pixels
        let themeKept = afterTheme == afterLayout
        #expect(!themeKept, "the file still holds the light theme's frame")
        try Self.waitForPixels(dark, afterTheme, "the dark theme to be shown")
        dark.child.stop(grace: 5)

        // A theme file of the user's, edited between two starts: the same name, other colours.
        let theme = session.dir + "/mine.json"
        var previous = afterTheme
        for (step, normal) in [("the user's theme", "#00FF00"), ("the theme as edited", "#0000FF")] {
            try Data(##"{"extends": "dark", "accent": {"fill": "#FF00FF"}, "normal": {"fill": "\##(normal)"}}"##.utf8)
                .write(to: URL(fileURLWithPath: theme))
            let keyboard = try Self.startedKeyboard(session, ["--layout", layout, "--theme", theme])
            let pixels = try Self.framePixels(file).pixels
            #expect(pixels != previous, "the file still holds the frame before \(step)")
            try Self.waitForPixels(keyboard, pixels, "\(step) to be shown")
            keyboard.child.stop(grace: 5)
            previous = pixels
        }

        let small = try Self.startedKeyboard(session, ["--layout", layout, "--theme", "dark", "--geometry", "600x200+0+0"])
        let files = Self.frameFiles(session)
        #expect(files.count == 2, "another size keeps a frame of its own: \(files)")
        let other = try #require(files.first { $0 != file })
        let smallFrame = try Self.framePixels(other)
        #expect(smallFrame.width == 600 && smallFrame.height == 200)
        try Self.waitForPixels(small, smallFrame.pixels, "the small window to show its own frame")
    }

    /// The emoji panel is not in the first frame's layout; it is added before any input is
    /// handled: ☺ then an emoji types that emoji right after a first start (painted) and after a
    /// start from the cached frame.
    @Test func theEmojiPanelOpensAtOnceAfterAPaintedAndACachedStart() throws {
        let session = try XSession()
        defer { session.close() }
        for start in ["a first start", "a start from the cached frame"] {
            let kb = try Self.startedKeyboard(session, ["--print", "--suggestions", "0"])
            let smiley = try kb.key("☺")
            let emoji = try #require(try kb.keys(layer: "emoji").first { $0.action == "text" }, "no emoji on the panel")
            kb.pointer([kb.at(smiley.center.x, smiley.center.y), "tap", kb.at(emoji.center.x, emoji.center.y), "tap"])
            #expect(kb.waitForPrinted([emoji.label]) == [emoji.label], "\(start): ☺ then \(emoji.label) typed \(kb.printed): \(kb.child.stderr)")
            #expect(kb.child.stderr.isEmpty, "\(start): \(kb.child.stderr)")
            kb.child.stop(grace: 5)
            #expect(Self.frameFiles(session).count == 1, "\(start): \(Self.frameFiles(session))")
        }
    }

    @Test func aDamagedOrCutFileIsIgnoredAndReplaced() throws {
        let session = try XSession()
        defer { session.close() }
        let first = try Self.startedKeyboard(session, ["--suggestions", "0"])
        let file = try #require(Self.frameFiles(session).first)
        let good = try Data(contentsOf: URL(fileURLWithPath: file))
        let painted = try Self.framePixels(file).pixels
        first.child.stop(grace: 5)

        var flipped = good
        for i in stride(from: 4096, to: flipped.count, by: 65_536) { flipped[i] ^= 0xFF }
        for damaged in [flipped, good.prefix(good.count - 100), good.prefix(50)] {
            try damaged.write(to: URL(fileURLWithPath: file))
            let kb = try Self.startedKeyboard(session, ["--suggestions", "0"])
            try Self.waitForPixels(kb, painted, "the keyboard to be painted, not the damaged frame")
            let replaced = try Data(contentsOf: URL(fileURLWithPath: file)) == good
            #expect(replaced, "the damaged file was not replaced by the frame painted")
            #expect(kb.child.stderr.isEmpty, "a damaged cache file is no news: \(kb.child.stderr)")
            kb.child.stop(grace: 5)
        }
    }

    @Test func aPlugAndAShuffledPinPadKeepNoFrame() throws {
        let session = try XSession()
        defer { session.close() }
        let plug = try session.spawn(Tools.stackboard, ["--xid", "--no-sound"])
        // The plug prints its window id once its first frame is painted (and would have been kept).
        #expect(plug.waitForLine(timeout: 30) { !$0.isEmpty } != nil, "no window id: \(plug.stderr)")
        plug.stop(grace: 5)
        #expect(Self.frameFiles(session).isEmpty, "a plug wrote \(Self.frameFiles(session))")

        let pin = try RunningKeyboard(session, ["--print", "--layout", "pin"])
        // Where a digit is differs from start to start; any of the top row's keys types one.
        let key = try #require(try pin.keys().first, "no keys on the PIN pad")
        pin.tap(key)
        #expect(pin.child.waitForLine(timeout: 20) { !$0.isEmpty } != nil, "the PIN pad did not type: \(pin.child.stderr)")
        #expect(Self.frameFiles(session).isEmpty, "a shuffled PIN pad wrote \(Self.frameFiles(session))")
    }
}

import Foundation
import Testing

/// The key preview, the grip, the corners and the remembered place, end to end on Xvfb with
/// openbox and with no window manager: XTest presses, moves and releases.
@Suite struct TouchWindowTests {
    static let managers: [XSession.WindowManager] = [.openbox, .none]

    @Test(arguments: managers) func aHeldKeyShowsItsPreviewAboveItUntilReleased(wm: XSession.WindowManager) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--geometry", "1000x320+100+400"])
        let g = try kb.key("g")
        kb.pointer([kb.at(g.center.x, g.center.y), "press"])
        var preview: (info: WindowInfo, overrideRedirect: Bool)?
        try session.waitUntil(timeout: 10, "the preview (\(String(describing: preview)))") {
            preview = kb.previewWindow()
            return preview?.info.viewable == true
        }
        let p = try #require(preview)
        #expect(p.overrideRedirect)
        #expect(p.info.y + p.info.height <= kb.info.y + g.y, "above the key")
        #expect(abs((p.info.x + p.info.width / 2) - (kb.info.x + g.center.x)) <= 2, "centred on the key")
        #expect(p.info.width > g.width && p.info.height > g.height)
        kb.pointer(["up"])
        #expect(kb.waitForPrinted(["g"]) == ["g"])
        try session.waitUntil(timeout: 10, "the preview to go") { !kb.previewShown }
    }

    /// The preview lies over the keys above the pressed one: it takes no input (its input shape
    /// is empty), so the window the pointer is in over the preview is the keyboard, and a quick
    /// next tap there reaches a key.
    @Test func thePreviewTakesNoInputSoATapOnTheKeysItCoversIsNeverLost() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print"])
        let g = try kb.key("g")
        kb.pointer([kb.at(g.center.x, g.center.y), "press"])
        var preview: WindowInfo?
        try session.waitUntil(timeout: 10, "the preview") {
            preview = kb.previewWindow()?.info
            return preview?.viewable == true
        }
        let p = try #require(preview)
        let inside = (p.x + p.width / 2, p.y + p.height / 2)
        // What the server says is under the pointer there (the press stays in the keyboard).
        let r = session.run("xdotool", ["mousemove", "\(inside.0)", "\(inside.1)", "getmouselocation", "--shell"])
        let under = r.stdout.split(separator: "\n").first { $0.hasPrefix("WINDOW=") }.flatMap { UInt($0.dropFirst(7)) }
        #expect(under.map { "0x" + String($0, radix: 16) } == kb.info.id, "the window under the preview: \(r.stdout)")
        kb.pointer(["up"])
    }

    @Test func thePreviewOfAKeyAtTheTopOfTheScreenStaysOnTheScreen() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--geometry", "1000x320+0+0"])
        let q = try kb.key("q")
        kb.pointer([kb.at(q.center.x, q.center.y), "press"])
        var preview: WindowInfo?
        try session.waitUntil(timeout: 10, "the preview") {
            preview = kb.previewWindow()?.info
            return preview?.viewable == true
        }
        #expect((preview?.x ?? -1) >= 0 && (preview?.y ?? -1) == 0)
        kb.pointer(["up"])
        #expect(kb.waitForPrinted(["q"]) == ["q"])
    }

    @Test func withNoKeyPreviewThereIsNone() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--no-key-preview"])
        let g = try kb.key("g")
        let spot = (g.x + 4, g.center.y)
        let before = try kb.pixels([spot])
        kb.pointer([kb.at(g.center.x, g.center.y), "press"])
        // The press is painted in the same turn a preview would be shown.
        try session.waitUntil(timeout: 10, "g to look pressed") { (try? kb.pixels([spot])) != before }
        #expect(kb.previewWindow() == nil)
        kb.pointer(["up"])
        #expect(kb.waitForPrinted(["g"]) == ["g"])
    }

    @Test func aSecureEntryShowsNoPreview() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--secure"])
        let g = try #require(try entry.frames().first { $0.label == "g" })
        let spot = (g.x + 4, g.center.y)
        let before = try RunningKeyboard.pixels(session, window: entry.info.id, [spot])
        let pointer = try Tools.cTool("pointer", libs: ["-lX11", "-lXtst"])
        #expect(session.run(pointer, ["\(entry.info.x + g.center.x),\(entry.info.y + g.center.y)", "press"]).status == 0)
        try session.waitUntil(timeout: 10, "the entry's g to look pressed") {
            (try? RunningKeyboard.pixels(session, window: entry.info.id, [spot])) != before
        }
        let previews = session.run("xdotool", ["search", "--classname", "^stackboard-preview$"]).stdout
        #expect(previews.isEmpty, "a secure entry made a preview window")
        #expect(session.run(pointer, ["up"]).status == 0)
    }

    @Test(arguments: managers) func draggingTheGripMovesTheWindowByTheDragAndItComesBackThere(wm: XSession.WindowManager) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        var kb = try RunningKeyboard(session, ["--print", "--geometry", "900x300+100+300"])
        let grip = try kb.key("✥")
        #expect(grip.action == "move")
        kb.pointer(kb.drag(from: grip.center, to: (grip.center.x + 150, grip.center.y - 120)))
        try kb.waitForFrame((250, 180, 900, 300))
        #expect(kb.printed.isEmpty, "the grip types nothing")
        try session.waitUntil(timeout: 10, "the place to be remembered (\(Self.remembered(session)))") {
            Self.remembered(session).contains("\"x\":250,\"y\":180,\"width\":900,\"height\":300,\"dock\":\"none\"")
        }
        kb.child.stop(grace: 5)
        // Without --geometry the keyboard comes back where it was left.
        kb = try RunningKeyboard(session, ["--print"])
        try kb.waitForFrame((250, 180, 900, 300))
        // With --geometry the command line wins.
        kb.child.stop(grace: 5)
        kb = try RunningKeyboard(session, ["--print", "--geometry", "800x300+0+500"])
        try kb.waitForFrame((0, 500, 800, 300))
    }

    @Test(arguments: managers) func draggingACornerResizesAndTheKeysAreLaidOutAtTheNewSize(wm: XSession.WindowManager) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--print", "--geometry", "900x300+200+300"])
        // Pressed before the keyboard's loop runs, the window manager's resize (asked for by the
        // press) would begin after the drag has ended: the loop must be running (it answers status).
        try kb.child.waitUntil(timeout: 20, "the keyboard to say it is shown") {
            session.run(Tools.stackboard, ["status"]).stdout == "shown\n"
        }
        kb.pointer(kb.drag(from: (3, 3), to: (3 - 100, 3 - 60)))
        try kb.waitForFrame((100, 240, 1000, 360))
        #expect(kb.printed.isEmpty, "a corner drag types nothing")
        // What `stackboard keys` says at the new size is what is painted: letters look alike,
        // the gap between them does not, and a tap on the reported centre types the key.
        let a = try kb.key("a"), s = try kb.key("s")
        var seen: [String] = []
        try session.waitUntil(timeout: 10, "the new layout to be painted (\(seen))") {
            seen = (try? kb.pixels([(a.x + 4, a.center.y), (s.x + 4, s.center.y), (a.x + a.width + 2, a.center.y)])) ?? []
            return seen.count == 3 && seen[0] == seen[1] && seen[0] != seen[2]
        }
        try kb.tap(labels: ["a", "s"])
        #expect(kb.waitForPrinted(["a", "s"]) == ["a", "s"])
        // Never below the smallest size the layout fits in.
        kb.pointer(kb.drag(from: (3, 3), to: (990, 350)))
        try session.waitUntil(timeout: 15, "the keyboard to shrink (\(kb.info))") {
            (try? kb.refresh()) != nil && kb.info.width < 1000
        }
        let smallest = try kb.keys()
        #expect(smallest.allSatisfy { $0.width >= 20 }, "\(kb.info.width)x\(kb.info.height)")
        #expect(kb.info.width >= 300 && kb.info.height >= 150)
    }

    @Test(arguments: managers) func aDoubleTapOnTheGripDocksAndAnotherFloatsAgain(wm: XSession.WindowManager) throws {
        let session = try XSession(wm: wm)
        defer { session.close() }
        var kb = try RunningKeyboard(session, ["--print", "--geometry", "900x300+100+300"])
        let grip = try kb.key("✥")
        kb.pointer([kb.at(grip.center.x, grip.center.y), "tap", "tap"])
        try kb.waitForFrame((0, 500, 1280, 300))
        try session.waitUntil(timeout: 10, "the dock's type and struts") {
            let p = kb.xprop(["_NET_WM_WINDOW_TYPE", "_NET_WM_STRUT"])
            return p.contains("_NET_WM_WINDOW_TYPE_DOCK") && p.contains("_NET_WM_STRUT(CARDINAL) = 0, 0, 0, 300")
        }
        #expect(kb.printed.isEmpty)
        try session.waitUntil(timeout: 10, "the dock to be remembered") { Self.remembered(session).contains("\"dock\":\"bottom\"") }
        kb.child.stop(grace: 5)
        kb = try RunningKeyboard(session, ["--print"])
        try kb.waitForFrame((0, 500, 1280, 300))
        #expect(kb.xprop(["_NET_WM_WINDOW_TYPE"]).contains("_NET_WM_WINDOW_TYPE_DOCK"))
        let again = try kb.key("✥")
        kb.pointer([kb.at(again.center.x, again.center.y), "tap", "tap"])
        try kb.waitForFrame((100, 300, 900, 300))
        try session.waitUntil(timeout: 10, "the type to float again") {
            let p = kb.xprop(["_NET_WM_WINDOW_TYPE", "_NET_WM_STRUT"])
            return p.contains("_NET_WM_WINDOW_TYPE_UTILITY") && !p.contains("_NET_WM_STRUT(CARDINAL)")
        }
    }

    @Test func aDamagedPlaceFileIsIgnoredWithOneLine() throws {
        let session = try XSession(wm: .none)
        defer { session.close() }
        try FileManager.default.createDirectory(atPath: (session.geometryFile as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try "{\"version\": 1, \"windows\": [{\"layout\": 5}]}".write(toFile: session.geometryFile, atomically: true, encoding: .utf8)
        let kb = try RunningKeyboard(session, ["--print"])
        try kb.waitForFrame((0, 800 - 267, 1280, 267))
        let lines = kb.child.stderr.split(separator: "\n").filter { $0.contains("geometry.json") }
        #expect(lines.count == 1, "\(kb.child.stderr)")
        #expect(lines.first?.contains("ignoring the remembered window places") == true)
    }

    static func remembered(_ session: XSession) -> String {
        (try? String(contentsOfFile: session.geometryFile, encoding: .utf8)) ?? ""
    }
}

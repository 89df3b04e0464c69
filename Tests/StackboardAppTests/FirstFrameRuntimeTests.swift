import CLazy
import Foundation
@testable import StackboardApp
import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSystem
import Testing

/// The runtime's side of the first-frame cache: its key follows what it would paint (layout,
/// size, pressed keys, the suggestion bar's words), a frame adopted from the cache is not
/// painted again until something changes, and the fonts' stamp follows the font directories.
@Suite struct FirstFrameRuntimeTests {
    static func key(_ f: ControllerFixture) -> FrameDigest? {
        f.controller.runtime.firstFrameKey(base: FirstFrameKey())?.digest
    }

    @Test func theKeyFollowsWhatTheRuntimeWouldPaint() throws {
        let f = try ControllerFixture(layouts: [KeypadWordsTests.layout])
        let start = try #require(Self.key(f))
        #expect(Self.key(try ControllerFixture(layouts: [KeypadWordsTests.layout])) == start, "the same keyboard, the same key")
        #expect(Self.key(try ControllerFixture(layouts: [TestLayouts.letters])) != start, "another layout")

        let words = KeypadWordsTests.ScriptedWords()
        f.controller.runtime.words = words
        #expect(Self.key(f) == start, "an engine with nothing to suggest changes nothing")
        try f.tap("h")
        let suggesting = try #require(Self.key(f))
        #expect(suggesting != start, "the bar's words are painted")

        let key = try #require(f.controller.runtime.placedGeometry.keys.first { $0.key.label == "e" })
        f.controller.handle(.input(.press(pointer: 0, at: Point(x: key.frame.x + 2, y: key.frame.y + 2))), now: 1)
        #expect(Self.key(f) != suggesting, "a held key is painted pressed")
        f.controller.handle(.input(.release(pointer: 0, at: Point(x: key.frame.x + 2, y: key.frame.y + 2))), now: 1.05)

        f.controller.runtime.setFrame(Rect(size: Size(width: 300, height: 150)), now: 2)
        #expect(Self.key(f) != suggesting, "another size")
    }

    @Test func anAdoptedFrameIsNotPaintedAgainUntilSomethingChanges() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        let runtime = f.controller.runtime
        #expect(runtime.needsFullRepaint)
        runtime.adoptShownFrame()
        #expect(!runtime.needsFullRepaint)
        runtime.repaint(now: 0)
        #expect(f.window.presentedAll == 0 && f.window.presented.isEmpty, "the adopted frame was painted over")
        runtime.markAllDirty()
        runtime.repaint(now: 0)
        #expect(f.window.presentedAll == 1)
    }

    @Test func aFrameShownWithoutTextIsPaintedWholeAtTheNextRepaint() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        let runtime = f.controller.runtime
        runtime.adoptShownFrame()
        runtime.paintWithoutText()
        #expect(f.window.presentedAll == 1, "the frame without text was shown")
        #expect(runtime.needsFullRepaint, "the text is still to paint")
        runtime.repaint(now: 0)
        #expect(f.window.presentedAll == 2 && !runtime.needsFullRepaint)
    }

    @Test func theDrawingLibrariesFilesAreFound() {
        let files = LoadedFiles.defining(KeyboardPainter.librarySymbols)
        #expect(files.contains { $0.contains("libcairo.so") }, "\(files)")
        #expect(files.allSatisfy { FileStatus(path: $0) != nil })
        #expect(LoadedFiles.defining(["no_such_symbol_anywhere"]).isEmpty)
        let lazy = KeyboardPainter.lazyLibraryFiles
        #expect(lazy.contains { $0.hasSuffix("/libpango-1.0.so.0") } && lazy.contains { $0.hasSuffix("/libharfbuzz.so.0") }, "\(lazy)")
        #expect(lazy.allSatisfy { FileStatus(path: $0) != nil }, "\(lazy)")
    }

    @Test func theLibrariesOfAKeyAreTheSameBeforeAndAfterPangoOpens() {
        // Pango opens on first use (Sources/CLazy): a key made before it (a cached start) and
        // one made after (the frame written by a first start) must name the same files.
        let before = FirstFrameCache.libraryFiles
        #expect(stackboard_lazy_open(STACKBOARD_LAZY_PANGO) == nil)
        #expect(FirstFrameCache.libraryFiles == before)
        // The file the key records for Pango's cairo part is the one that was opened.
        #expect(LoadedFiles.defining(["pango_cairo_font_map_new"]) == [KeyboardPainter.lazyLibraryFiles[0]])
    }

    @Test func aFirstStartIsToldByACacheFolderWithoutFrames() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackboard-cache-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        let environment = ["XDG_CACHE_HOME": root]
        #expect(!FirstFrameCache.holdsAnyFrame(environment: environment)) // no folder at all
        try FileManager.default.createDirectory(atPath: root + "/stackboard", withIntermediateDirectories: true)
        // A frame being written (or left by a keyboard that died writing) is not one.
        try Data().write(to: URL(fileURLWithPath: root + "/stackboard/first-frame-0123456789abcdef.bin.tmp-42"))
        #expect(!FirstFrameCache.holdsAnyFrame(environment: environment))
        try Data().write(to: URL(fileURLWithPath: root + "/stackboard/first-frame-0123456789abcdef.bin"))
        #expect(FirstFrameCache.holdsAnyFrame(environment: environment))
        // Without XDG_CACHE_HOME, under HOME; with neither, none.
        #expect(!FirstFrameCache.holdsAnyFrame(environment: ["HOME": root]))
        #expect(!FirstFrameCache.holdsAnyFrame(environment: [:]))
    }

    @Test func theFontStampIsAboutFilesAndLanguageNotWhereHomeIs() {
        let a = FontStamp.digest(FontStampSources(environment: ["HOME": "/nonexistent/a", "LANG": "C.UTF-8"]))
        #expect(FontStamp.digest(FontStampSources(environment: ["HOME": "/nonexistent/b", "LANG": "C.UTF-8"])) == a)
        #expect(FontStamp.digest(FontStampSources(environment: ["HOME": "/nonexistent/a", "LANG": "ja_JP.UTF-8"])) != a)
    }

    @Test func theFontStampFollowsTheFontDirectories() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stackboard-fonts-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/truetype/dejavu", withIntermediateDirectories: true)
        // Old times first, so that what the test changes gets times of its own.
        for dir in [root, root + "/truetype", root + "/truetype/dejavu"] {
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: dir)
        }
        var sources = FontStampSources(environment: [:])
        sources.paths = []
        sources.listed = []
        sources.trees = [root]
        let first = FontStamp.digest(sources)
        #expect(FontStamp.digest(sources) == first)
        // A font added two levels down: its directory's modification time changes.
        try Data("font".utf8).write(to: URL(fileURLWithPath: root + "/truetype/dejavu/new.ttf"))
        let added = FontStamp.digest(sources)
        #expect(added != first)
        try FileManager.default.createDirectory(atPath: root + "/opentype", withIntermediateDirectories: true)
        #expect(FontStamp.digest(sources) != added)
    }
}

import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

/// Theme files: the shipped ones, reading one (every field, partial files, colours, errors with
/// their place) and the catalog (search order, `extends`, loops, unknown names).
@Suite struct ThemeFileTests {
    static let shippedDirectory = LoaderSupport.repoRoot.appendingPathComponent("Resources/themes").path
    static let shippedNames = ["dark", "high-contrast", "light"]

    /// A catalog of the shipped themes only.
    static var shipped: ThemeCatalog { ThemeCatalog(searchPath: [LayoutSource(kind: .shipped, directory: shippedDirectory)], files: SystemFiles()) }

    static func error(_ json: String) -> LayoutError? {
        do { _ = try ThemeLoader.load(json: json, file: "t.json"); return nil } catch { return error }
    }

    static func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func theShippedThemesAreTheOnesListed() {
        #expect(LayoutCatalog.files(in: Self.shippedDirectory, files: SystemFiles()).map(\.name) == Self.shippedNames)
        #expect(Self.shipped.names == Self.shippedNames)
    }

    @Test func theShippedLightIsTheBuiltInOne() throws {
        #expect(try Self.shipped.load("light") == Theme.light)
        // With no files at all, light is still there, and only light.
        let none = ThemeCatalog(searchPath: [LayoutSource(kind: .system, directory: "/nonexistent/stackboard/themes")], files: SystemFiles())
        #expect(try none.load("light") == Theme.light)
        #expect(none.names == ["light"])
        #expect(none.list().map(\.name) == ["light"] && none.list().first?.source == nil)
    }

    @Test(arguments: shippedNames)
    func aThemeWrittenOutReadsBackTheSame(name: String) throws {
        let file = try Self.shipped.loadFile(name)
        #expect(file.theme.name == name)
        let again = try ThemeLoader.load(json: file.theme.fileText(description: file.description), file: name + ".json")
        #expect(again == file)
    }

    @Test func theDarkAndHighContrastFilesHoldTheirColours() throws {
        let dark = try Self.shipped.load("dark")
        #expect(dark.background == Color(hex: 0x16181B) && dark.accent == KeyColors(fill: Color(hex: 0x2563EB), label: .white))
        #expect(dark.shadow == .black && dark.cornerRadius == 7 && !dark.boldLabels)
        let high = try Self.shipped.load("high-contrast")
        #expect(high.shadow == nil && high.boldLabels && high.outlineWidth == 3 && high.latchedOutlineWidth == 5)
        #expect(high.field.pending == Color(hex: 0x00E5FF))
    }

    /// Every label colour against the fill it is painted on.
    static func pairs(_ t: Theme) -> [(String, KeyColors)] {
        [("normal", t.normal), ("function", t.function), ("accent", t.accent), ("pressed", t.pressed),
         ("locked", t.locked), ("popup", t.popup), ("popup highlight", t.popupHighlight),
         ("field", t.field.normal), ("field flash", t.field.flash)]
    }

    @Test(arguments: shippedNames)
    func labelsHaveEnoughContrast(name: String) throws {
        let theme = try Self.shipped.load(name)
        let needed = name == "high-contrast" ? 7.0 : 4.5
        for (what, colors) in Self.pairs(theme) {
            let ratio = colors.label.contrastRatio(with: colors.fill)
            #expect(ratio >= needed, "\(name) \(what): contrast \(ratio) < \(needed)")
        }
        #expect(theme.field.prompt.contrastRatio(with: theme.field.normal.fill) >= needed)
    }

    @Test func highContrastIsBoldWithThickOutlines() throws {
        let t = try Self.shipped.load("high-contrast")
        #expect(t.boldLabels)
        #expect(t.outlineWidth >= 3)
        #expect(t.outline.contrastRatio(with: t.background) >= 7)
        #expect(t.latchedOutline.contrastRatio(with: t.background) >= 7)
        #expect(t.highlight.contrastRatio(with: t.background) >= 7)
    }

    @Test func contrastRatioMatchesWCAG() {
        #expect(abs(Color.black.contrastRatio(with: .white) - 21) < 0.01)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) > 4.4)
        #expect(Color(hex: 0x777777).contrastRatio(with: .white) < 4.6)
    }

    @Test func aThemeNeedsOnlyWhatItChanges() throws {
        let file = try ThemeLoader.load(json: ##"{"accent": {"fill": "#c00"}, "field": {"cursor": "#00ff0080"}}"##, file: "/x/brand.json")
        var expected = Theme.light
        expected.name = "brand"
        expected.accent.fill = Color(hex: 0xCC0000)
        expected.field.cursor = Color(hex: 0x00FF00, alpha: 128.0 / 255)
        #expect(file.theme == expected)
        #expect(file.description == nil)
        #expect(try ThemeLoader.load(json: ##"{"shadow": null, "boldLabels": true, "font": "DejaVu Sans", "cornerRadius": 0}"##,
                                     file: "t.json").theme.shadow == nil)
    }

    @Test func coloursAreHexTriplesSextetsOrOctets() {
        #expect(Color(hexText: "#fff") == .white)
        #expect(Color(hexText: "#0A0b0C") == Color(hex: 0x0A0B0C))
        #expect(Color(hexText: "#00000000")?.alpha == 0)
        for bad in ["fff", "#ff", "#fffff", "#ggg", "#1234567", "", "#", "#ffffff0"] { #expect(Color(hexText: bad) == nil, "\(bad)") }
        #expect(Color(hex: 0x123456, alpha: 0.5).hexText == "\"#12345680\"")
    }

    @Test func everyWrongFieldSaysWhereAndWhatIsExpected() throws {
        let colour = try #require(Self.error("{\n  \"normal\": {\"fill\": \"#12345\"}\n}"))
        #expect(colour.description == ##"t.json:2:22: normal.fill: expected a colour "#RRGGBB" (or "#RGB", or "#RRGGBBAA" with opacity), found the string "#12345""##)
        let typo = try #require(Self.error(##"{"backgroud": "#000"}"##))
        #expect(typo.description.contains(#"unknown field "backgroud" in a theme object; did you mean "background"?"#), "\(typo)")
        let width = try #require(Self.error(##"{"outlineWidth": 25}"##))
        #expect(width.description.contains("outlineWidth: expected a line width in pixels: a number from 0 to 20, found the number 25"), "\(width)")
        let pair = try #require(Self.error(##"{"popup": "#fff"}"##))
        #expect(pair.description.contains("popup: expected a fill and a label colour"), "\(pair)")
        let inner = try #require(Self.error(##"{"field": {"caret": "#fff"}}"##))
        #expect(inner.description.contains(#"field.caret: unknown field "caret" in the field's colours"#), "\(inner)")
        #expect(Self.error(##"{"shadow": 3}"##)?.description.contains("or null") == true)
        #expect(Self.error("[]")?.description == "t.json:1:1: expected a theme object, found an empty array")
        #expect(Self.error("{")?.description.hasPrefix("t.json:1:2: invalid JSON") == true)
    }

    @Test func aUserThemeExtendsAnotherAndWinsOverTheShippedOneOfItsName() throws {
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("user").path
        try Self.write(##"{"description": "mine", "extends": "dark", "accent": {"fill": "#ff8800"}}"##, to: user + "/mine.json")
        // A user's light that extends light starts from the shipped one, not from itself.
        try Self.write(##"{"extends": "light", "background": "#ffffff"}"##, to: user + "/light.json")
        let catalog = ThemeCatalog(searchPath: [LayoutSource(kind: .user, directory: user),
                                                LayoutSource(kind: .shipped, directory: Self.shippedDirectory)], files: SystemFiles())
        var expected = try Self.shipped.load("dark")
        expected.name = "mine"
        expected.accent.fill = Color(hex: 0xFF8800)
        #expect(try catalog.loadFile("mine") == ThemeFile(theme: expected, description: "mine"))
        var light = Theme.light
        light.background = .white
        #expect(try catalog.load("light") == light)
        #expect(catalog.names == ["dark", "high-contrast", "light", "mine"])
        let listed = catalog.list()
        #expect(listed.map(\.name) == ["dark", "high-contrast", "light", "mine"])
        #expect(listed.first { $0.name == "light" }?.source?.kind == .user)
        // Listed, or named by its path, the user's light still starts from the shipped one.
        #expect(listed.first { $0.name == "light" }?.status == .success(""))
        #expect(try catalog.load(user + "/light.json") == light)
        // A file given by its path; its relative extends is beside it.
        try Self.write(##"{"extends": "mine.json", "boldLabels": true}"##, to: user + "/bold.json")
        let bold = try catalog.load(user + "/bold.json")
        #expect(bold.boldLabels && bold.accent.fill == Color(hex: 0xFF8800) && bold.name == "bold")
    }

    @Test func themesThatExtendEachOtherInACircleAreAnError() throws {
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let dir = root.path
        try Self.write(##"{"extends": "b"}"##, to: dir + "/a.json")
        try Self.write(##"{"extends": "a"}"##, to: dir + "/b.json")
        try Self.write(##"{"extends": "nothing"}"##, to: dir + "/c.json")
        let catalog = ThemeCatalog(searchPath: [LayoutSource(kind: .user, directory: dir)], files: SystemFiles())
        #expect(throws: LayoutError.self) { try catalog.load("a") }
        do { _ = try catalog.load("a") } catch {
            #expect(error.description.contains("themes extend each other in a circle"), "\(error)")
        }
        do { _ = try catalog.load("c") } catch {
            #expect(error.description.hasPrefix(dir + "/c.json:1:13: extends: cannot start from theme \"nothing\": no theme named \"nothing\""),
                    "\(error)")
        }
        #expect(catalog.list().allSatisfy { entry in
            if case .failure = entry.status { return entry.name != "light" } else { return entry.name == "light" }
        })
    }

    @Test func anUnknownNameListsTheThemesThereAre() {
        do {
            _ = try Self.shipped.load("drak")
            Issue.record("drak loaded")
        } catch {
            #expect(error.description.hasPrefix(#"no theme named "drak"; did you mean "dark"? Available themes: dark, high-contrast, light. Searched: "#),
                    "\(error)")
        }
        do { _ = try Self.shipped.load("/nonexistent/t.json") } catch {
            #expect(error.description == "/nonexistent/t.json: no such file; check the path (themes are .json files, see 'stackboard themes')")
        }
    }

    @Test func theDocsDescribeEveryFieldAndTheirExampleLoads() throws {
        let docs = try String(contentsOfFile: LoaderSupport.repoRoot.appendingPathComponent("docs/themes.md").path, encoding: .utf8)
        let rows = Set(docs.split(separator: "\n").filter { $0.hasPrefix("| `") }.compactMap { $0.split(separator: "`").dropFirst().first.map(String.init) })
        for field in ThemeProperty.fieldNames + ThemeProperty.fieldFieldNames { #expect(rows.contains(field), "docs/themes.md has no row for \(field)") }
        let start = try #require(docs.range(of: "```json\n"))
        let end = try #require(docs.range(of: "```", range: start.upperBound..<docs.endIndex))
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(String(docs[start.upperBound..<end.lowerBound]), to: root.path + "/kiosk.json")
        let catalog = ThemeCatalog(searchPath: [LayoutSource(kind: .user, directory: root.path)] + Self.shipped.searchPath, files: SystemFiles())
        let kiosk = try catalog.loadFile("kiosk")
        let dark = try Self.shipped.load("dark")
        #expect(kiosk.theme.accent.fill == Color(hex: 0xC2410C) && kiosk.theme.background == dark.background)
        #expect(kiosk.description?.hasPrefix("Our kiosk") == true)
    }
}

import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

@Suite struct LoaderCatalogTests {
    typealias S = LoaderSupport

    static func write(_ json: String, to directory: URL, as name: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(json.utf8).write(to: directory.appendingPathComponent(name))
    }

    static func layoutJSON(_ description: String) -> String {
        #"{"description": "\#(description)", "layers": [{"name": "m", "rows": [["a"]]}]}"#
    }

    @Test func searchPathFollowsTheEnvironmentInOrder() throws {
        let root = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let exe = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/debug/stackboard")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Resources/layouts"), withIntermediateDirectories: true)
        let catalog = LayoutCatalog(environment: [
            "HOME": "/home/ann", "XDG_DATA_HOME": "/data/ann", "STACKBOARD_DATA_DIR": "/opt/sb/",
            "XDG_DATA_DIRS": "/usr/share/:relative/dir::/opt/share",
        ], executablePath: exe.path, files: SystemFiles())
        #expect(catalog.searchPath == [
            LayoutSource(kind: .user, directory: "/data/ann/stackboard/layouts"),
            LayoutSource(kind: .dataDir, directory: "/opt/sb/layouts"),
            LayoutSource(kind: .shipped, directory: root.appendingPathComponent("Resources/layouts").path),
            LayoutSource(kind: .system, directory: "/usr/share/stackboard/layouts"),
            LayoutSource(kind: .system, directory: "/opt/share/stackboard/layouts"),
        ])
    }

    @Test func searchPathDefaults() {
        let catalog = LayoutCatalog(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "relative"], executablePath: nil, files: SystemFiles())
        #expect(catalog.searchPath == [
            LayoutSource(kind: .user, directory: "/home/ann/.local/share/stackboard/layouts"),
            LayoutSource(kind: .system, directory: "/usr/local/share/stackboard/layouts"),
            LayoutSource(kind: .system, directory: "/usr/share/stackboard/layouts"),
        ])
        let bare = LayoutCatalog(environment: [:], executablePath: nil, files: SystemFiles())
        #expect(bare.searchPath.map(\.kind) == [.system, .system])
    }

    @Test func theBuildTreeIsFoundAtMostSixLevelsUp() throws {
        let root = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Resources/layouts"), withIntermediateDirectories: true)
        let six = root.appendingPathComponent("1/2/3/4/5/6/stackboard").path
        let seven = root.appendingPathComponent("1/2/3/4/5/6/7/stackboard").path
        #expect(LayoutCatalog.buildTreeLayouts(from: six, files: SystemFiles()) == root.appendingPathComponent("Resources/layouts").path)
        #expect(LayoutCatalog.buildTreeLayouts(from: seven, files: SystemFiles()) == nil)
        // This test binary lives under .build of the checkout, so the real process finds the shipped layouts.
        let current = LayoutCatalog.forCurrentProcess()
        #expect(current.searchPath.contains(LayoutSource(kind: .shipped, directory: S.shippedDirectory)))
    }

    @Test func userLayoutsOverrideShippedOnesAndBrokenOnesAreListed() throws {
        let root = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let user = root.appendingPathComponent("user"), shipped = root.appendingPathComponent("shipped")
        try Self.write(Self.layoutJSON("mine"), to: user, as: "qwerty.json")
        try Self.write(#"{"layers": [{"name": "m", "rows": [[{"action": "nope"}]]}]}"#, to: user, as: "broken.json")
        try Self.write(Self.layoutJSON("shipped qwerty"), to: shipped, as: "qwerty.json")
        try Self.write(Self.layoutJSON("shipped pin"), to: shipped, as: "pin.json")
        try Self.write(Self.layoutJSON("shipped broken"), to: shipped, as: "broken.json")
        try Self.write("not a layout", to: shipped, as: "notes.txt")
        try Self.write(Self.layoutJSON("hidden"), to: shipped, as: ".hidden.json")
        let catalog = LayoutCatalog(searchPath: [LayoutSource(kind: .user, directory: user.path),
                                                 LayoutSource(kind: .shipped, directory: shipped.path),
                                                 LayoutSource(kind: .system, directory: root.appendingPathComponent("absent").path)], files: SystemFiles())
        let entries = catalog.list()
        #expect(entries.map(\.name) == ["broken", "pin", "qwerty"])
        #expect(entries[2].source.kind == .user && entries[2].status == .valid(description: "mine"))
        #expect(entries[2].overrides.map(\.kind) == [.shipped])
        #expect(entries[1].source.kind == .shipped && entries[1].status == .valid(description: "shipped pin"))
        guard case .broken(let error) = entries[0].status else {
            Issue.record("the broken user layout should be listed with its error")
            return
        }
        #expect(error.file == user.appendingPathComponent("broken.json").path)
        #expect(error.message.contains(#"unknown action "nope""#))
        #expect(try catalog.load("qwerty").description == "mine")
        #expect(try catalog.load("pin").description == "shipped pin")
        #expect(throws: LayoutError.self) { try catalog.load("broken") }
        #expect(catalog.names == ["broken", "pin", "qwerty"])
        #expect(catalog.locate("pin")?.source.kind == .shipped)
    }

    @Test func pathsLoadFilesDirectly() throws {
        let root = try S.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.write(Self.layoutJSON("by path"), to: root, as: "custom.json")
        let catalog = LayoutCatalog(searchPath: [], files: SystemFiles())
        let layout = try catalog.load(root.appendingPathComponent("custom.json").path)
        #expect(layout.description == "by path" && layout.name == "custom")
        do {
            _ = try catalog.load(root.appendingPathComponent("missing.json").path)
            Issue.record("a missing file must not load")
        } catch {
            #expect(error.message.contains("no such file"))
            #expect(error.file.hasSuffix("missing.json"))
        }
        let shipped = try LayoutCatalog(searchPath: [], files: SystemFiles()).load(S.shippedDirectory + "/pin.json")
        #expect(shipped.name == "pin")
    }

    @Test func unknownNamesSuggestAndListTheAvailableOnes() throws {
        let catalog = LayoutCatalog(searchPath: [LayoutSource(kind: .shipped, directory: S.shippedDirectory)], files: SystemFiles())
        do {
            _ = try catalog.load("qwerz")
            Issue.record("an unknown name must not load")
        } catch {
            #expect(error.message.contains(#"no layout named "qwerz"; did you mean "qwerty"?"#))
            #expect(error.message.contains("Available layouts: amount-zh, binary, clicks, code, decimal, hangul, id-card, japanese, morse, numeric, phone, pin, pinyin, pinyin-traditional, qwerty, scan, scan-de, scan-es, scan-fr, scan-ru."))
            #expect(error.message.contains("Searched: \(S.shippedDirectory)"))
            #expect(error.description.hasPrefix("no layout named"))
        }
        let empty = LayoutCatalog(searchPath: [LayoutSource(kind: .system, directory: "/nonexistent/stackboard")], files: SystemFiles())
        #expect(empty.list().isEmpty)
        do {
            _ = try empty.load("qwerty")
            Issue.record("no layouts at all")
        } catch {
            #expect(error.message.contains("no layouts at all"))
            #expect(error.message.contains("STACKBOARD_DATA_DIR"))
        }
    }

    @Test func readFileRefusesWhatIsNotARegularFile() {
        for (path, expected) in [("/tmp", "is a directory"), ("/dev/zero", "not a regular file"), ("/nonexistent/x.json", "no such file")] {
            do {
                _ = try LayoutLoader.readFile(path, files: SystemFiles())
                Issue.record("\(path) must not be read")
            } catch {
                #expect(error.message.contains(expected), "\(error)")
            }
        }
    }
}

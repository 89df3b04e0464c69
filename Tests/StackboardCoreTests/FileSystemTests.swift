import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

/// Core's file-system funnel (`FileSystem`), which replaced FoundationEssentials for loading.
@Suite struct FileSystemTests {
    @Test func kindsOfWhatIsAtAPath() throws {
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("a.json").path
        try Data("12345".utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: file)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("dangling").path, withDestinationPath: "/nonexistent/x")
        #expect(FileSystem.kind(file) == .regular(size: 5))
        #expect(FileSystem.kind(root.appendingPathComponent("link").path) == .regular(size: 5))
        #expect(FileSystem.kind(root.appendingPathComponent("dangling").path) == .missing)
        #expect(FileSystem.kind(root.path) == .directory)
        #expect(FileSystem.kind("/dev/null") == .other)
        #expect(FileSystem.kind(file + "/below-a-file") == .missing)
        #expect(FileSystem.linkTarget(root.appendingPathComponent("link").path) == file)
        #expect(FileSystem.linkTarget(file) == nil)
        #expect(FileSystem.realPath(root.appendingPathComponent("link").path) == FileSystem.realPath(file))
    }

    @Test func contentsAreReadWholeAndLimited() throws {
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("big").path
        let bytes = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        #expect(FileSystem.contents(file, limit: 1 << 20) == bytes)
        #expect(FileSystem.contents(file, limit: 40_000) == bytes)
        #expect(FileSystem.contents(file, limit: 39_999) == nil)
        #expect(FileSystem.contents(root.appendingPathComponent("none").path, limit: 10) == nil)
    }

    @Test func directoryNamesAndParents() throws {
        let root = try LoaderSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: root) }
        for name in ["b.json", ".hidden", "ä ü.json"] {
            try Data().write(to: root.appendingPathComponent(name))
        }
        #expect(FileSystem.names(inDirectory: root.path)?.sorted() == [".hidden", "b.json", "ä ü.json"])
        #expect(FileSystem.names(inDirectory: root.appendingPathComponent("none").path) == nil)
        #expect(FilePath.parent(of: "/a/b/c") == "/a/b")
        #expect(FilePath.parent(of: "/a/b/") == "/a")
        #expect(FilePath.parent(of: "/a") == "/")
        #expect(FilePath.parent(of: "/") == "/")
        #expect(FilePath.parent(of: "a") == ".")
    }

    @Test func theEnvironmentIsTheProcesses() {
        #expect(FileSystem.environment() == ProcessInfo.processInfo.environment)
    }
}

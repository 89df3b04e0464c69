import Foundation
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Paths of the programs the integration tests run.
enum Tools {
    /// The repository's root (this file is Tests/StackboardIntegrationTests/Support/Tools.swift).
    static let repoRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The folder of the test runner, where SwiftPM also puts the `stackboard` executable.
    static let binDir: String = {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        let exe = n > 0 ? String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
        var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
        // The runner may be inside an .xctest bundle folder.
        while url.path.contains(".xctest") { url.deleteLastPathComponent() }
        return url.path
    }()

    /// The `stackboard` executable built next to the tests.
    static var stackboard: String {
        let path = binDir + "/stackboard"
        precondition(FileManager.default.isExecutableFile(atPath: path),
                     "no stackboard executable at \(path): run 'swift build' before 'swift test' (make test does)")
        return path
    }

    private static let buildLock = NSLock()

    /// A C test helper from Tests/Tools, compiled once per run with cc into .build/testtools.
    static func cTool(_ name: String, libs: [String] = ["-lX11"]) throws -> String {
        buildLock.lock(); defer { buildLock.unlock() }
        let source = "\(repoRoot)/Tests/Tools/\(name).c"
        let outDir = "\(repoRoot)/.build/testtools"
        let out = "\(outDir)/\(name)"
        let fm = FileManager.default
        if let s = try? fm.attributesOfItem(atPath: source)[.modificationDate] as? Date,
           let o = try? fm.attributesOfItem(atPath: out)[.modificationDate] as? Date, o >= s {
            return out
        }
        try fm.createDirectory(atPath: outDir, withIntermediateDirectories: true)
        let tmp = "\(out).\(getpid()).tmp"
        let cc = Child.run("cc", ["-O1", "-Wall", "-o", tmp, source] + libs, timeout: 60)
        guard cc.status == 0 else {
            throw XSession.Failure(description: "cannot compile \(source): \(cc.stderr)")
        }
        guard rename(tmp, out) == 0 else { throw XSession.Failure(description: "cannot move \(tmp) to \(out)") }
        return out
    }
}

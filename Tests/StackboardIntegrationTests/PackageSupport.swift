import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Builds the Debian package once per test run (`make deb` into a scratch folder) and unpacks
/// it with `dpkg -x` into a scratch root outside the repository, so the installed binary cannot
/// find the build tree's Resources.
enum PackageBuild {
    /// What one build produced.
    struct Built: Sendable {
        /// The `.deb` of the `stackboard` package.
        let deb: String
        /// The scratch root it was unpacked into.
        let root: String
        /// A scratch folder for the tests' own files.
        let scratch: String
    }

    /// Whether this machine can build Debian packages; the reason when it cannot.
    static let missingTools: String? = {
        for tool in ["dpkg-buildpackage", "dh", "dpkg-deb"] where which(tool) == nil {
            return "\(tool) is not installed (run 'make setup', which installs dpkg-dev and debhelper)"
        }
        return nil
    }()

    /// True when the package can be built here.
    static var canBuild: Bool { missingTools == nil }

    /// True when this run checks the package (`make test-package`): it is a release build of
    /// everything, as long as the rest of `make test`.
    static var wanted: Bool { ProcessInfo.processInfo.environment["STACKBOARD_TEST_PACKAGE"] == "1" }

    /// The package built for the suite running now (see `PackageScope`).
    @TaskLocal static var current: Result<Built, XSession.Failure>?

    /// The built package, or the build's failure as a thrown error.
    static func get() throws -> Built {
        guard let current else { throw XSession.Failure(description: "no package: the suite needs the .packageBuild trait") }
        return try current.get()
    }

    /// Builds the package (the result, failure included).
    static func buildOnce() -> Result<Built, XSession.Failure> {
        do { return .success(try build()) } catch let failure as XSession.Failure {
            return .failure(failure)
        } catch {
            return .failure(XSession.Failure(description: "\(error)"))
        }
    }

    private static func build() throws -> Built {
        let scratch = try makeScratch()
        do { return try build(in: scratch) } catch {
            remove(scratch)
            throw error
        }
    }

    /// Removes a scratch folder (kept when STACKBOARD_KEEP_TEST_LOGS is set).
    static func remove(_ scratch: String) {
        if ProcessInfo.processInfo.environment["STACKBOARD_KEEP_TEST_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: scratch)
        }
    }

    private static func build(in scratch: String) throws -> Built {
        let out = scratch + "/out"
        let log = scratch + "/logs"
        try FileManager.default.createDirectory(atPath: log, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["PATH"] = "/opt/swift/usr/bin:" + (env["PATH"] ?? "/usr/bin:/bin")
        let make = try Child("make", ["-C", Tools.repoRoot, "-s", "deb", "DEB_OUT=\(out)"],
                             environment: env, logDir: log)
        guard let status = make.wait(timeout: 1800) else {
            make.stop()
            throw XSession.Failure(description: "make deb took more than 30 minutes; logs in \(log)")
        }
        guard status == 0 else {
            throw XSession.Failure(description: "make deb failed (\(status)):\n\(make.stdout.suffix(2000))\n\(make.stderr.suffix(3000))")
        }
        let debs = (try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []
        guard let deb = debs.first(where: { $0.hasPrefix("stackboard_") && $0.hasSuffix(".deb") }) else {
            throw XSession.Failure(description: "make deb made no stackboard_*.deb in \(out): \(debs)")
        }
        let root = scratch + "/root"
        let unpack = run("dpkg", ["-x", out + "/" + deb, root])
        guard unpack.status == 0 else { throw XSession.Failure(description: "dpkg -x failed: \(unpack.stderr)") }
        return Built(deb: out + "/" + deb, root: root, scratch: scratch)
    }

    /// Runs a program to completion with `environment` (default: the test's own).
    static func run(_ path: String, _ args: [String], environment: [String: String]? = nil,
                    timeout: Double = 60) -> (status: Int32, stdout: String, stderr: String) {
        Child.run(path, args, environment: environment ?? ProcessInfo.processInfo.environment, timeout: timeout)
    }

    /// The full path of `tool` on PATH, or nil.
    static func which(_ tool: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":").map(String.init) + ["/usr/sbin", "/sbin"] {
            let candidate = "\(dir)/\(tool)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// The subcommands the built `stackboard --help` lists.
    static let commands: Set<String> = {
        let help = run(Tools.stackboard, ["--help"]).stdout
        var names: Set<String> = []
        var inList = false
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Commands:") { inList = true; continue }
            if inList {
                guard line.hasPrefix("  "), let word = line.split(separator: " ").first else { break }
                names.insert(String(word))
            }
        }
        return names
    }()

    /// The layout files the repository ships (Resources/layouts/*.json), by name.
    static var shippedLayouts: [String] { shipped("layouts") }

    /// The names of the theme files in Resources/themes, sorted.
    static var shippedThemes: [String] { shipped("themes") }

    /// The names of the `.json` files in Resources/`folder`, sorted.
    static func shipped(_ folder: String) -> [String] {
        let dir = Tools.repoRoot + "/Resources/" + folder
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return files.filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The files in Resources/sounds (none when the folder does not exist).
    static var shippedSounds: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Tools.repoRoot + "/Resources/sounds")) ?? []
        return files.filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The shipped word models (`Resources/words/*.words`), sorted.
    static var shippedWordModels: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Tools.repoRoot + "/Resources/words")) ?? []
        return files.filter { $0.hasSuffix(".words") }.sorted()
    }

    /// An environment in which the installed binary sees only the scratch root's data: no
    /// DISPLAY, no STACKBOARD_DATA_DIR, empty user directories.
    static func installedEnvironment(_ built: Built) -> [String: String] {
        let home = built.scratch + "/home"
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return [
            "PATH": "/usr/bin:/bin",
            "HOME": home,
            "XDG_DATA_HOME": home + "/.local/share",
            "XDG_CONFIG_HOME": home + "/.config",
            "XDG_DATA_DIRS": built.root + "/usr/share",
            "LANG": "C.UTF-8",
        ]
    }

    private static func makeScratch() throws -> String {
        var template = Array((NSTemporaryDirectory() + "/stackboard-package-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw XSession.Failure(description: "mkdtemp failed") }
        return String(cString: p)
    }
}

/// Builds the package once before a suite's tests (one release build for all of them) and
/// removes the scratch folder after them. Builds nothing when the tools are missing or the run
/// does not check the package.
struct PackageScope: SuiteTrait, TestScoping {
    func scopeProvider(for test: Test, testCase: Test.Case?) -> PackageScope? { test.isSuite ? self : nil }

    func provideScope(for test: Test, testCase: Test.Case?,
                      performing function: @Sendable () async throws -> Void) async throws {
        guard PackageBuild.canBuild, PackageBuild.wanted else { return try await function() }
        let result = PackageBuild.buildOnce()
        defer { if case .success(let built) = result { PackageBuild.remove(built.scratch) } }
        try await PackageBuild.$current.withValue(result) { try await function() }
    }
}

extension Trait where Self == PackageScope {
    /// The suite's tests share one package build (`PackageBuild.get()`).
    static var packageBuild: PackageScope { PackageScope() }
}

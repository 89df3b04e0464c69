import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the user types is theirs: a secret tapped on the keyboard, with every option that makes
/// it say more turned on and the click sound on, reaches the application and nothing else: not
/// stdout (without --print), not stderr, no file under its HOME, XDG folders or TMPDIR, no file it
/// holds open, no property on its window or the root window.
@Suite struct PrivacyTests {
    /// The keyboard's options that could make it log: flags whose name mentions debug, verbose,
    /// trace or log. None exist today; one added later is turned on here.
    static func chattyOptions() throws -> [String] {
        let r = try runStackboard(["keyboard", "--help"], environment: environmentWithoutDisplay)
        #expect(r.status == 0)
        return r.stdout.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(separator: " ")
            guard let first = words.first, first.hasPrefix("--"),
                  ["debug", "verbose", "trace", "log"].contains(where: { first.contains($0) }),
                  words.count == 1 || !(words[1].first?.isUppercase ?? false) else { return nil }
            return String(first)
        }
    }

    /// Folders that can hold what a program writes, by the variables that name them.
    static let folderVariables = ["HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
                                  "XDG_RUNTIME_DIR", "TMPDIR"]

    @Test func aSecretTappedOnTheKeyboardReachesTheApplicationAndNothingElse() throws {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("bcdfghjkmnpqrstvwxz")
        let secret = String((0..<14).map { _ in letters.randomElement(using: &rng) ?? "q" })
        let rig = try TypingRig()
        let fx = try SoundFixture()
        var template = Array((NSTemporaryDirectory() + "/stackboard-privacy-XXXXXX").utf8CString)
        let home = String(cString: try #require(mkdtemp(&template)))
        defer { try? FileManager.default.removeItem(atPath: home) }
        var env: [String: String] = ["ALSA_CONFIG_PATH": fx.environment["ALSA_CONFIG_PATH"] ?? ""]
        for variable in Self.folderVariables {
            let dir = home + "/" + variable.lowercased()
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            env[variable] = dir
        }
        let chatty = try Self.chattyOptions()
        let kb = try RunningKeyboard(rig.session, chatty + ["--sound-device", "stackboardtest"], sound: true, env: env)
        try kb.tap(labels: secret.map { String($0) })
        #expect(rig.waitForText(secret) == secret, "the taps typed the secret into the application")

        // While it runs: its window's and the root window's properties, and every file it has open.
        var leaks: [String] = []
        let properties = kb.xprop([]) + rig.session.run("xprop", ["-root"]).stdout
        if properties.contains(secret) { leaks.append("X properties") }
        let fdDir = "/proc/\(kb.child.pid)/fd"
        var openFiles: [String] = []
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: fdDir)) ?? [] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fdDir + "/" + fd),
                  target.hasPrefix("/"), !target.hasPrefix("/dev/") else { continue }
            openFiles.append(target)
            if Self.contains(secret, file: target) { leaks.append("open file \(target)") }
        }

        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 10) == 0)
        #expect(kb.child.stdout.isEmpty, "stdout without --print: \(kb.child.stdout.count) bytes")
        if kb.child.stderr.contains(secret) { leaks.append("stderr") }
        var written: [String] = []
        for root in [home, fx.dir] {
            for path in Self.files(under: root) {
                written.append(path)
                if Self.contains(secret, file: path) { leaks.append(path) }
            }
        }
        #expect(leaks.isEmpty, "the secret appears in: \(leaks)")
        // The options looked for, the files it had open and wrote, for the record of a failure.
        #expect(FileManager.default.fileExists(atPath: fx.output), "the clicks were recorded (\(chatty), \(openFiles), \(written))")
    }

    /// Every regular file under `root`.
    static func files(under root: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }.map { root + "/" + $0 }.filter {
            var isDir: ObjCBool = false
            return FileManager.default.fileExists(atPath: $0, isDirectory: &isDir) && !isDir.boolValue
        }
    }

    /// Whether the file holds `secret` as UTF-8 (or as UTF-16, or one character per line).
    static func contains(_ secret: String, file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: file) else { return false }
        let forms = [Data(secret.utf8), secret.data(using: .utf16LittleEndian) ?? Data(),
                     Data(secret.map { String($0) }.joined(separator: "\n").utf8)]
        return forms.contains { !$0.isEmpty && data.range(of: $0) != nil }
    }
}

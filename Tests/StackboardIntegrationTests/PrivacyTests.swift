import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What the user types is theirs: a secret tapped on the keyboard, or typed into
/// `stackboard entry --secure` (tapped and on a physical keyboard), with every option that makes
/// it say more turned on and the click sound on, reaches its destination and nothing else: not
/// stdout (but entry's final result line), not stderr, no file under the program's HOME, XDG
/// folders or TMPDIR, no file it holds open, no property of its window or of the root window.
@Suite struct PrivacyTests {
    /// A command's options that could make it log: flags whose name mentions debug, verbose,
    /// trace or log. None exist today; one added later is turned on here.
    static func chattyOptions(_ command: String) throws -> [String] {
        let r = try runStackboard([command, "--help"], environment: environmentWithoutDisplay)
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
        let secret = Self.secret()
        let rig = try TypingRig()
        let fx = try SoundFixture()
        let home = try PrivateFolders()
        let chatty = try Self.chattyOptions("keyboard")
        let kb = try RunningKeyboard(rig.session, chatty + ["--sound-device", "stackboardtest"], sound: true,
                                     env: home.environment.merging(["ALSA_CONFIG_PATH": fx.alsaConfigPath]) { $1 })
        try kb.tap(labels: secret.map { String($0) })
        kb.tap(try #require(try kb.keys().first { $0.action == "space" }))
        #expect(rig.waitForText(secret + " ") == secret + " ", "the taps typed the secret and a space into the application")

        var leaks = Self.leaksWhileRunning(secret, pid: kb.child.pid, windows: [kb.info.id], session: rig.session)
        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 10) == 0)
        #expect(kb.child.stdout.isEmpty, "stdout without --print: \(kb.child.stdout.count) bytes")
        if kb.child.stderr.contains(secret) { leaks.append("stderr") }
        // A word typed in an ordinary field is the user's: learned into their own model (mode 0600),
        // and into nothing else.
        let model = home.root + "/xdg_data_home/stackboard/words-en.txt"
        leaks += Self.leaksInFiles(secret, under: [home.root, fx.dir]).filter { $0 != model }
        #expect(leaks.isEmpty, "the secret appears in: \(leaks) (options turned on: \(chatty))")
        var info = stat()
        if stat(model, &info) == 0 { #expect(info.st_mode & 0o077 == 0, "the learned words are readable by others") }
        #expect(FileManager.default.fileExists(atPath: fx.output), "the clicks were recorded")
    }

    @Test(arguments: [false, true])
    func aSecureEntryPrintsItsSecretOnceAndKeepsItEverywhereElse(events: Bool) throws {
        let secret = Self.secret()
        let session = try XSession()
        defer { session.close() }
        let fx = try SoundFixture()
        let home = try PrivateFolders()
        let chatty = try Self.chattyOptions("entry")
        let entry = try RunningEntry(session, chatty + ["--layout", "qwerty", "--secure", "--prompt", "Password",
                                                        "--sound-device", "stackboardtest"] + (events ? ["--events"] : []),
                                     env: home.environment.merging(["ALSA_CONFIG_PATH": fx.alsaConfigPath]) { $1 },
                                     sound: true)
        // Half tapped on the keypad, half typed on a physical keyboard.
        let half = secret.count / 2
        try entry.tap(labels: secret.prefix(half).map { String($0) })
        try entry.waitForFocus()
        entry.xdotool(["type", "--delay", "20", String(secret.dropFirst(half))])
        try session.waitUntil(timeout: 10, "every character in the field") {
            !events || entry.events.contains { ($0["length"] as? Int) == secret.count }
        }
        var leaks = Self.leaksWhileRunning(secret, pid: entry.child.pid, windows: [entry.info.id], session: session)
        entry.xdotool(["key", "Return"])
        #expect(entry.exitStatus() == 0)
        if events {
            #expect(!entry.child.stdout.contains(secret), "--events --secure printed the secret")
            #expect(entry.events.last?["event"] as? String == "done")
            #expect(entry.events.last?["length"] as? Int == secret.count)
        } else {
            #expect(entry.child.stdout == secret + "\n", "the result, once, on stdout")
        }
        if entry.child.stderr.contains(secret) { leaks.append("stderr") }
        // A word typed in an ordinary field is the user's: learned into their own model (mode 0600),
        // and into nothing else.
        let model = home.root + "/xdg_data_home/stackboard/words-en.txt"
        leaks += Self.leaksInFiles(secret, under: [home.root, fx.dir]).filter { $0 != model }
        #expect(leaks.isEmpty, "the secret appears in: \(leaks) (options turned on: \(chatty))")
        var info = stat()
        if stat(model, &info) == 0 { #expect(info.st_mode & 0o077 == 0, "the learned words are readable by others") }
    }

    /// 14 random consonants: no word, no number, nothing a log would hold by chance.
    static func secret() -> String {
        var rng = SystemRandomNumberGenerator()
        let letters = Array("bcdfghjkmnpqrstvwxz")
        return String((0..<14).map { _ in letters.randomElement(using: &rng) ?? "q" })
    }

    /// Where the secret shows while the program runs: the properties of its windows and of the
    /// root window, and the files it has open.
    static func leaksWhileRunning(_ secret: String, pid: pid_t, windows: [String], session: XSession) -> [String] {
        var leaks: [String] = []
        for window in windows where session.run("xprop", ["-id", window]).stdout.contains(secret) {
            leaks.append("properties of window \(window)")
        }
        if session.run("xprop", ["-root"]).stdout.contains(secret) { leaks.append("root window properties") }
        let fdDir = "/proc/\(pid)/fd"
        for fd in (try? FileManager.default.contentsOfDirectory(atPath: fdDir)) ?? [] {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: fdDir + "/" + fd),
                  target.hasPrefix("/"), !target.hasPrefix("/dev/") else { continue }
            // Its own stdout is checked by the caller (entry's result line belongs there).
            if fd == "1" { continue }
            if contains(secret, file: target) { leaks.append("open file \(target)") }
        }
        return leaks
    }

    /// The files under `roots` that hold the secret.
    static func leaksInFiles(_ secret: String, under roots: [String]) -> [String] {
        roots.flatMap { files(under: $0) }.filter { contains(secret, file: $0) }
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

/// HOME, the XDG folders and TMPDIR of one program, in a private temporary folder (not the
/// session's, which holds the target's log), removed at the end.
final class PrivateFolders {
    let root: String
    /// The variables to give the program.
    let environment: [String: String]

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/stackboard-privacy-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw XSession.Failure(description: "mkdtemp failed") }
        root = String(cString: made)
        var env: [String: String] = [:]
        for variable in PrivacyTests.folderVariables {
            let dir = root + "/" + variable.lowercased()
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            env[variable] = dir
        }
        environment = env
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }
}

extension SoundFixture {
    /// ALSA_CONFIG_PATH for a child that should click into this fixture.
    var alsaConfigPath: String { environment["ALSA_CONFIG_PATH"] ?? "" }
}

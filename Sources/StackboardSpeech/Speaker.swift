@preconcurrency import Glibc

/// Says texts with the speech engine, newest first: each text starts a process of the engine
/// (`SpeechEngine`) and cuts off the one still speaking, so that no stale speech queues up.
/// Nothing blocks: starting a process returns at once (`posix_spawn`: about 1.5 to 4 ms until the
/// engine's exec), and ended processes are reaped without waiting (`collect`, at each loop turn
/// of the keyboard, and at each text). The engine is looked for at the first text, not
/// before; when there is none, `report` hears it once. What is said is never reported: only an
/// engine that cannot start or ends in failure, by name and status.
public final class Speaker {
    /// Rate, volume, the test command, the language.
    public let settings: SpeechSettings
    private let report: (String) -> Void
    private let find: (String) -> String?
    /// The engine, once looked for (nil inside: there is none).
    private var engine: SpeechEngine??
    /// The process saying the newest text, until it has ended.
    private var speaking: pid_t?
    /// Processes cut off and not reaped yet.
    private var ending: [pid_t] = []
    /// Whether a failure of the engine was reported (once is enough).
    private var reportedFailure = false

    /// A speaker with `settings`; problems go to `report`; `find` looks a program up (by default
    /// in `$PATH`).
    public init(settings: SpeechSettings, report: @escaping (String) -> Void,
                find: @escaping (String) -> String? = Speaker.program(named:)) {
        self.settings = settings
        self.report = report
        self.find = find
    }

    deinit { silence() }

    /// The engine used (nil: none found, or not looked for yet).
    public var engineInUse: SpeechEngine? { engine ?? nil }

    /// Says `text`, cutting off what is still being said.
    public func say(_ text: String) {
        reap()
        guard let engine = lookUp() else { return }
        let cutOff = speaking != nil
        cutOffSpeaking()
        do {
            speaking = try Self.spawn(engine.commandLine(saying: text, settings: settings, cutOff: cutOff))
        } catch {
            failed("cannot start the speech engine (\(engine.name)): \(String(cString: strerror(error.code)))")
        }
    }

    /// Collects the processes that have ended, without waiting (also done at each text).
    public func collect() { reap() }

    /// Stops what is being said (the keyboard hides or ends).
    public func silence() {
        reap()
        cutOffSpeaking()
        reap()
    }

    /// The engine, looked for on first use.
    private func lookUp() -> SpeechEngine? {
        if let engine { return engine }
        let found = SpeechEngine.choose(settings, find: find)
        engine = .some(found)
        if found == nil { report(SpeechEngine.missingMessage) }
        return found
    }

    /// Ends the process still speaking (its process group: a shell command's children too).
    private func cutOffSpeaking() {
        guard let pid = speaking else { return }
        kill(-pid, SIGTERM)
        ending.append(pid)
        speaking = nil
    }

    /// Collects the processes that have ended, without waiting; says once when the engine failed.
    private func reap() {
        ending.removeAll { Self.ended($0) != nil }
        guard let pid = speaking, let status = Self.ended(pid) else { return }
        speaking = nil
        if let code = status, code != 0 { failed("the speech engine (\(engineInUse?.name ?? "?")) ended with status \(code)") }
    }

    private func failed(_ problem: String) {
        guard !reportedFailure else { return }
        reportedFailure = true
        report(problem)
    }

    /// nil: still running; .some(nil): ended by a signal; .some(code): exited with `code`.
    private static func ended(_ pid: pid_t) -> Int32?? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == 0 { return nil }
        if result < 0 { return .some(nil) } // not our child any more: nothing to wait for
        let signalled = (status & 0x7f) != 0
        return .some(signalled ? nil : (status >> 8) & 0xff)
    }

    /// `posix_spawn(3)` of `words` (the program, then its arguments) with this process's
    /// environment, in a process group of its own, with an empty signal mask and default signal
    /// handlers, stdin, stdout and stderr on /dev/null and no other descriptor of ours.
    static func spawn(_ words: [String]) throws(SpawnFailure) -> pid_t {
        guard let path = words.first else { throw SpawnFailure(code: ENOENT) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        closeFrom(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard code == 0 else { throw SpawnFailure(code: code) }
        return pid
    }

    /// Why a process could not start: `posix_spawn`'s error number.
    struct SpawnFailure: Error {
        /// The error number (`ENOENT`…).
        let code: Int32
    }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34; Swift does not import it): the
    /// engine gets none of the keyboard's descriptors (its X connection) from `lowest` up.
    private static func closeFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    }

    /// The path of the program `name` in `$PATH` (nil: not installed).
    public static func program(named name: String) -> String? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") where !directory.isEmpty {
            let candidate = directory + "/" + name
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// How speech is made, and the settings it is made with.
public struct SpeechSettings: Equatable, Sendable {
    /// Speed in percent of the engine's usual (50 to 250; 100: its usual).
    public var rate: Int
    /// Loudness in percent (0 to 100; 100: the engine's usual, its loudest).
    public var volume: Int
    /// `--speak-command`: a shell command run with the text as its last argument, instead of an
    /// engine (nil: the engine found on the system).
    public var command: String?
    /// The language of the words (`de`, `zh_CN`; nil: the engine's own).
    public var language: String?

    /// Settings with these values.
    public init(rate: Int = 100, volume: Int = 100, command: String? = nil, language: String? = nil) {
        self.rate = rate
        self.volume = volume
        self.command = command
        self.language = language
    }
}

/// The program that speaks, and the words of its command line.
///
/// Rules (tested in Tests/StackboardSpeechTests/SpeechEngineTests.swift):
/// - `--speak-command` wins; else speech-dispatcher's `spd-say` where it is installed (it starts
///   the speech server, which holds the desktop's voice choices); else `espeak-ng`; else none,
///   and `missingMessage` says which Debian package to install.
/// - `spd-say` waits (`-w`) until its text is spoken, so that a process still running is speech
///   still going: the next text cuts it off (`-C`, which cancels what speech-dispatcher holds).
///   `espeak-ng` is cut off by ending its process.
/// - The text is always the last argument, after `--`, so that a text never reads as an option.
public enum SpeechEngine: Equatable, Sendable {
    /// speech-dispatcher's client, at this path.
    case dispatcher(String)
    /// espeak-ng, at this path.
    case espeak(String)
    /// A shell command (`--speak-command`).
    case command(String)

    /// What to install when there is no engine.
    public static let missingMessage = "cannot speak (--speak): neither speech-dispatcher nor espeak-ng is installed; "
        + "install one, e.g. 'sudo apt install speech-dispatcher' (or 'sudo apt install espeak-ng')"

    /// The engine for `settings`, looking programs up with `find` (a name to its path, nil when
    /// it is not installed); nil when there is none.
    public static func choose(_ settings: SpeechSettings, find: (String) -> String?) -> SpeechEngine? {
        if let command = settings.command { return .command(command) }
        if let path = find("spd-say") { return .dispatcher(path) }
        if let path = find("espeak-ng") { return .espeak(path) }
        return nil
    }

    /// The engine's name, for messages.
    public var name: String {
        switch self {
        case .dispatcher: return "spd-say"
        case .espeak: return "espeak-ng"
        case .command: return "--speak-command"
        }
    }

    /// The program and its arguments that say `text`; `cutOff`: an earlier text of ours is still
    /// being spoken; `wav`: espeak-ng writes a WAV file instead of playing (for checks).
    public func commandLine(saying text: String, settings: SpeechSettings, cutOff: Bool, wav: String? = nil) -> [String] {
        switch self {
        case .command(let command):
            return ["/bin/sh", "-c", command + " \"$@\"", "stackboard-speak", text]
        case .dispatcher(let path):
            var words = [path, "-w", "-N", "stackboard", "-r", String(Self.dispatcherRate(settings.rate)),
                         "-i", String(Self.dispatcherVolume(settings.volume))]
            if let language = settings.language.flatMap(Self.dispatcherLanguage) { words += ["-l", language] }
            if cutOff { words.append("-C") }
            return words + ["--", text]
        case .espeak(let path):
            var words = [path, "-s", String(Self.espeakWordsPerMinute(settings.rate)), "-a", String(settings.volume)]
            if let language = settings.language.flatMap(Self.espeakVoice) { words += ["-v", language] }
            if let wav { words += ["-w", wav] }
            return words + ["--", text]
        }
    }

    /// speech-dispatcher's rate (-100 to 100, 0 its usual) for `percent` (50 to 250).
    static func dispatcherRate(_ percent: Int) -> Int {
        let p = min(250, max(50, percent))
        return p <= 100 ? (p - 100) * 2 : (p - 100) * 100 / 150
    }

    /// speech-dispatcher's volume (-100 to 100, 100 its usual) for `percent` (0 to 100).
    static func dispatcherVolume(_ percent: Int) -> Int { min(100, max(0, percent)) * 2 - 100 }

    /// espeak-ng's words per minute (175 its usual) for `percent`, within its 80 to 450.
    static func espeakWordsPerMinute(_ percent: Int) -> Int { min(450, max(80, 175 * percent / 100)) }

    /// speech-dispatcher's language for a catalog's name (`de_AT` → `de`; `en`: none).
    static func dispatcherLanguage(_ catalog: String) -> String? {
        let base = String(catalog.prefix { $0 != "_" && $0 != "." && $0 != "@" })
        return base.isEmpty || base == "en" ? nil : base
    }

    /// espeak-ng's voice for a catalog's name (`de`; Chinese is `cmn`; `en`: none).
    static func espeakVoice(_ catalog: String) -> String? {
        guard let base = dispatcherLanguage(catalog) else { return nil }
        return base == "zh" ? "cmn" : base
    }
}

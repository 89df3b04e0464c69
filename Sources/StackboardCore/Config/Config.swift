/// The user's settings from `$XDG_CONFIG_HOME/stackboard/config.json`. Every field is optional:
/// what is absent keeps the built-in default, and command-line options override what is here.
public struct Config: Equatable, Sendable {
    /// The layout shown at start (`layout`).
    public var layout: String?
    /// The layouts the next-layout key cycles through (`layouts`).
    public var layouts: [String]?
    /// The theme (`theme`).
    public var theme: String?
    /// Scale of outlines, corners and minimum label size (`scale`).
    public var scale: Double?
    /// Window geometry `WxH+X+Y` (`geometry`).
    public var geometry: String?
    /// Dock edge, `bottom` or `top` (`dock`).
    public var dock: String?
    /// Whether to start hidden (`hidden`).
    public var hidden: Bool?
    /// Click sounds on or off (`sound.enabled`).
    public var soundEnabled: Bool?
    /// Click volume 0–100 (`sound.volume`).
    public var soundVolume: Int?
    /// ALSA PCM name (`sound.device`).
    public var soundDevice: String?
    /// Milliseconds before a held key repeats (`repeat.delay`).
    public var repeatDelay: Int?
    /// Milliseconds between repeats (`repeat.interval`).
    public var repeatInterval: Int?
    /// Milliseconds before a long press shows alternates (`longPress`).
    public var longPress: Int?
    /// Dwell time in milliseconds (`dwell`; 0 or absent: off).
    public var dwell: Int?
    /// Scanning step in milliseconds (`scan.interval`; absent: no scanning).
    public var scanInterval: Int?
    /// Passes over a row before scanning returns to rows (`scan.loops`).
    public var scanLoops: Int?
    /// The switch for scanning: a keysym name like `space` or `button1`–`button9` (`scan.switch`).
    public var scanSwitch: String?

    /// An empty configuration: every default.
    public init() {}
}

/// A problem with one setting; the keyboard still starts, without that setting.
public struct ConfigProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The setting's path, like `sound.volume` (empty for the file as a whole).
    public var key: String
    /// What is wrong and what is expected.
    public var message: String
    /// `FILE: KEY: MESSAGE; using the default`.
    public var description: String {
        let what = key.isEmpty ? "" : "\(key): "
        let tail = key.isEmpty ? "; using the defaults for every setting" : "; using the default"
        return "\(file): \(what)\(message)\(tail)"
    }
    /// A problem with `key` of `file`.
    public init(file: String, key: String, message: String) { self.file = file; self.key = key; self.message = message }
}

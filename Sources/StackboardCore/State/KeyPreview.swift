/// The enlarged label of a pressed character key, shown above it (`KeyboardState.preview`).
/// After the release that types it, it stays up `KeyPreview.linger` seconds more.
public struct KeyPreview: Equatable, Hashable, Sendable {
    /// The key pressed (an index into the current layer's keys).
    public var keyIndex: Int
    /// The label it shows now (shifted like the key).
    public var label: String

    /// A preview of the key at `keyIndex` showing `label`.
    public init(keyIndex: Int, label: String) {
        self.keyIndex = keyIndex
        self.label = label
    }

    /// How long a preview stays up after the release that typed its key (s): a quick tap holds a
    /// key down for only 30-60 ms, too short to read the bubble. Android's keyboard lingers as
    /// long (`config_key_preview_linger_timeout`, 70 ms). It also takes the window's unmapping out
    /// of the moment the application is handling the typed key: the next press moves the bubble
    /// instead, and a preview left alone goes when the time is up.
    public static let linger = 0.07

    /// The preview bubble's frame for a key at `key` (window pixels): a little wider and taller
    /// than the key, centred over it, its bottom edge on the key's top edge, so that the finger
    /// on the key does not hide it. It may reach above the window (the window system keeps it on
    /// the screen).
    public static func frame(forKey key: Rect) -> Rect {
        let height = max(16, Int((Double(key.height) * 1.25).rounded()))
        let width = max(Int((Double(key.width) * 1.4).rounded()), Int((Double(height) * 0.8).rounded()))
        return Rect(x: key.x + key.width / 2 - width / 2, y: key.y - height, width: width, height: height)
    }
}

/// A preview kept up after its key's release, until `until`. Whatever lays the keys out again
/// (a layer, layout or size) ends it, as its key index would point elsewhere.
struct LingeringPreview: Equatable, Sendable {
    var preview: KeyPreview
    var until: Double
}

extension KeyboardState {
    /// The key preview to show now: the newest press on a character key (text, decimal or PIN
    /// digit) that is not swiping, else the one lingering after its key typed (`KeyPreview.linger`;
    /// a press ends it), while no alternates are open, with `config.keyPreview` on and outside
    /// secure entry. Nil: no preview.
    public var preview: KeyPreview? {
        guard config.keyPreview, !secureEntry, alternates == nil else { return nil }
        return pressedPreview ?? lingering?.preview
    }

    /// The preview of the newest press, if its key is previewed.
    private var pressedPreview: KeyPreview? {
        let candidates = pointers.values.filter { track in
            guard !track.choosingAlternate, track.showsPressed, !track.grip, let key = key(at: track.key) else { return false }
            return key.style != .blank && KeyboardState.isPreviewed(key.action)
        }
        guard let newest = candidates.max(by: { $0.serial < $1.serial }) else { return nil }
        let label = displayLabel(ofKey: newest.key)
        return label.isEmpty ? nil : KeyPreview(keyIndex: newest.key, label: label)
    }

    /// Keeps `shown` (the preview before a release) up a little longer when the release of the
    /// pointer on `key` typed it: called before the key is performed.
    mutating func lingerPreview(_ shown: KeyPreview?, ofKey key: Int, now: Double) {
        guard let shown, shown.keyIndex == key else { return }
        lingering = LingeringPreview(preview: shown, until: now + KeyPreview.linger)
    }

    /// Ends a lingering preview whose time is up at `now`.
    mutating func expireLingeringPreview(now: Double) {
        if let l = lingering, l.until <= now { lingering = nil }
    }

    /// Keys that get a preview: those that type a character.
    static func isPreviewed(_ action: Action) -> Bool {
        switch action {
        case .text, .decimalSeparator, .shuffledDigit: return true
        default: return false
        }
    }

    /// Secure entry (a password field, `entry --secure`): no key preview and no swiping, whatever
    /// the configuration says. A preview or swipe in progress goes.
    public mutating func setSecureEntry(_ secure: Bool) -> [Effect] {
        mutate(now: nil) { state in
            state.secureEntry = secure
            if secure { state.dropSwipes() }
            return []
        }
    }
}

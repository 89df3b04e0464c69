/// Whether a desktop input method (IBus, fcitx, uim, …) may stand between the keyboard's keys and
/// the field. Such a method can turn keys into other characters (pinyin into hanzi) or swallow
/// them (a space that commits a candidate), so the keyboard's own record of what it typed is
/// then no proof of what the field holds: automatic edits that delete (a double space's ". ",
/// English "I", a tap correction) need the field's text to show what they delete.
///
/// Signs, any of which is enough: the session's environment names an input method module for
/// GTK, Qt, Clutter or SDL (`GTK_IM_MODULE=ibus`; the built-in `simple` module is none), or
/// `XMODIFIERS` names an XIM server (`@im=fcitx`; `@im=none` is none), or the display announces
/// an XIM server in the root window's `XIM_SERVERS` (IBus and fcitx do when they serve XIM; GNOME
/// on X11 sets no variable but starts IBus that way).
public struct InputMethodPresence: Equatable, Sendable {
    /// What gave it away (empty: no input method seen).
    public let signs: [String]

    /// Whether an input method may be at work.
    public var present: Bool { !signs.isEmpty }

    /// From the keyboard's environment and the display's `XIM_SERVERS` atom names.
    public init(environment: [String: String], ximServers: [String]) {
        var signs: [String] = []
        for name in ["GTK_IM_MODULE", "QT_IM_MODULE", "CLUTTER_IM_MODULE", "SDL_IM_MODULE"] {
            guard let value = environment[name].map(SettingSpec.trimmed), !value.isEmpty,
                  !Self.builtIn.contains(value.lowercased()) else { continue }
            signs.append("\(name)=\(value)")
        }
        if let modifiers = environment["XMODIFIERS"] {
            // "@im=NAME", possibly among other "@category=value" parts.
            for part in modifiers.split(separator: "@") where part.hasPrefix("im=") {
                let server = SettingSpec.trimmed(String(part.dropFirst(3)))
                if !server.isEmpty, server.lowercased() != "none" { signs.append("XMODIFIERS=@im=\(server)") }
            }
        }
        for server in ximServers where server.hasPrefix("@server=") && server.count > "@server=".count {
            signs.append("XIM_SERVERS \(server)")
        }
        self.signs = signs
    }

    /// The toolkits' own modules, which compose nothing beyond dead keys and Compose sequences.
    private static let builtIn: Set<String> = ["simple", "gtk-im-context-simple", "none", "compose"]
}

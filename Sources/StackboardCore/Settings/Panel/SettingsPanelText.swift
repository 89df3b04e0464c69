/// Every text the settings panel shows, in one place: English here, so that a translation (a
/// gettext catalog, `MessageCatalog`) can be put in front of it later by giving `translate`.
/// Nothing of the panel is written anywhere else.
public struct SettingsPanelText: Sendable {
    /// Turns an English text of this table into the user's language (the identity for now).
    public var translate: @Sendable (String) -> String

    /// The English texts (`translate` given: each passes through it).
    public init(translate: @escaping @Sendable (String) -> String = { $0 }) { self.translate = translate }

    private func t(_ english: String) -> String { translate(english) }

    // MARK: Pages (the tabs)

    /// The tab of the page with layout, languages, theme and size.
    public var lookTab: String { t("Look") }
    /// The tab of the page with sound, key preview and suggestions.
    public var soundTab: String { t("Sound & keys") }
    /// The tab of the page with correction, capitals, learning and auto-show.
    public var wordsTab: String { t("Words") }
    /// The tab of the page with dwell and scanning.
    public var accessTab: String { t("Access") }
    /// The key that leaves the panel.
    public var close: String { t("⌨ Close") }

    // MARK: Settings

    /// `Layout: English (US)`.
    public func layout(_ name: String) -> String { t("Layout") + ": " + name }
    /// `Languages: English, German`.
    public func languages(_ names: [String]) -> String { t("Languages") + ": " + names.joined(separator: ", ") + " ▸" }
    /// `Theme: dark`.
    public func theme(_ name: String) -> String { t("Theme") + ": " + name }
    /// `Size: 125 %`.
    public func size(_ percent: Int) -> String { t("Size") + ": \(percent) %" }
    /// `Sound: on`.
    public func sound(_ on: Bool) -> String { t("Sound") + ": " + onOff(on) }
    /// `Volume: 60 %`.
    public func volume(_ percent: Int) -> String { t("Volume") + ": \(percent) %" }
    /// `Key preview: on`.
    public func keyPreview(_ on: Bool) -> String { t("Key preview") + ": " + onOff(on) }
    /// `Suggestions: 3`, `Suggestions: off`.
    public func suggestions(_ count: Int) -> String { t("Suggestions") + ": " + (count == 0 ? t("off") : String(count)) }
    /// `Correction: on`.
    public func correction(_ on: Bool) -> String { t("Correction") + ": " + onOff(on) }
    /// `Capitals: on` (the shift at a sentence start).
    public func capitals(_ on: Bool) -> String { t("Capitals") + ": " + onOff(on) }
    /// `Learning: on`.
    public func learning(_ on: Bool) -> String { t("Learning") + ": " + onOff(on) }
    /// The key that asks to forget the learned words.
    public var forget: String { t("Forget what was learned…") }
    /// `Auto-show: off`.
    public func autoShow(_ on: Bool) -> String { t("Auto-show") + ": " + onOff(on) }
    /// `Summon button: on` (the round button that calls the hidden keyboard back).
    public func summonButton(_ on: Bool) -> String { t("Summon button") + ": " + onOff(on) }
    /// `Dwell: off`, `Dwell: 0.8 s`.
    public func dwell(_ milliseconds: Int) -> String { t("Dwell") + ": " + (milliseconds == 0 ? t("off") : seconds(milliseconds)) }
    /// `Scanning: on`.
    public func scanning(_ on: Bool) -> String { t("Scanning") + ": " + onOff(on) }
    /// `Scan time: 1 s` (how long each row or key stays highlighted).
    public func scanSpeed(_ milliseconds: Int) -> String { t("Scan time") + ": " + seconds(milliseconds) }

    /// A step down (smaller, slower, fewer).
    public var less: String { "−" }
    /// A step up.
    public var more: String { "+" }
    /// The choice before.
    public var previous: String { "◀" }
    /// The choice after.
    public var next: String { "▶" }

    // MARK: Languages

    /// The key that goes back from the languages to the panel.
    public var languagesDone: String { t("✓ Done") }
    /// A language that is on: `✓ German`.
    public func chosenLanguage(_ name: String) -> String { "✓ " + name }
    /// `Page 2 of 5`.
    public func page(_ number: Int, of count: Int) -> String { t("Page") + " \(number) / \(count)" }

    // MARK: Asking to be sure

    /// The key that forgets every learned word.
    public var forgetConfirm: String { t("Forget every learned word") }
    /// The key that keeps them.
    public var forgetCancel: String { t("Keep them") }
    /// The key that turns scanning off after all.
    public var scanOffConfirm: String { t("Turn scanning off") }
    /// The key that keeps scanning on.
    public var scanOffCancel: String { t("Keep scanning") }

    // MARK: The PIN

    /// `PIN: ● ● ○ ○`.
    public func pin(entered: Int, length: Int, wrong: Bool) -> String {
        let dots = (0..<max(length, entered)).map { $0 < entered ? "●" : "○" }.joined(separator: " ")
        return (wrong ? t("Wrong PIN, again") : t("PIN")) + ": " + dots
    }
    /// The key that leaves the PIN pad.
    public var cancel: String { t("Cancel") }
    /// The key that starts the PIN again.
    public var clear: String { t("Clear") }

    // MARK: Notices

    /// Shown above the controls when config.json could not be written.
    public func notSaved(_ why: String) -> String { t("⚠ Not saved") + ": " + why }
    /// Why: `config.json cannot be read`.
    public func cannotRead(_ file: String) -> String { file + " " + t("cannot be read") }
    /// Why: `config.json is not a file` (a folder, a device).
    public func notAFile(_ file: String) -> String { file + " " + t("is not a file") }

    // MARK: Words

    /// `on` or `off`.
    public func onOff(_ on: Bool) -> String { on ? t("on") : t("off") }

    /// `0.8 s`, `1 s`, `10 s`.
    public func seconds(_ milliseconds: Int) -> String {
        let whole = milliseconds / 1000, tenths = milliseconds % 1000 / 100, rest = milliseconds % 100
        if rest != 0 { return "\(milliseconds) ms" }
        return (tenths == 0 ? "\(whole)" : "\(whole).\(tenths)") + " s"
    }
}

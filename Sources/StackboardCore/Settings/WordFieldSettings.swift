/// What the user allows the word engine to do to what is typed: correct words, capitalize by
/// itself, turn a double space into ". ". Read from the settings table (`--no-autocorrect`,
/// `--no-autocorrect-in`, `--no-autocapitalize`, `--no-double-space-period` and their keys).
public struct WordFieldSettings: Equatable, Sendable {
    /// Whether words may be corrected at all.
    public var autocorrect: Bool
    /// Languages (tags such as `de`) whose words are never corrected.
    public var noAutocorrectIn: Set<String>
    /// Whether the shift latches by itself at a sentence start (and English "i" becomes "I").
    public var autocapitalize: Bool
    /// Whether a second space right after a word and the keyboard's own space makes ". ".
    public var doubleSpacePeriod: Bool

    /// Settings with every property given (all on, by default).
    public init(autocorrect: Bool = true, noAutocorrectIn: Set<String> = [], autocapitalize: Bool = true,
                doubleSpacePeriod: Bool = true) {
        self.autocorrect = autocorrect
        self.noAutocorrectIn = noAutocorrectIn
        self.autocapitalize = autocapitalize
        self.doubleSpacePeriod = doubleSpacePeriod
    }

    /// The settings among `values` (the command line over the configuration file).
    public init(_ values: SettingValues) {
        self.init(autocorrect: values.bool(.autocorrect), noAutocorrectIn: Set(values.names(.noAutocorrectIn) ?? []),
                  autocapitalize: values.bool(.autocapitalize), doubleSpacePeriod: values.bool(.doubleSpacePeriod))
    }

    /// Whether words of `language` may be corrected (a tag such as `pt-BR` also matches `pt`).
    public func corrects(language: String?) -> Bool {
        guard autocorrect else { return false }
        guard let language else { return true }
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return !noAutocorrectIn.contains(language) && !noAutocorrectIn.contains(base)
    }
}

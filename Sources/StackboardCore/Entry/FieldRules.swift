/// What an entry field accepts and how it is shown: max length, allowed characters, masking.
///
/// An insert is checked whole: if any added character is refused, or the result would be too
/// long, nothing is inserted and the reason is reported. The allow rule is checked first, then
/// the length. Deleting is always allowed.
public struct FieldRules: Equatable, Sendable {
    /// The most graphemes the field may hold, or nil for no limit.
    public var maxLength: Int?
    /// Which characters the field accepts, or nil for any.
    public var allow: AllowRule?
    /// Whether the field is a secret: shown masked, never printed or reported as text.
    public var secure: Bool

    /// Rules with the given limits (no limits by default).
    public init(maxLength: Int? = nil, allow: AllowRule? = nil, secure: Bool = false) {
        self.maxLength = maxLength
        self.allow = allow
        self.secure = secure
    }

    /// Rules from command-line values, e.g. `--max-length 6 --allow digits --secure`.
    public init(maxLength: Int?, allow: String?, secure: Bool, decimalSeparator: String) throws(FieldRuleError) {
        if let maxLength, maxLength < 1 { throw .badMaxLength(maxLength) }
        self.maxLength = maxLength
        self.allow = try allow.map { (text: String) throws(FieldRuleError) -> AllowRule in
            try AllowRule.parse(text, decimalSeparator: decimalSeparator)
        }
        self.secure = secure
    }

    /// The reason an insert that adds `insertedCharacters` and leaves `result` is refused, or nil.
    public func check(insertedCharacters: [Character], result: String) -> RejectReason? {
        if let allow {
            if let refused = insertedCharacters.first(where: { !allow.allows($0) }) {
                return .notAllowed(character: refused)
            }
            if case .decimal(let separator) = allow, result.count(where: { $0 == separator }) > 1 {
                return .notAllowed(character: separator)
            }
        }
        if let maxLength, result.count > maxLength { return .tooLong(max: maxLength) }
        return nil
    }

    /// The reason a whole text breaks the rules (for `--initial` or a multiplier's result), or nil.
    public func validate(_ text: String) -> RejectReason? {
        check(insertedCharacters: Array(text), result: text)
    }

    /// One `•` per grapheme of `text`.
    public static func mask(_ text: String) -> String {
        String(repeating: "•", count: text.count)
    }
}

/// Which characters an entry field accepts (`--allow`).
///
/// The rule is applied to every grapheme an insert adds (including a grapheme formed when an
/// inserted combining mark merges with its neighbour), not to the whole field:
/// - `digits`: ASCII `0`–`9` only.
/// - `decimal`: ASCII digits plus the decimal separator, at most once in the field.
/// - any other string: the literal set of its characters (`ABC123`), case-sensitive.
/// - `/REGEX/`: each added character must match the regular expression *as a whole*
///   (Swift `Regex.wholeMatch` on that one character), e.g. `/[0-9A-F]/` for hex digits.
///   The pattern is not matched against the field's whole text.
public enum AllowRule: Equatable, Sendable {
    /// ASCII digits `0`–`9`.
    case digits
    /// ASCII digits and at most one `separator`.
    case decimal(separator: Character)
    /// Exactly these characters.
    case characters(Set<Character>)
    /// Characters that each match this regular expression as a whole.
    case pattern(CharacterPattern)

    /// Parses an `--allow` value: `digits`, `decimal`, `/REGEX/`, or a literal set of characters.
    /// `decimalSeparator` is the locale's separator (`.` or `,`), used by `decimal`.
    public static func parse(_ text: String, decimalSeparator: String) throws(FieldRuleError) -> AllowRule {
        switch text {
        case "":
            throw .emptyAllow
        case "digits":
            return .digits
        case "decimal":
            guard decimalSeparator.count == 1, let separator = decimalSeparator.first else {
                throw .badDecimalSeparator(decimalSeparator)
            }
            return .decimal(separator: separator)
        default:
            if text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") {
                return .pattern(try CharacterPattern(String(text.dropFirst().dropLast())))
            }
            return .characters(Set(text))
        }
    }

    /// Whether `character` may appear in the field (the decimal rule's "at most once" is
    /// checked separately, by `FieldRules`).
    public func allows(_ character: Character) -> Bool {
        switch self {
        case .digits: return Self.isASCIIDigit(character)
        case .decimal(let separator): return Self.isASCIIDigit(character) || character == separator
        case .characters(let set): return set.contains(character)
        case .pattern(let pattern): return pattern.matches(character)
        }
    }

    /// Whether `character` is one of ASCII `0`–`9`.
    static func isASCIIDigit(_ character: Character) -> Bool {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            return false
        }
        return ("0"..."9").contains(scalar)
    }
}

/// A `/REGEX/` allow rule: a regular expression checked to compile when the rule is parsed.
///
/// Only the source is stored (`Regex<AnyRegexOutput>` is not `Sendable`); `matches` compiles it
/// again, which costs microseconds per typed character.
public struct CharacterPattern: Equatable, Sendable {
    /// The pattern as written, without the slashes.
    public let source: String

    /// Checks that `source` compiles; a syntax error becomes `FieldRuleError.badRegex`.
    public init(_ source: String) throws(FieldRuleError) {
        guard !source.isEmpty else { throw .emptyRegex }
        do {
            _ = try Regex(source)
        } catch {
            throw .badRegex(pattern: source, detail: "\(error)")
        }
        self.source = source
    }

    /// Whether the whole of `character` matches the pattern.
    public func matches(_ character: Character) -> Bool {
        guard let regex = try? Regex(source) else { return false }
        return (try? regex.wholeMatch(in: String(character))) != nil
    }
}

/// A bad field rule on the command line or in a preset.
public enum FieldRuleError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `--allow` was given an empty value.
    case emptyAllow
    /// `--allow //` has no pattern between the slashes.
    case emptyRegex
    /// The regular expression does not compile.
    case badRegex(pattern: String, detail: String)
    /// The locale's decimal separator is not a single character.
    case badDecimalSeparator(String)
    /// `--max-length` is below 1.
    case badMaxLength(Int)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .emptyAllow:
            return "--allow needs a value: digits, decimal, a set of characters such as ABC123, or /REGEX/"
        case .emptyRegex:
            return "--allow //: the regular expression is empty; write one that matches a single allowed character, e.g. /[0-9A-F]/"
        case .badRegex(let pattern, let detail):
            return "--allow /\(pattern)/ is not a valid regular expression (\(detail)); write one that matches a single allowed character, e.g. /[0-9A-F]/"
        case .badDecimalSeparator(let separator):
            return "decimal separator '\(separator)' must be exactly one character; check LC_NUMERIC, or use --allow with a set such as 0123456789."
        case .badMaxLength(let value):
            return "--max-length \(value): the maximum length must be 1 or more"
        }
    }
}

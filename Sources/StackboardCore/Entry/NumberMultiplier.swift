/// The multiplier keys (千 ×1000, 万 ×10000, 十万 ×100000, 百万 ×1000000): the field's number
/// times an integer factor, computed exactly on decimal digit strings (no floating point).
///
/// Rules:
/// - An empty field is refused with `.emptyNumber`.
/// - The field must hold a *plain number*: ASCII digits with at most one decimal separator and
///   at least one digit (`12`, `1.5`, `.5`, `5.`, `007`). Anything else (a sign, spaces,
///   letters, a second separator) is refused with `.notANumber`.
/// - The factor must be 1 or more (any integer, not only powers of ten); otherwise `.invalidFactor`.
/// - The result is normalized: leading zeros dropped (`0` ×1000 is `0`, `007` ×10 is `70`),
///   trailing fraction zeros trimmed (`1.50` ×10 is `15`), the separator dropped when no fraction
///   remains. The result uses the same separator as the field.
/// - A result with more than `maxSignificantDigits` (15) digits from its first non-zero digit to
///   its end, or longer than the field's max length, is refused with `.overflow`.
/// `EntrySession` additionally checks the result against the field's allow rule and puts the
/// cursor at the end.
public enum NumberMultiplier {
    /// The most digits a result may have from its first non-zero digit on (15 fit a Double exactly).
    public static let maxSignificantDigits = 15

    /// `text` times `factor`, or why not. `decimalSeparator` is the locale's (`.` or `,`);
    /// `maxLength` is the field's limit in characters, if any.
    public static func multiply(
        _ text: String, by factor: Int, decimalSeparator: String, maxLength: Int? = nil
    ) -> Result<String, RejectReason> {
        guard !text.isEmpty else { return .failure(.emptyNumber) }
        guard factor >= 1 else { return .failure(.invalidFactor) }
        guard let number = parse(text, separator: decimalSeparator) else { return .failure(.notANumber) }

        let product = multiplyDigits(number.digits, digitsOf(factor))
        var all = product.reversed().map { Character(String($0)) }
        while all.count <= number.scale { all.insert("0", at: 0) }
        var integer = Array(all.dropLast(number.scale))
        var fraction = Array(all.suffix(number.scale))
        while integer.count > 1, integer.first == "0" { integer.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }

        let written = integer + fraction
        let significant = written.drop(while: { $0 == "0" }).count
        guard significant <= maxSignificantDigits else { return .failure(.overflow) }
        let result = String(integer) + (fraction.isEmpty ? "" : decimalSeparator + String(fraction))
        if let maxLength, result.count > maxLength { return .failure(.overflow) }
        return .success(result)
    }

    /// A plain number's digits (most significant first) and how many of them follow the separator.
    private static func parse(_ text: String, separator: String) -> (digits: [Int], scale: Int)? {
        var integer = Substring(text)
        var fraction = Substring()
        if !separator.isEmpty, let range = text.firstRange(of: separator) {
            integer = text[..<range.lowerBound]
            fraction = text[range.upperBound...]
        }
        let characters = Array(integer) + Array(fraction)
        guard !characters.isEmpty, characters.allSatisfy(AllowRule.isASCIIDigit) else { return nil }
        let digits = characters.compactMap { $0.wholeNumberValue }
        return (digits, fraction.count)
    }

    /// The decimal digits of a non-negative integer, most significant first.
    private static func digitsOf(_ value: Int) -> [Int] {
        String(value).compactMap { $0.wholeNumberValue }
    }

    /// Schoolbook product of two digit lists (most significant first), least significant first.
    private static func multiplyDigits(_ a: [Int], _ b: [Int]) -> [Int] {
        var result = [Int](repeating: 0, count: a.count + b.count)
        for (i, x) in a.reversed().enumerated() {
            var carry = 0
            for (j, y) in b.reversed().enumerated() {
                let sum = result[i + j] + x * y + carry
                result[i + j] = sum % 10
                carry = sum / 10
            }
            var k = i + b.count
            while carry > 0 {
                let sum = result[k] + carry
                result[k] = sum % 10
                carry = sum / 10
                k += 1
            }
        }
        return result
    }
}

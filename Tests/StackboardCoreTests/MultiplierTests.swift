import Testing
@testable import StackboardCore

@Suite struct MultiplierTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let factor: Int
        let separator: String
        let expected: String
        var testDescription: String { "\(text) ×\(factor) (\(separator)) = \(expected)" }
        init(_ text: String, _ factor: Int, _ expected: String) {
            self.init(text, factor, ".", expected)
        }
        init(_ text: String, _ factor: Int, _ separator: String, _ expected: String) {
            self.text = text
            self.factor = factor
            self.separator = separator
            self.expected = expected
        }
    }

    static let products: [Case] = [
        Case("12", 10000, "120000"),
        Case("1.5", 1000, "1500"),
        Case("0.125", 10, "1.25"),
        Case("1,5", 1000, ",", "1500"),
        Case("0,125", 10, ",", "1,25"),
        Case("12.5", 3, "37.5"),
        Case("0.1", 3, "0.3"),
        Case("0", 1000, "0"),
        Case("0.0", 1000, "0"),
        Case("1.50", 10, "15"),
        Case("007", 10, "70"),
        Case(".5", 10, "5"),
        Case("5.", 10, "50"),
        Case("0.001", 10, "0.01"),
        Case("1.25", 1, "1.25"),
        Case("1.2345", 100, "123.45"),
        Case("7", 1_000_000, "7000000"),
        Case("3", 100_000, "300000"),
        Case("99999", 100_000, "9999900000"),
        Case("12345", 6789, "83810205"),
        Case("100000000000000", 1, "100000000000000"),  // 15 digits: the limit
        Case("99999999999999.9", 10, "999999999999999"),
        Case("1", 999_999_999_999_999, "999999999999999"),
        Case("0.00000000000000000001", 10, "0.0000000000000000001"),
    ]

    @Test(arguments: products)
    func multipliesExactly(_ c: Case) {
        let result = NumberMultiplier.multiply(c.text, by: c.factor, decimalSeparator: c.separator)
        #expect(result == .success(c.expected))
    }

    static let refusals: [(String, Int, String, RejectReason)] = [
        ("", 1000, ".", .emptyNumber),
        ("abc", 1000, ".", .notANumber),
        ("-5", 1000, ".", .notANumber),
        ("+5", 1000, ".", .notANumber),
        (" 1", 1000, ".", .notANumber),
        ("1.2.3", 10, ".", .notANumber),
        (".", 10, ".", .notANumber),
        ("1,5", 1000, ".", .notANumber),  // wrong separator for the locale
        ("1.5", 1000, ",", .notANumber),
        ("١٢", 10, ".", .notANumber),  // non-ASCII digits
        ("1e5", 10, ".", .notANumber),
        ("999999999999999", 10, ".", .overflow),  // 16 significant digits
        ("1", 1_000_000_000_000_000, ".", .overflow),
        ("3", Int.max, ".", .overflow),
        ("12", 0, ".", .invalidFactor),
        ("12", -1000, ".", .invalidFactor),
    ]

    @Test func refusesWithTheRightReason() {
        for (text, factor, separator, reason) in Self.refusals {
            let result = NumberMultiplier.multiply(text, by: factor, decimalSeparator: separator)
            #expect(result == .failure(reason), "\(text) ×\(factor)")
        }
    }

    @Test func aResultLongerThanMaxLengthIsAnOverflow() {
        #expect(NumberMultiplier.multiply("123", by: 1000, decimalSeparator: ".", maxLength: 6) == .success("123000"))
        #expect(NumberMultiplier.multiply("123", by: 10000, decimalSeparator: ".", maxLength: 6) == .failure(.overflow))
    }

    // MARK: In the session

    @Test func multiplyReplacesTheFieldAndPutsTheCursorAtTheEnd() {
        var field = EntrySession(initial: "12", rules: FieldRules(allow: .digits))
        _ = field.apply(.moveToStart)
        #expect(field.apply(.multiply(10000)) == [.multiply(10000)])
        #expect(field.text == "120000")
        #expect(field.buffer.cursor == 6)
    }

    @Test func multiplyUsesTheSessionsSeparator() {
        var field = EntrySession(initial: "1,5", rules: FieldRules(), decimalSeparator: ",")
        #expect(field.apply(.multiply(1000)) == [.multiply(1000)])
        #expect(field.text == "1500")
    }

    @Test func refusalsLeaveTheFieldAlone() {
        var empty = EntrySession(rules: FieldRules())
        #expect(empty.apply(.multiply(1000)) == [.reject(.emptyNumber)])
        var word = EntrySession(initial: "abc", rules: FieldRules())
        #expect(word.apply(.multiply(1000)) == [.reject(.notANumber)])
        #expect(word.text == "abc")
        var long = EntrySession(initial: "123", rules: FieldRules(maxLength: 6))
        #expect(long.apply(.multiply(10000)) == [.reject(.overflow)])
        #expect(long.text == "123")
    }

    @Test func theResultMustStillPassTheAllowRule() {
        var binary = EntrySession(initial: "11", rules: FieldRules(allow: .characters(["0", "1"])))
        #expect(binary.apply(.multiply(3)) == [.reject(.notAllowed(character: "3"))])
        #expect(binary.text == "11")
        #expect(binary.apply(.multiply(1000)) == [.multiply(1000)])
        #expect(binary.text == "11000")
    }
}

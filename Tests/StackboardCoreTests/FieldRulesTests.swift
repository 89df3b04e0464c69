import Testing
@testable import StackboardCore
import StackboardSystem

@Suite struct FieldRulesTests {
    func session(_ allow: String? = nil, max: Int? = nil, separator: String = ".", initial: String = "") throws -> EntrySession {
        let rules = try FieldRules(maxLength: max, allow: allow, secure: false, decimalSeparator: separator)
        return EntrySession(initial: initial, rules: rules, decimalSeparator: separator)
    }

    // MARK: Parsing --allow

    @Test func parsesKeywordsSetsAndPatterns() throws {
        #expect(try AllowRule.parse("digits", decimalSeparator: ".") == .digits)
        #expect(try AllowRule.parse("decimal", decimalSeparator: ",") == .decimal(separator: ","))
        #expect(try AllowRule.parse("ABC123", decimalSeparator: ".") == .characters(["A", "B", "C", "1", "2", "3"]))
        #expect(try AllowRule.parse("/[0-9A-F]/", decimalSeparator: ".") == .pattern(try CharacterPattern("[0-9A-F]")))
        // A lone slash is a one-character set, not a pattern.
        #expect(try AllowRule.parse("/", decimalSeparator: ".") == .characters(["/"]))
    }

    @Test func badRegexIsAnErrorThatSaysWhatToDo() {
        #expect(throws: FieldRuleError.self) { try AllowRule.parse("/[a-/", decimalSeparator: ".") }
        do {
            _ = try AllowRule.parse("/(abc/", decimalSeparator: ".")
            Issue.record("an unbalanced group must not parse")
        } catch {
            let message = error.description
            #expect(message.contains("/(abc/"))
            #expect(message.contains("not a valid regular expression"))
            #expect(message.contains("e.g. /[0-9A-F]/"))
        }
    }

    @Test func emptyValuesAreErrors() {
        #expect(throws: FieldRuleError.emptyAllow) { try AllowRule.parse("", decimalSeparator: ".") }
        #expect(throws: FieldRuleError.emptyRegex) { try AllowRule.parse("//", decimalSeparator: ".") }
        #expect(throws: FieldRuleError.badDecimalSeparator("")) { try AllowRule.parse("decimal", decimalSeparator: "") }
        #expect(throws: FieldRuleError.badMaxLength(0)) {
            try FieldRules(maxLength: 0, allow: nil, secure: false, decimalSeparator: ".")
        }
        #expect(FieldRuleError.emptyAllow.description.contains("digits, decimal"))
    }

    // MARK: Allowed characters

    @Test func digitsRefuseLettersAndNonASCIIDigits() throws {
        var field = try session("digits")
        #expect(field.apply(.insert("12")) == [.insert("12")])
        #expect(field.apply(.insert("a")) == [.reject(.notAllowed(character: "a"))])
        #expect(field.apply(.insert("３")) == [.reject(.notAllowed(character: "３"))])  // fullwidth 3
        #expect(field.apply(.insert("٣")) == [.reject(.notAllowed(character: "٣"))])  // Arabic-Indic 3
        #expect(field.text == "12")
    }

    @Test func aMixedInsertIsRefusedWhole() throws {
        var field = try session("digits")
        #expect(field.apply(.insert("12a3")) == [.reject(.notAllowed(character: "a"))])
        #expect(field.text == "")
    }

    @Test func aCombiningMarkOnADigitIsRefused() throws {
        var field = try session("digits", initial: "1")
        #expect(field.apply(.insert("\u{301}")) == [.reject(.notAllowed(character: "1\u{301}"))])
        #expect(field.text == "1")
    }

    @Test func decimalAllowsOneLocaleSeparator() throws {
        var field = try session("decimal", separator: ",")
        #expect(field.apply(.insert("1")) == [.insert("1")])
        #expect(field.apply(.insert(",")) == [.insert(",")])
        #expect(field.apply(.insert("5")) == [.insert("5")])
        #expect(field.apply(.insert(",")) == [.reject(.notAllowed(character: ","))])
        #expect(field.apply(.insert(".")) == [.reject(.notAllowed(character: "."))])
        #expect(field.text == "1,5")
        // Replacing the separator through a selection is fine.
        _ = field.apply(.moveLeft)
        _ = field.apply(.deleteBackward)
        #expect(field.apply(.insert(",")) == [.insert(",")])
        #expect(field.text == "1,5")
    }

    @Test func literalSetIsCaseSensitive() throws {
        var field = try session("ABC123")
        #expect(field.apply(.insert("C3A")) == [.insert("C3A")])
        #expect(field.apply(.insert("a")) == [.reject(.notAllowed(character: "a"))])
        #expect(field.apply(.insert("4")) == [.reject(.notAllowed(character: "4"))])
    }

    @Test func regexMustMatchEachCharacterWhole() throws {
        var hex = try session("/[0-9A-F]/")
        #expect(hex.apply(.insert("0A9F")) == [.insert("0A9F")])
        #expect(hex.apply(.insert("g")) == [.reject(.notAllowed(character: "g"))])
        // "[A-F]+" still applies per character, never to the field as a whole.
        var letters = try session("/[A-F]+/")
        #expect(letters.apply(.insert("AB")) == [.insert("AB")])
        #expect(letters.apply(.insert("AZ")) == [.reject(.notAllowed(character: "Z"))])
        // A pattern that needs two characters matches no single one.
        var pairs = try session("/ab/")
        #expect(pairs.apply(.insert("ab")) == [.reject(.notAllowed(character: "a"))])
    }

    @Test func regexSeesGraphemeClusters() throws {
        var field = try session("/./")
        #expect(field.apply(.insert("e\u{301}")) == [.insert("e\u{301}")])
        #expect(field.count == 1)
        var accented = try session("/[é]/")
        #expect(accented.apply(.insert("e\u{301}")) == [.insert("e\u{301}")])
    }

    // MARK: Max length

    @Test func anInsertPastMaxLengthIsRefusedWhole() throws {
        var field = try session(max: 6, initial: "1234")
        #expect(field.apply(.insert("567")) == [.reject(.tooLong(max: 6))])
        #expect(field.text == "1234")
        #expect(field.apply(.insert("56")) == [.insert("56")])
        #expect(field.apply(.insert("7")) == [.reject(.tooLong(max: 6))])
    }

    @Test func maxLengthCountsGraphemes() throws {
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        var field = try session(max: 2)
        #expect(field.apply(.insert(family + "\u{1F1E9}\u{1F1EA}")) == [.insert(family + "\u{1F1E9}\u{1F1EA}")])
        #expect(field.apply(.insert("x")) == [.reject(.tooLong(max: 2))])
        // A combining mark that merges adds no grapheme, so a full field still takes it.
        var accent = try session(max: 1, initial: "e")
        #expect(accent.apply(.insert("\u{301}")) == [.insert("\u{301}")])
    }

    @Test func replacingASelectionInAFullFieldIsAllowed() throws {
        var field = try session(max: 3, initial: "123")
        #expect(field.selectAll() == [.cursor])
        #expect(field.apply(.insert("9")) == [.insert("9")])
        #expect(field.text == "9")
    }

    @Test func allowIsCheckedBeforeLength() throws {
        var field = try session("digits", max: 2, initial: "12")
        #expect(field.apply(.insert("a")) == [.reject(.notAllowed(character: "a"))])
    }

    @Test func validateChecksAWholeText() throws {
        let rules = try FieldRules(maxLength: 3, allow: "digits", secure: false, decimalSeparator: ".")
        #expect(rules.validate("123") == nil)
        #expect(rules.validate("1234") == .tooLong(max: 3))
        #expect(rules.validate("1x") == .notAllowed(character: "x"))
        #expect(FieldRules().validate("anything at all") == nil)
        let decimal = FieldRules(allow: .decimal(separator: "."))
        #expect(decimal.validate("1.2.3") == .notAllowed(character: "."))
    }

    @Test func reasonDescriptionsNeverNameTheCharacter() {
        let reason = RejectReason.notAllowed(character: "Q")
        for text in [String(describing: reason), String(reflecting: reason), entryFieldDump(reason)] {
            #expect(!text.contains("Q"))
        }
        #expect(RejectReason.tooLong(max: 6).description.contains("6"))
    }

    // MARK: The layout's preset under the command line's

    @Test func theCommandLineOverridesThePresetsLimitsAndCannotTurnSecureOff() throws {
        let pin = EntryPreset(secure: true, maxLength: 6, allow: "digits", reportBackspaceOnEmpty: true)
        #expect(pin.overridden(by: EntryPreset()) == pin)
        #expect(pin.overridden(by: EntryPreset(maxLength: 4)) == EntryPreset(secure: true, maxLength: 4, allow: "digits", reportBackspaceOnEmpty: true))
        #expect(EntryPreset(maxLength: 6).overridden(by: EntryPreset(secure: true, allow: "AB"))
                == EntryPreset(secure: true, maxLength: 6, allow: "AB"))

        let layer = Layer(name: "digits", root: Stack(axis: .horizontal, items: [.key(Key(label: "1", action: .text("1")))]))
        let layout = Layout(name: "pad", description: "test", layers: [layer], entry: pin)
        let preparation = LayoutPreparation(decimalSeparator: ",", catalog: LayoutCatalog(searchPath: [], files: SystemFiles()))
        let (rules, reports) = try preparation.fieldRules(for: layout, overrides: EntryPreset(allow: "decimal"))
        #expect(rules == FieldRules(maxLength: 6, allow: .decimal(separator: ","), secure: true) && reports)
        let plain = try preparation.fieldRules(for: Layout(name: "plain", description: "test", layers: [layer]))
        #expect(plain.rules == FieldRules() && !plain.reportBackspaceOnEmpty)
    }
}

private extension EntrySession {
    var count: Int { buffer.count }
}

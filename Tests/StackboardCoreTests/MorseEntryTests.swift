import Testing
@testable import StackboardCore

@Suite struct MorseEntryTests {
    /// Taps a code written with `.`, `-` and spaces (a space is a letter gap); returns every event.
    func tap(_ code: String, into session: inout EntrySession) -> [EntryEvent] {
        var events: [EntryEvent] = []
        for symbol in code {
            switch symbol {
            case ".": events += session.apply(.morseDot)
            case "-": events += session.apply(.morseDash)
            default: events += session.apply(.morseGap)
            }
        }
        return events
    }

    @Test func sosDecodes() {
        var field = EntrySession(rules: FieldRules())
        let events = tap("... --- ... ", into: &field)
        #expect(field.text == "sos")
        #expect(field.pendingMorse == "")
        #expect(events.filter { $0 != .morse } == [.insert("s"), .insert("o"), .insert("s")])
        #expect(events.count(where: { $0 == .morse }) == 9)
    }

    @Test func pendingCodeIsShownAtTheCursor() {
        var field = EntrySession(initial: "ab", rules: FieldRules())
        #expect(field.apply(.morseDot) == [.morse])
        #expect(field.apply(.morseDash) == [.morse])
        #expect(field.pendingMorse == ".-")
        #expect(field.displayText == "ab·−")
        #expect(field.displayCursor == 4)
        #expect(field.text == "ab")
        var middle = EntrySession(initial: "ab", rules: FieldRules())
        _ = middle.apply(.moveLeft)
        _ = middle.apply(.morseDash)
        #expect(middle.displayText == "a−b")
        #expect(middle.displayCursor == 2)
        _ = middle.apply(.morseGap)
        #expect(middle.text == "atb")
    }

    @Test func securePendingCodeIsMaskedToo() {
        var field = EntrySession(initial: "ab", rules: FieldRules(secure: true))
        _ = tap("-.", into: &field)
        #expect(field.displayText == "••◦◦")
    }

    @Test func backspaceRemovesTheLastSymbolFirst() {
        var field = EntrySession(initial: "x", rules: FieldRules())
        _ = tap("..-", into: &field)
        #expect(field.apply(.deleteBackward) == [.morse])
        #expect(field.pendingMorse == "..")
        #expect(field.text == "x")
        _ = field.apply(.deleteBackward)
        _ = field.apply(.deleteBackward)
        #expect(field.pendingMorse == "")
        #expect(field.apply(.deleteBackward) == [.delete])
        #expect(field.text == "")
    }

    @Test func unknownCodeIsRejectedAtTheGapAndCleared() {
        var field = EntrySession(rules: FieldRules())
        _ = tap("..--", into: &field)  // a prefix of "?" and "_", but no letter itself
        #expect(field.apply(.morseGap) == [.reject(.unknownMorse)])
        #expect(field.pendingMorse == "")
        #expect(field.text == "")
    }

    @Test func aCodeNoLetterStartsWithIsRejectedAtOnce() {
        var field = EntrySession(rules: FieldRules())
        let events = tap("......", into: &field)
        #expect(events == [.morse, .morse, .morse, .morse, .morse, .reject(.unknownMorse)])
        #expect(field.pendingMorse == "")
        #expect(field.displayText == "")
    }

    @Test func aGapWithNothingPendingDoesNothing() {
        var field = EntrySession(initial: "a", rules: FieldRules())
        #expect(field.apply(.morseGap) == [])
        #expect(field.text == "a")
    }

    @Test func decodedLettersObeyTheRules() {
        var digits = EntrySession(rules: FieldRules(allow: .digits))
        #expect(tap("... ", into: &digits).last == .reject(.notAllowed(character: "s")))
        #expect(tap(".---- ", into: &digits).last == .insert("1"))
        #expect(digits.text == "1")
        var short = EntrySession(initial: "ab", rules: FieldRules(maxLength: 2))
        #expect(tap(". ", into: &short).last == .reject(.tooLong(max: 2)))
        #expect(short.pendingMorse == "")
    }

    @Test func otherCommandsFinishThePendingCodeFirst() {
        var field = EntrySession(rules: FieldRules())
        _ = tap(".-", into: &field)
        #expect(field.apply(.insert(" ")) == [.insert("a"), .insert(" ")])
        _ = tap("-...", into: &field)
        #expect(field.apply(.moveLeft) == [.insert("b"), .cursor])
        #expect(field.text == "a b")
        _ = tap("..--", into: &field)
        #expect(field.apply(.moveToEnd) == [.reject(.unknownMorse), .cursor])
    }

    @Test func doneFinishesThePendingCodeAndCancelDropsIt() {
        var field = EntrySession(rules: FieldRules())
        _ = tap("...", into: &field)
        #expect(field.done() == [.insert("s"), .done])
        #expect(field.text == "s")
        var other = EntrySession(rules: FieldRules())
        _ = tap("...", into: &other)
        #expect(other.cancel() == .cancel)
        #expect(other.pendingMorse == "")
        #expect(other.text == "")
    }

    @Test func clearDropsThePendingCode() {
        var field = EntrySession(rules: FieldRules())
        _ = tap("-", into: &field)
        #expect(field.apply(.clear) == [.clear])
        #expect(field.pendingMorse == "")
        #expect(field.apply(.clear) == [])
    }
}

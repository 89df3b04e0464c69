import Testing
import StackboardCore
@testable import StackboardWords

/// The session's tap correction: shown before, made at the word's end, undone by backspace, and
/// never where it could delete what the keyboard did not type.
@Suite struct TapCorrectionSessionTests {
    /// A session that corrects on the fixtures' keys.
    func session() -> SuggestionSession {
        var session = TinyWords.session(slots: 3, atSentenceStart: true)
        session.tapDecoder = TapFixtures.decoder
        session.corrects = true
        return session
    }

    /// Types `word` tap by tap (the second letter off its key toward the left, as in "hrllo").
    func tapType(_ word: String, into session: inout SuggestionSession, buffer: inout String, skewSecond: Bool = true) {
        for (i, c) in word.enumerated() {
            session.nextTap = TapFixtures.point(Character(c.lowercased()), dx: i == 1 && skewSecond ? -0.3 : 0)
            buffer.apply(session.typed(String(c)))
        }
    }

    @Test func theBarShowsTheComingCorrectionFirstAndTheLiteralWordSecond() {
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        #expect(s.coming == ComingCorrection(literal: "hrllo", word: "hello"))
        #expect(Array(s.suggestions().prefix(2)) == ["hello", "hrllo"])
    }

    @Test func theSpaceReplacesTheWordWithItsCorrection() {
        var s = session()
        var buffer = "x "
        tapType("hrllo", into: &s, buffer: &buffer)
        let edit = s.typed(" ")
        #expect(edit == TextEdit(deleteCount: 5, text: "hello "))
        buffer.apply(edit)
        #expect(buffer == "x hello ")
        #expect(s.edit(forTyping: "w") == .insert("w"))
    }

    @Test func eachPartOfAHyphenatedWordIsCorrectedOnItsOwn() {
        // The model has "hello" and "world" but not "hello-world": each part decoded after the one before.
        var s = session()
        var buffer = "x "
        for (i, c) in "hrllo-wprld".enumerated() {
            s.nextTap = c == "-" ? nil : TapFixtures.point(c, dx: i == 1 ? -0.3 : i == 7 ? -0.35 : 0)
            buffer.apply(s.typed(String(c)))
        }
        #expect(s.typed(" ") == TextEdit(deleteCount: 11, text: "hello-world "))
    }

    @Test func punctuationEndsTheWordToo() {
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        #expect(s.typed(",") == TextEdit(deleteCount: 5, text: "hello,"))
    }

    @Test func backspaceRightAfterACorrectionBringsTheLiteralWordBackForGood() {
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        buffer.apply(s.typed(" "))
        buffer.apply(s.backspace())
        #expect(buffer == "hrllo")
        // Not corrected again: the space now types just a space, and the word was learned.
        #expect(s.typed(" ") == .insert(" "))
        #expect(s.learned.words["hrllo"] != nil)
        #expect(s.learned.words["hello"] == nil)
    }

    @Test func tappingTheLiteralWordKeepsIt() {
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        guard let literal = s.suggestions().firstIndex(of: "hrllo"), let edit = s.accept(literal) else {
            Issue.record("the literal word is not on the bar")
            return
        }
        buffer.apply(edit)
        #expect(buffer == "hrllo ")
    }

    @Test func nothingIsCorrectedWhereTheFieldSaysNo() {
        var s = session()
        s.corrects = false
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        #expect(s.coming == nil)
        #expect(s.typed(" ") == .insert(" "))
    }

    @Test func aReadThatDisagreesStartsAgainAndAWordGluedToAnotherIsLeftAlone() {
        // The application changed the text: the read does not end with what the session typed.
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        let adopted = s.adoptField("something else", limit: 1000)
        #expect(adopted)
        #expect(s.edit(forTyping: " ") == .insert(" "))
        var t = session()
        var other = ""
        tapType("hrllo", into: &t, buffer: &other)
        t.fieldText = "a longerhrllo"
        #expect(t.edit(forTyping: " ") == .insert(" "), "the field shows the word glued to another")
        t.fieldText = "a hrllo"
        #expect(t.edit(forTyping: " ") == TextEdit(deleteCount: 5, text: "hello "))
        t.fieldText = "a "
        #expect(t.edit(forTyping: " ") == TextEdit(deleteCount: 5, text: "hello "),
                "read before the word began (reads wait for a pause): the word since is the session's own")
    }

    @Test func underAnInputMethodOnlyAWordTheFieldShowsIsCorrected() {
        var s = session()
        s.deletesOnlyWhatFieldShows = true
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        s.fieldText = "a "
        #expect(s.edit(forTyping: " ") == .insert(" "), "read before the word: an input method may have made it something else")
        s.fieldText = "a hrllo"
        #expect(s.edit(forTyping: " ") == TextEdit(deleteCount: 5, text: "hello "))
    }

    @Test func aBrokenRecordIsNeverCorrected() {
        // A click elsewhere in the middle of the word: where the word began is not known.
        var s = session()
        var buffer = ""
        tapType("hr", into: &s, buffer: &buffer)
        s.reset(.clickOutside)
        tapType("llo", into: &s, buffer: &buffer, skewSecond: false)
        #expect(s.typed(" ") == .insert(" "))
        // The first word after a reset: its start is not known either.
        var t = session()
        t.reset(.windowChanged)
        tapType("hrllo", into: &t, buffer: &buffer)
        #expect(t.typed(" ") == .insert(" "))
    }

    @Test func aSecretIsNeverCorrected() {
        var s = session()
        s.setPrivacy(.secure)
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        #expect(s.typed(" ") == .insert(" "))
    }

    @Test func aWordWithADigitIsNeverCorrected() {
        var s = session()
        var buffer = ""
        buffer.apply(s.typed("2"))
        tapType("hrllo", into: &s, buffer: &buffer)
        #expect(s.coming == nil)
    }

    @Test func aBackspaceInsideTheWordDecodesWhatIsLeft() {
        var s = session()
        var buffer = ""
        tapType("hrlloo", into: &s, buffer: &buffer)
        buffer.apply(s.backspace())
        _ = s.suggestions()
        #expect(s.coming == ComingCorrection(literal: "hrllo", word: "hello"))
        #expect(s.typed(" ") == TextEdit(deleteCount: 5, text: "hello "))
    }

    @Test func returnEndsTheWordWithItsCorrectionToo() {
        var s = session()
        var buffer = ""
        tapType("hrllo", into: &s, buffer: &buffer)
        if let edit = s.endingWord(by: .return) { buffer.apply(edit) }
        s.key(.return)
        #expect(buffer == "hello")
        #expect(s.learned.words["hello"] != nil)
        var t = session()
        tapType("hrllo", into: &t, buffer: &buffer)
        #expect(t.endingWord(by: .cursor) == nil)
    }
}

import Testing
import StackboardCore
@testable import StackboardWords

/// The session's side of the focused field: its text before the caret as the context, and the
/// sentence start.
@Suite struct WordsFieldTests {
    @Test func theFieldsTextDrivesPrediction() {
        var session = TinyWords.session()
        #expect(session.suggestions().first != "helmet")
        let took = session.adoptField("we are in the ", limit: 160)
        #expect(took)
        #expect(session.suggestions().first == "helmet", "predicted from 'in the' read in the field")
    }

    @Test func whereTheFieldAgreesTheKeyboardsOwnRecordStays() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("hel", into: &text)
        _ = try session.tap(0) // "hello "
        let took = session.adoptField("say hello ", limit: 160)
        #expect(!took, "the field ends with what the keyboard typed")
        // The accepted word is still the keyboard's: a full stop replaces its space.
        #expect(session.edit(forTyping: ".") == TextEdit(deleteCount: 1, text: ". "))
    }

    @Test func whereTheFieldDisagreesItsTextIsTaken() {
        var session = TinyWords.session()
        var text = ""
        session.type("hello wor", into: &text)
        let took = session.adoptField("in the ", limit: 160)
        #expect(took, "the caret moved (a click) or the application changed the text")
        #expect(session.knownText == "in the ")
        #expect(session.suggestions().first == "helmet")
    }

    @Test func nothingKnownTakesEvenAnEmptyField() {
        var session = TinyWords.session()
        #expect(!session.atSentenceStart, "nothing known is no sentence start")
        let took = session.adoptField("", limit: 160)
        #expect(took)
        #expect(session.atSentenceStart, "an empty field's start is a sentence start")
    }

    @Test func aSentenceStartNeedsAMarkAndASpace() {
        var session = TinyWords.session()
        session.adoptField("Hello world.", limit: 160)
        #expect(!session.atSentenceStart, "no space after the mark yet")
        session.adoptField("Hello world. ", limit: 160)
        #expect(session.atSentenceStart)
        session.adoptField("Really? ", limit: 160)
        #expect(session.atSentenceStart)
        session.adoptField("Hello world, ", limit: 160)
        #expect(!session.atSentenceStart)
        session.adoptField("Hello world. T", limit: 160)
        #expect(!session.atSentenceStart, "a word begun")
    }

    @Test func aReadCutAtItsLimitDoesNotStartAtTheFieldsStart() {
        var cut = TinyWords.session()
        cut.adoptField("word ", limit: 5) // as many as a read gives: the field has more before
        #expect(!cut.atSentenceStart)
        var whole = TinyWords.session()
        whole.adoptField("", limit: 5)
        #expect(whole.atSentenceStart)
    }

    @Test func aSecretIsNeverTaken() {
        var session = TinyWords.session(privacy: .secure)
        let took = session.adoptField("in the ", limit: 160)
        #expect(!took)
        #expect(session.knownText.isEmpty && !session.atSentenceStart)
    }
}

/// The field's automatic edits: double space → ". ", English "i" → "I".
@Suite struct WordsFieldEditsTests {
    static func session(_ rules: AutomaticEdits = AutomaticEdits(capitalizes: true, doubleSpacePeriod: true)) -> SuggestionSession {
        var s = TinyWords.session(atSentenceStart: true)
        s.automaticEdits = rules
        return s
    }

    @Test func aSecondSpaceAfterAWordMakesAFullStop() {
        var session = Self.session()
        var text = ""
        session.type("hello  ", into: &text)
        #expect(text == "hello. ")
        #expect(session.atSentenceStart, "the next word starts a sentence")
        session.type(" ", into: &text)
        #expect(text == "hello.  ", "a third space is a space")
    }

    @Test func onlyOverTheKeyboardsOwnSpace() {
        var session = Self.session()
        session.adoptField("hello ", limit: 160) // the space was read in the field, not typed
        var text = "hello "
        session.type(" ", into: &text)
        #expect(text == "hello  ")
        var off = Self.session(AutomaticEdits(capitalizes: true, doubleSpacePeriod: false))
        var typed = ""
        off.type("hello  ", into: &typed)
        #expect(typed == "hello  ", "the setting is off")
    }

    @Test func englishLoneIBecomesI() {
        var session = Self.session()
        var text = ""
        session.type("so i think i'm in", into: &text)
        #expect(text == "so I think I'm in")
        var start = Self.session()
        var typed = ""
        start.type("i ", into: &typed)
        #expect(typed == "I ", "at the field's start")
        var words = Self.session()
        var other = ""
        words.type("hi it is ", into: &other)
        #expect(other == "hi it is ", "i inside a word stays")
    }

    @Test func notWhereCapitalsAreOffNorAfterAClick() {
        var off = Self.session(AutomaticEdits(capitalizes: false, doubleSpacePeriod: true))
        var text = ""
        off.type("so i ", into: &text)
        #expect(text == "so i ")
        var clicked = Self.session()
        clicked.reset(.clickOutside) // what is before the caret is not known: "hi" could be there
        var typed = ""
        clicked.type("i ", into: &typed)
        #expect(typed == "i ")
    }

    @Test func underAnInputMethodOnlyWhatTheFieldShowsIsDeleted() {
        // IBus made the pinyin "ni" and its space into 你: the keyboard's record says "ni ".
        var session = Self.session()
        session.deletesOnlyWhatFieldShows = true
        var text = ""
        session.type("ni  ", into: &text)
        #expect(text == "ni  ", "no read shows the space: a second space is only a space")
        var read = Self.session()
        read.deletesOnlyWhatFieldShows = true
        var typed = ""
        read.type("hello ", into: &typed)
        read.fieldText = "hello " // read in the pause after the space
        read.type(" ", into: &typed)
        #expect(typed == "hello. ", "the field shows the word and the space")
        var stale = Self.session()
        stale.deletesOnlyWhatFieldShows = true
        var other = ""
        stale.fieldText = "你" // the field as read: not what the record ends with
        stale.type("so i ", into: &other)
        #expect(other == "so i ", "the lone i is not shown in the field")
    }

    @Test func aSessionOfItsOwnTypesExactlyWhatItIsGiven() {
        var session = TinyWords.session(atSentenceStart: true)
        var text = ""
        session.type("so i  ", into: &text)
        #expect(text == "so i  ")
    }
}

import Testing
import StackboardCore
@testable import StackboardWords

@Suite struct WordsSessionTests {
    @Test func typingALetterCompletesTheWordAndATapTypesTheRestAndASpace() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("hel", into: &text)
        #expect(session.suggestions() == ["hello", "help", "helmet"])
        let edit = try session.tap(0)
        #expect(edit == TextEdit(text: "lo "))
        text.apply(edit)
        #expect(text == "hello ")
        #expect(session.suggestions().first == "world")
    }

    @Test func theSessionGivesThePredictorTheTwoWordsBefore() {
        var session = TinyWords.session()
        var text = ""
        session.type("in the ", into: &text)
        #expect(session.suggestions().first == "helmet")
        var start = TinyWords.session(atSentenceStart: true)
        start.type("The ", into: &text)
        #expect(start.suggestions().first == "world")
    }

    @Test func aCapitalFirstLetterOrASentenceStartCapitalises() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("Hel", into: &text)
        #expect(session.suggestions() == ["Hello", "Help", "Helmet"])
        session.type("lo. ", into: &text)
        #expect(session.suggestions().prefix(2) == ["The", "Hello"])
        session.type("HEL", into: &text)
        #expect(session.suggestions().first == "HELLO")
    }

    @Test func atTheStartOfTheTextAfterReturnSuggestionsAreCapitalised() {
        var session = TinyWords.session(atSentenceStart: true)
        #expect(session.suggestions().first == "The")
        var text = ""
        session.type("the cat\n", into: &text)
        #expect(session.suggestions().first == "The")
    }

    @Test func backspaceAfterAReplacingTapTypesTheOriginalBack() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("in cafe", into: &text)
        text.apply(try session.tap(0))
        #expect(text == "in café ")
        let edit = session.backspace()
        #expect(edit == TextEdit(deleteCount: 5, text: "cafe"))
        text.apply(edit)
        #expect(text == "in cafe")
    }

    @Test func aCandidateThatDiffersInAccentsOrCaseReplacesWhatWasTyped() throws {
        var session = TinyWords.session()
        var text = "x "
        session.type("cafe", into: &text)
        #expect(session.suggestions() == ["café"])
        let edit = try session.tap(0)
        #expect(edit == TextEdit(deleteCount: 4, text: "café "))
        text.apply(edit)
        #expect(text == "x café ")
        var paris = TinyWords.session()
        var text2 = ""
        paris.type("in par", into: &text2)
        text2.apply(try paris.tap(0))
        #expect(text2 == "in Paris ")
    }

    @Test func punctuationRightAfterAnAcceptedWordTakesTheSpacesPlace() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("hel", into: &text)
        text.apply(try session.tap(0))
        let edit = session.typed(".")
        #expect(edit == TextEdit(deleteCount: 1, text: ". "))
        text.apply(edit)
        #expect(text == "hello. ")
        // Only right after: a second mark is typed as it is.
        #expect(session.typed("!") == .insert("!"))
    }

    @Test func theEditOfAKeyIsKnownBeforeTheSessionIsToldOfIt() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("hel", into: &text)
        text.apply(try session.tap(0))
        let shown = session.suggestions()
        // Asking first changes nothing: the same edit from `typed`, the same suggestions before it.
        #expect(session.edit(forTyping: ".") == TextEdit(deleteCount: 1, text: ". "))
        #expect(session.edit(forTyping: "x") == .insert("x"))
        #expect(session.suggestions() == shown)
        for key in [".", "!", " ", "w", "o", ",", " "] {
            let first = session.edit(forTyping: key)
            #expect(session.typed(key) == first, "\(key)")
        }
        session.setPrivacy(.secure)
        #expect(session.edit(forTyping: "a") == session.typed("a"))
    }

    @Test func backspaceRightAfterAnAcceptedWordRestoresWhatWasTyped() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("the caf", into: &text)
        text.apply(try session.tap(0))
        #expect(text == "the café ")
        let edit = session.backspace()
        #expect(edit == TextEdit(deleteCount: 2, text: ""))   // "é " goes, "caf" stays
        text.apply(edit)
        #expect(text == "the caf")
        #expect(session.learned.words["café"] == nil)
        #expect(session.suggestions() == ["café"])
        // A plain backspace after that.
        #expect(session.backspace() == .delete(1))
    }

    @Test func aPrediction​TapBackspacedAwayRemovesTheWord() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("hello ", into: &text)
        text.apply(try session.tap(0))
        #expect(text == "hello world ")
        text.apply(session.backspace())
        #expect(text == "hello ")
    }

    @Test func wordsAreLearnedWhenTheyEndAndPairsWithThem() {
        var session = TinyWords.session()
        var text = ""
        session.type("zorg blip, zorg ", into: &text)
        #expect(session.learned.words["zorg"]?.count == 2)
        #expect(session.learned.words["blip"]?.count == 1)
        #expect(session.learned.pairs["zorg"]?["blip"]?.count == 1)
        #expect(session.learned.pairs["blip"] == nil)   // a comma is a pause
        session.type("bl", into: &text)
        #expect(session.suggestions().first == "blip")
    }

    @Test func aSentenceStartsCapitalWordIsLearnedInLowerCaseWhenKnown() {
        var session = TinyWords.session(atSentenceStart: true)
        var text = ""
        session.type("Hello Zorg. Zorg ", into: &text)
        #expect(session.learned.words["hello"]?.count == 1)
        #expect(session.learned.words["Hello"] == nil)
        #expect(session.learned.words["Zorg"]?.count == 2)
    }

    @Test func resetsAndCaretKeysForgetTheContextWithoutLearningThePartialWord() {
        var session = TinyWords.session()
        var text = ""
        session.type("hello wor", into: &text)
        session.reset(.windowChanged)
        #expect(session.learned.words["wor"] == nil)
        #expect(session.suggestions() == ["the", "of", "and"])
        session.type("hello ", into: &text)
        #expect(session.suggestions().first == "world")
        session.key(.cursor)
        #expect(session.suggestions() == ["the", "of", "and"])
        session.type("zorg", into: &text)
        session.key(.tab)
        #expect(session.learned.words["zorg"]?.count == 1)
        session.type("blip", into: &text)
        session.key(.cursor)
        #expect(session.learned.words["blip"] == nil)
    }

    @Test func backspaceEditsTheWordBeingTyped() {
        var session = TinyWords.session()
        var text = ""
        session.type("the hex", into: &text)
        #expect(session.suggestions().isEmpty)
        text.apply(session.backspace())
        #expect(session.suggestions() == ["helmet", "hello", "help"])
        text.apply(session.backspace())
        text.apply(session.backspace())
        text.apply(session.backspace())
        #expect(text == "the")
        #expect(session.suggestions().isEmpty)   // the word itself is never offered
        text.apply(session.backspace())
        #expect(session.suggestions() == ["the"])
    }

    @Test func aFrenchElisionIsAWordOfItsOwnWithNoSpace() throws {
        var session = TinyWords.session()
        var text = ""
        session.type("l", into: &text)
        let slot = try #require(session.suggestions().firstIndex(of: "l'") as Int?)
        text.apply(try session.tap(slot))
        #expect(text == "l'")
        #expect(session.suggestions().first == "homme")
        session.type("ho", into: &text)
        text.apply(try session.tap(0))
        #expect(text == "l'homme ")
        #expect(session.learned.pairs["l'"]?["homme"]?.count == 1)
        var typed = TinyWords.session()
        var t = ""
        typed.type("don'", into: &t)
        #expect(typed.suggestions() == ["don't"])
    }

    @Test func secureSessionsSuggestNothingLearnNothingAndKeepNothing() {
        var session = TinyWords.session(privacy: .secure)
        var text = ""
        session.type("hunter2 hel", into: &text)
        #expect(text == "hunter2 hel")
        #expect(session.suggestions().isEmpty)
        #expect(session.accept(0) == nil)
        #expect(session.learned.words.isEmpty)
        #expect(session.tail.isEmpty)
        #expect(session.backspace() == .delete(1))
    }

    @Test func becomingSecureDropsTheContextAndNoLearnStillSuggests() {
        var session = TinyWords.session()
        var text = ""
        session.type("hello wo", into: &text)
        session.setPrivacy(.secure)
        #expect(session.tail.isEmpty)
        session.setPrivacy(.noLearn)
        session.type("zorg hel", into: &text)
        #expect(session.suggestions().first == "hello")
        #expect(session.learned.words["zorg"] == nil)
        #expect(session.learned.words["hello"]?.count == 1)   // learned before, while normal
    }

    @Test func zeroSlotsShowNothingAndDigitsAreNotCompleted() {
        var off = TinyWords.session(slots: 0)
        var text = ""
        off.type("hel", into: &text)
        #expect(off.suggestions().isEmpty)
        var session = TinyWords.session()
        session.type("h3", into: &text)
        #expect(session.suggestions().isEmpty)
    }
}

@Suite struct WordsSessionQuoteTests {
    @Test func aWordAfterAnOpeningQuoteStartsTheSentenceTheQuoteStarts() {
        var session = TinyWords.session(atSentenceStart: true)
        var text = ""
        session.type("\"", into: &text)
        #expect(session.suggestions().prefix(2) == ["The", "Hello"])
        session.type("hello.\" (", into: &text)
        #expect(session.suggestions().first == "The")
        session.type("the (", into: &text)
        #expect(session.suggestions().first == "the")
    }
}

/// Learning only what the field shows: held words wait for the keyboard to see them.
@Suite struct WordsHeldLearningTests {
    @Test func heldWordsAreLearnedOnlyWhenTheFieldShowsThem() {
        var session = TinyWords.session()
        session.holdsLearning = true
        var text = ""
        session.type("zorblat qwixx ", into: &text)
        #expect(session.heldWords.map(\.word) == ["zorblat", "qwixx"])
        #expect(session.learned.words["zorblat"] == nil, "learned before it was seen")
        // An input method made something else of the second word's letters.
        session.confirmLearning { WordText.field("zorblat 你好 ", shows: $0) }
        #expect(session.learned.words["zorblat"] != nil)
        #expect(session.learned.words["qwixx"] == nil)
        #expect(session.heldWords.isEmpty)
    }

    /// Pinyin an input method composed: the letters are not in the field, so neither the word nor
    /// its pair with the next word is learned.
    @Test func aWordTheFieldDoesNotShowIsNotTheContextOfTheNextOne() {
        var session = TinyWords.session()
        session.holdsLearning = true
        var text = ""
        session.type("nihao zorblat ", into: &text)
        session.confirmLearning { WordText.field("你好 zorblat ", shows: $0) }
        #expect(session.learned.words["nihao"] == nil)
        #expect(session.learned.words["zorblat"] != nil)
        #expect(session.learned.pairs["nihao"] == nil, "\(session.learned.pairs)")
    }

    @Test func aFieldThatCannotBeSeenLearnsNothing() {
        var session = TinyWords.session()
        session.holdsLearning = true
        var text = ""
        session.type("zorblat ", into: &text)
        session.dropHeldWords()
        session.confirmLearning { _ in true }
        #expect(session.learned.words["zorblat"] == nil)
    }

    @Test func backspaceAfterAnAcceptedSuggestionTakesBackTheHeldWord() throws {
        var session = TinyWords.session()
        session.holdsLearning = true
        var text = ""
        session.type("hel", into: &text)
        text.apply(try session.tap(0))
        #expect(session.heldWords.map(\.word) == ["hello"])
        text.apply(session.backspace())
        #expect(session.heldWords.isEmpty)
        let before = session.learned.words["hello"]?.count
        session.confirmLearning { _ in true }
        #expect(session.learned.words["hello"]?.count == before)
    }

    @Test func aPasswordFieldDropsWhatWasHeld() {
        var session = TinyWords.session()
        session.holdsLearning = true
        var text = ""
        session.type("zorblat ", into: &text)
        session.setPrivacy(.secure)
        session.setPrivacy(.normal)
        session.confirmLearning { _ in true }
        #expect(session.learned.words["zorblat"] == nil)
    }

    @Test(arguments: [
        ("hello world ", "world", true), ("Hello ", "hello", true), ("helloworld", "hello", false),
        ("say don’t ", "don't", true), ("nihao", "hao", false), ("你好 ", "nihao", false), ("", "a", false),
        ("x-ray ", "ray", true), ("über ", "Über", true),
    ])
    func aFieldShowsAWholeWordInAnyCase(text: String, word: String, shown: Bool) {
        #expect(WordText.field(text, shows: word) == shown)
    }
}

import Testing
import StackboardCore
@testable import StackboardWords

@Suite struct WordsEvaluationTests {
    @Test func aWordShownBeforeItsFirstLetterCostsOneTap() {
        var session = TinyWords.session(atSentenceStart: true)
        // "Hello" is the second prediction at the start; "world" the first after it; "." replaces the space.
        let result = KeystrokeEvaluation.run("Hello world.", session: &session)
        #expect(result.withoutSuggestions == 12)
        #expect(result.withSuggestions == 3)        // tap Hello, tap world, "."
        #expect(result.accepted == 2 && result.predicted == 2)
        #expect(result.words == 2)
        #expect(result.reproduced)
        #expect(abs(result.savings - 0.75) < 1e-9)
    }

    @Test func unknownWordsAreTypedAndLearnedForTheirNextTime() {
        var session = TinyWords.session()
        let result = KeystrokeEvaluation.run("zorgle zorgle", session: &session)
        // First: 6 letters and a space. Second: "z" shows the learned word, one tap.
        #expect(result.withSuggestions == 7 + 2)
        #expect(result.reproduced)
        var noLearn = TinyWords.session(privacy: .noLearn)
        #expect(KeystrokeEvaluation.run("zorgle zorgle", session: &noLearn).withSuggestions == 13)
    }

    @Test func aWordBeforeAHyphenIsTypedOutAndTheTextIsRebuiltExactly() {
        var session = TinyWords.session()
        let text = "the cat-like world, in Paris (the cat).\nl'homme don't help!"
        let result = KeystrokeEvaluation.run(text, session: &session)
        #expect(result.reproduced)
        #expect(result.withSuggestions < result.withoutSuggestions)
    }

    @Test func theClockTimesEveryUpdate() {
        var session = TinyWords.session()
        var t = 0.0
        let result = KeystrokeEvaluation.run("hello world", session: &session, clock: { t += 0.001; return t })
        #expect(!result.suggestionSeconds.isEmpty)
        #expect(result.suggestionSeconds.allSatisfy { abs($0 - 0.001) < 1e-9 })
    }
}

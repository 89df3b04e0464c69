import Testing
import StackboardCore
@testable import StackboardWords

/// Taps on the swipe fixtures' QWERTY (keys 100 px wide), decoded against the tiny model.
enum TapFixtures {
    static let keyboard = SwipeKeyboard(geometry: SwipeFixtures.geometry)
    static let decoder = TapDecoder(geometry: SwipeFixtures.geometry, fold: TinyWords.model().fold)

    /// The centre of `letter`'s key (on `keyboard`), moved by `dx`, `dy` key widths.
    static func point(_ letter: Character, dx: Double = 0, dy: Double = 0, on keyboard: SwipeKeyboard = keyboard) -> TapPoint {
        let key = keyboard.letters.first { $0.character == letter }
        return TapPoint(x: (key?.x ?? 0) + dx * keyboard.unit, y: (key?.y ?? 0) + dy * keyboard.unit)
    }

    /// Taps at the centres of the keys of `word` (on `keyboard`).
    static func taps(_ word: String, on keyboard: SwipeKeyboard = keyboard) -> [TypedTap] {
        word.map { TypedTap(character: $0, point: point(Character($0.lowercased()), on: keyboard)) }
    }
}

@Suite struct TapDecoderTests {
    let model = TinyWords.model()

    @Test func tapsOnTheKeysOfAWordDecodeToItAtNoSpatialCost() {
        let found = TapFixtures.decoder.decode(TapFixtures.taps("hello"), model: model, context: .unknown, limit: 3)
        #expect(found.candidates.first?.word == "hello")
        #expect(found.candidates.first?.spatial == 0)
        #expect(found.literalInModel == "hello")
    }

    @Test func aTapOnTheNeighbourOfALetterIsCorrected() {
        // "hrllo": the r tapped near its left edge, toward e.
        var taps = TapFixtures.taps("hrllo")
        taps[1].point = TapFixtures.point("r", dx: -0.3)
        let found = TapFixtures.decoder.decode(taps, model: model, context: .unknown, limit: 3)
        #expect(found.candidates.first?.word == "hello")
        #expect(found.literalInModel == nil)
        #expect(TapCorrection().correction(of: "hrllo", decoding: found, learned: UserWordModel()) == "hello")
    }

    @Test func swappedLettersAnOmittedLetterAndAnExtraTapAreCorrected() {
        for typed in ["hlelo", "hllo", "heello"] {
            let found = TapFixtures.decoder.decode(TapFixtures.taps(typed), model: model, context: .unknown, limit: 3)
            #expect(found.candidates.first?.word == "hello", "\(typed) → \(found.candidates.map(\.word))")
        }
    }

    @Test func farTapsAreNotCorrectedIntoAWord() {
        let found = TapFixtures.decoder.decode(TapFixtures.taps("zqxv"), model: model, context: .unknown, limit: 3)
        #expect(TapCorrection().correction(of: "zqxv", decoding: found, learned: UserWordModel()) == nil)
    }

    @Test func theContextChoosesBetweenWordsTheTapsFitAlike() {
        // Halfway between the keys of "cat" and "vat"? The model has only "cat": after "the" it is likelier still.
        var taps = TapFixtures.taps("vat")
        taps[0].point = TapFixtures.point("v", dx: -0.45)
        let after = TapFixtures.decoder.decode(taps, model: model, context: .after("the"), limit: 3)
        #expect(after.candidates.first?.word == "cat")
        let alone = TapFixtures.decoder.decode(taps, model: model, context: .unknown, limit: 3)
        #expect(after.candidates.first?.language ?? 99 < alone.candidates.first?.language ?? 0)
    }

    @Test func aKnownWordIsCorrectedOnlyWhenClearlyLikelier() {
        // "help" typed exactly: "hello" is likelier, but not by the margin.
        let found = TapFixtures.decoder.decode(TapFixtures.taps("help"), model: model, context: .unknown, limit: 3)
        #expect(TapCorrection().correction(of: "help", decoding: found, learned: UserWordModel()) == nil)
    }

    @Test func aLearnedWordIsNeverCorrected() {
        var taps = TapFixtures.taps("hrllo")
        taps[1].point = TapFixtures.point("r", dx: -0.3)
        let found = TapFixtures.decoder.decode(taps, model: model, context: .unknown, limit: 3)
        var learned = UserWordModel(fold: model.fold)
        learned.learn("hrllo", after: .unknown)
        #expect(TapCorrection().correction(of: "hrllo", decoding: found, learned: learned) == nil)
        #expect(TapCorrection().correction(of: "Hrllo", decoding: found, learned: learned) == nil)
    }

    @Test func theCorrectionKeepsTheUsersCapital() {
        var taps = TapFixtures.taps("Hrllo")
        taps[1].point = TapFixtures.point("r", dx: -0.3)
        let found = TapFixtures.decoder.decode(taps, model: model, context: .unknown, limit: 3)
        #expect(TapCorrection().correction(of: "Hrllo", decoding: found, learned: UserWordModel()) == "Hello")
    }

    @Test func wordsWithDigitsAtSignsOrAddressesAreNeverCorrected() {
        #expect(TapCorrection.mayCorrect(word: "hrllo", run: "hrllo"))
        #expect(!TapCorrection.mayCorrect(word: "hrllo", run: "hrllo2"))
        #expect(!TapCorrection.mayCorrect(word: "hrllo", run: "me@hrllo"))
        #expect(!TapCorrection.mayCorrect(word: "hrllo", run: "https://hrllo"))
        #expect(!TapCorrection.mayCorrect(word: "h", run: "h"))
        #expect(!TapCorrection.mayCorrect(word: "perche'", run: "perche'"))
        #expect(!TapCorrection.mayCorrect(word: "Nº", run: "Nº"))
    }

    @Test func aCapitalInsideASentenceAsksForAClearerCorrection() {
        // "Hrllo" after "the" may be a name the model lacks; at a sentence start it is not one.
        var taps = TapFixtures.taps("Hrllo")
        taps[1].point = TapFixtures.point("r", dx: -0.3)
        #expect(TapFixtures.decoder.decode(taps, model: model, context: .after("the"), limit: 2).literalIsName)
        #expect(!TapFixtures.decoder.decode(taps, model: model, context: .sentenceStart, limit: 2).literalIsName)
        #expect(!TapFixtures.decoder.decode(TapFixtures.taps("hrllo"), model: model, context: .after("the"), limit: 2).literalIsName)
        #expect(TapCorrection.capitalisesNouns("de") && !TapCorrection.capitalisesNouns("en"))
        let candidate = TapCandidate(word: "hello", spatial: 1, language: 14, cost: 15)
        var decoding = TapDecoding(candidates: [candidate], literalCost: 17, literalInModel: nil)
        #expect(TapCorrection().correction(of: "Hrllo", decoding: decoding, learned: UserWordModel()) == "Hello")
        decoding.literalIsName = true
        #expect(TapCorrection().correction(of: "Hrllo", decoding: decoding, learned: UserWordModel()) == nil)
    }

    @Test func aCeilingFindsTheSameBestWordAsAFullSearch() {
        var taps = TapFixtures.taps("wprld")
        taps[1].point = TapFixtures.point("p", dx: -0.35)
        let full = TapFixtures.decoder.decode(taps, model: model, context: .after("hello"), limit: 3)
        let quick = TapFixtures.decoder.decode(taps, model: model, context: .after("hello"), limit: 2, correction: TapCorrection())
        #expect(full.candidates.first?.word == "world")
        #expect(quick.candidates.first == full.candidates.first)
    }

    @Test func aLayerWithoutLettersDecodesNothing() {
        let keys = [PlacedKey(index: 0, key: Key(label: "1", action: .text("1")), frame: Rect(x: 0, y: 0, width: 10, height: 10))]
        let decoder = TapDecoder(geometry: KeyboardGeometry(size: Size(width: 10, height: 10), keys: keys), fold: model.fold)
        #expect(!decoder.hasLetters)
        #expect(decoder.decode(TapFixtures.taps("hello"), model: model, context: .unknown, limit: 3).candidates.isEmpty)
    }

    @Test func aWordIsNotCorrectedOnlyForItsAccents() {
        // "cafe" typed exactly: "café" has the same letters (the bar offers it; correction does not).
        let found = TapFixtures.decoder.decode(TapFixtures.taps("cafe"), model: model, context: .unknown, limit: 3)
        #expect(found.candidates.first?.word == "café")
        #expect(TapCorrection().correction(of: "cafe", decoding: found, learned: UserWordModel()) == nil)
    }
}

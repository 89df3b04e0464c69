import Testing
import StackboardCore
@testable import StackboardWords

/// A German-like layer (QWERTZ rows with `ö` and `ä` keys of their own) and a small German model.
enum GermanTapFixtures {
    static let rows = ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"]

    static let layout: Layout = {
        let items = rows.map { row in
            StackItem.stack(Stack(axis: .horizontal, items: row.map {
                .key(Key(label: String($0), shiftedLabel: $0.uppercased(), action: .text(String($0))))
            }))
        }
        let letters = Layer(name: "letters", root: Stack(axis: .vertical, items: items))
        return Layout(name: "qwertz", description: "German letters", layers: [letters])
    }()

    static let geometry = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: Size(width: 1100, height: 300))
    static let keyboard = SwipeKeyboard(geometry: geometry)

    static let words: [(String, Double)] = [
        ("die", 0.2), ("und", 0.1), ("sondern", 0.02), ("schön", 0.02), ("schon", 0.03), ("welt", 0.02), ("Karte", 0.01),
        ("arbeit", 0.01), ("Platz", 0.01), ("Weltall", 0.001),
    ]

    static let fold: [UInt32: UInt32?] = {
        var table = Dictionary(uniqueKeysWithValues: (0x300..<0x370).map { (UInt32($0), UInt32?.none) })
        table[0xF6] = 0x6F   // ö → o
        table[0xE4] = 0x61   // ä → a
        table[0xFC] = 0x75   // ü → u
        return table
    }()

    static func model(language: String = "de") -> ShippedWordModel {
        let bytes = WordModelWriter.encode(language: language, words: words, pairs: [:], backoff: [:], fold: fold)
        do { return try ShippedWordModel(storage: bytes, file: "german.words") } catch { preconditionFailure("the model does not load: \(error)") }
    }

    static func point(_ letter: Character, dx: Double = 0, dy: Double = 0) -> TapPoint {
        TapFixtures.point(letter, dx: dx, dy: dy, on: keyboard)
    }

    static func taps(_ word: String) -> [TypedTap] { TapFixtures.taps(word, on: keyboard) }
}

@Suite struct TapDecoderLanguageTests {
    let model = GermanTapFixtures.model()
    let decoder = TapDecoder(geometry: GermanTapFixtures.geometry, fold: GermanTapFixtures.model().fold)

    @Test func aTapOnTheKeyOfAnAccentedLetterIsCorrectedLikeAnyOtherNeighbour() {
        // `ö` and `o` fold alike, but `ö` has a key of its own: a tap on it for `o` is a wrong key.
        var taps = GermanTapFixtures.taps("söndern")
        taps[1].point = GermanTapFixtures.point("ö", dx: -0.3, dy: -0.3)
        let found = decoder.decode(taps, model: model, context: .unknown, limit: 3)
        #expect(found.candidates.first?.word == "sondern")
        #expect(found.candidates.first?.spatial ?? 0 > 0)
        #expect(TapCorrection().correction(of: "söndern", decoding: found, learned: UserWordModel()) == "sondern")
    }

    @Test func aWordTypedOnItsOwnAccentedKeysIsLeftAlone() {
        // `schön` and `schon` are both words: each typed on its own keys costs nothing as itself.
        let found = decoder.decode(GermanTapFixtures.taps("schön"), model: model, context: .unknown, limit: 3)
        #expect(found.candidates.first?.word == "schön")
        #expect(found.candidates.first?.spatial == 0)
        #expect(TapCorrection().correction(of: "schön", decoding: found, learned: UserWordModel()) == nil)
        let plain = decoder.decode(GermanTapFixtures.taps("schon"), model: model, context: .unknown, limit: 3)
        #expect(plain.candidates.first?.word == "schon")
        #expect(TapCorrection().correction(of: "schon", decoding: plain, learned: UserWordModel()) == nil)
    }

    @Test func aCompoundOfTwoWordsTypedRightIsNotCorrected() {
        let typed = "weltkarte"
        let found = decoder.decode(GermanTapFixtures.taps(typed), model: model, context: .unknown, limit: 2, correction: TapCorrection())
        #expect(found.literalInModel == nil)
        #expect(found.literalCost < TapParameters().unknownWordCost)
        #expect(TapCorrection().correction(of: typed, decoding: found, learned: UserWordModel()) == nil)
    }

    @Test func tapsThatNearlySpellACompoundAreCorrectedIntoIt() {
        // "weotkarte": the l tapped on o's lower edge.
        var taps = GermanTapFixtures.taps("weotkarte")
        taps[2].point = GermanTapFixtures.point("o", dy: 0.3)
        let found = decoder.decode(taps, model: model, context: .unknown, limit: 2, correction: TapCorrection())
        #expect(TapCorrection().correction(of: "weotkarte", decoding: found, learned: UserWordModel()) == "weltkarte")
    }

    @Test func aCompoundMayHaveALinkingLetter() {
        // "arbeitsplatt": the z tapped on t's edge toward it.
        var taps = GermanTapFixtures.taps("arbeitsplatt")
        taps[11].point = GermanTapFixtures.point("t", dx: 0.3)
        let found = decoder.decode(taps, model: model, context: .unknown, limit: 2, correction: TapCorrection())
        #expect(TapCorrection().correction(of: "arbeitsplatt", decoding: found, learned: UserWordModel()) == "arbeitsplatz")
        // Typed right, it is a word as it is.
        let right = decoder.decode(GermanTapFixtures.taps("arbeitsplatz"), model: model, context: .unknown, limit: 2, correction: TapCorrection())
        #expect(right.literalCost < TapParameters().unknownWordCost)
    }

    @Test func languagesThatWriteCompoundsApartGetNone() {
        #expect(CompoundRule.forLanguage("en") == nil)
        #expect(CompoundRule.forLanguage("de") != nil)
        let english = GermanTapFixtures.model(language: "en")
        var taps = GermanTapFixtures.taps("weotkarte")
        taps[2].point = GermanTapFixtures.point("o", dy: 0.3)
        let found = decoder.decode(taps, model: english, context: .unknown, limit: 2, correction: TapCorrection())
        #expect(found.candidates.isEmpty)
        #expect(found.literalCost == TapParameters().unknownWordCost)
    }

    @Test func anUnknownWordCostsWhatItsLanguageSays() {
        var parameters = TapParameters()
        parameters.unknownWordCosts = ["da": 21]
        #expect(parameters.unknownWordCost(language: "da") == 21)
        #expect(parameters.unknownWordCost(language: "da_DK") == 21)
        #expect(parameters.unknownWordCost(language: "en") == parameters.unknownWordCost)
        let decoder = TapDecoder(geometry: GermanTapFixtures.geometry, fold: GermanTapFixtures.model().fold, parameters: parameters)
        let taps = GermanTapFixtures.taps("xylk")
        #expect(decoder.decode(taps, model: GermanTapFixtures.model(language: "da"), context: .unknown, limit: 2).literalCost == 21)
        #expect(decoder.decode(taps, model: GermanTapFixtures.model(language: "en"), context: .unknown, limit: 2).literalCost
            == parameters.unknownWordCost)
        // The shipped weights: Danish and Polish words the model lacks cost more than others'.
        #expect(TapParameters().unknownWordCost(language: "da") > TapParameters().unknownWordCost(language: "en"))
    }

    @Test func aCharacterWithNoLetterKeyIsNeverDroppedAsAnExtraTap() {
        // `º` (Spanish `Nº`) has no letter key: the word keeps it, so `dieº` is not `die`.
        var taps = GermanTapFixtures.taps("die")
        taps.append(TypedTap(character: "º", point: nil))
        let found = decoder.decode(taps, model: model, context: .unknown, limit: 3)
        #expect(!found.candidates.contains { $0.word == "die" })
        #expect(TapCorrection().correction(of: "dieº", decoding: found, learned: UserWordModel()) == nil)
    }
}

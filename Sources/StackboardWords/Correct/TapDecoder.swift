import StackboardCore

/// One character of the word being typed and where its tap landed.
public struct TypedTap: Equatable, Sendable {
    /// The character the tap typed (as typed, any case).
    public var character: Character
    /// Where the tap landed, in the layer's pixels (nil: typed some other way, such as a key's
    /// alternates; the decoder then takes the centre of the character's key).
    public var point: TapPoint?

    /// A tap with every property given.
    public init(character: Character, point: TapPoint?) {
        self.character = character
        self.point = point
    }
}

/// A point in the layer's pixels, not rounded.
public struct TapPoint: Equatable, Sendable {
    /// Pixels from the left.
    public var x: Double
    /// Pixels from the top.
    public var y: Double

    /// A point at `x`, `y`.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// The weights of the tap decoder: costs are in nats (`-ln p`). Chosen on the Dasher evaluation
/// texts (never on the fortunes texts the goals are measured on).
public struct TapParameters: Equatable, Sendable {
    /// The spread of taps around a key's centre, in key widths (a 2-D Gaussian).
    public var sigma = 0.35
    /// A letter of the word with no tap (an omission).
    public var omission = 5.0
    /// A repeated letter with no tap of its own (`aplication`).
    public var repeatOmission = 3.5
    /// A letter the layer has no key for (an apostrophe, a hyphen) left out.
    public var keylessOmission = 1.5
    /// A tap that is not in the word (an insertion).
    public var insertion = 5.0
    /// Two neighbouring letters typed in the other order, besides their taps' costs.
    public var transposition = 4.5
    /// The weight of the language model's cost against the taps'.
    public var languageWeight = 1.0
    /// The cost of a word the model does not know (the literal taps may spell one), where
    /// `unknownWordCosts` has nothing for the model's language.
    public var unknownWordCost = 19.0
    /// The cost of a word the model does not know, by language (the first two letters of the
    /// model's tag); the others cost `unknownWordCost`. Chosen on each language's held-out Dasher
    /// text (docs/words.md): Danish's model, wordfreq's small list and the forms of Debian's
    /// Danish spelling dictionary, lacks fewer of the words typed, so an unknown literal is more
    /// likely a typo there; likewise Polish with 200,000 words.
    public var unknownWordCosts: [String: Double] = ["da": 20, "pl": 20]

    /// The cost of a word the model of language `tag` does not know.
    public func unknownWordCost(language tag: String) -> Double {
        unknownWordCosts[String(tag.prefix(2))] ?? unknownWordCost
    }
    /// A compound (two words of the model joined, where the language's `CompoundRule` allows):
    /// it costs this plus `compoundWeight` times the costs of its parts as words alone.
    public var compoundBase = 5.0
    /// The weight of a compound's parts' costs.
    public var compoundWeight = 0.5
    /// A linking letter between the parts (`Arbeit·s·platz`).
    public var compoundLink = 1.0
    /// A compound is looked at only while its taps cost at most this.
    public var compoundSpatialCap = 4.0
    /// How many first parts the search goes on from.
    public var compoundHeads = 3

    /// A compound's part's share of its cost, for a word whose stored cost alone is `stored`.
    func compoundPartCost(_ stored: Int) -> Double { compoundWeight * WordMath.cost(stored) }
    /// Words are looked at only while their taps cost at most this.
    public var spatialCap = 9.0
    /// Words longer than this many taps are not decoded.
    public var maxTaps = 24

    /// The default weights.
    public init() {}
}

/// A word the taps may have meant.
public struct TapCandidate: Equatable, Sendable {
    /// The word as the model writes it.
    public var word: String
    /// `-ln` of the taps' likelihood for it, against the keys they hit (0: exactly those keys).
    public var spatial: Double
    /// `-ln p(word | context)` from the language model.
    public var language: Double
    /// The total cost (lower is likelier).
    public var cost: Double
}

/// What the decoder found for a word's taps.
public struct TapDecoding: Equatable, Sendable {
    /// The words, best first.
    public var candidates: [TapCandidate]
    /// The literal word (the keys the taps hit) and its cost: its taps cost nothing, so this is its
    /// language cost (the model's word with the same letters, or the language's unknown word's cost).
    public var literalCost: Double
    /// The model's spelling of the literal word (nil: the model does not know it).
    public var literalInModel: String?
    /// Whether the literal word, unknown to the model, looks like a name: it begins with a
    /// capital, not at the start of a sentence, in a language that does not capitalise its
    /// nouns (`TapCorrection.capitalisesNouns`).
    public var literalIsName = false
}

/// Decodes the taps of one word: the words of the model that the taps may have meant, under a
/// spatial model (each tap a 2-D Gaussian around the centre of the key of the letter meant, σ in
/// key widths, against the key it hit; plus omitted letters, extra taps and two letters swapped)
/// times the language model after the word(s) before it.
///
/// The search walks the model's words in key order as a trie, carrying one row of an edit
/// distance per prefix (the cheapest way to spend the taps so far on the prefix's letters), and
/// stops going down a prefix whose row is already worse than the words found. Pure: the taps,
/// the model and the context in, the candidates out.
public struct TapDecoder: Sendable {
    /// The weights.
    public var parameters: TapParameters
    /// The letter keys' mean width in pixels (the unit of distances).
    public let unit: Double
    /// The letter keys' centres (key widths) by folded letter (a letter on two keys, such as `u`
    /// and `ü` folded alike, has both).
    let centres: [UInt32: [(x: Double, y: Double)]]
    /// Every letter key's centre, for the key a tap hit.
    let allCentres: [(x: Double, y: Double)]
    /// Each letter that shares its folded letter with another key's (`o` and `ö` on a German
    /// layer): lower case, its capital, its folded letter and its key's centre. A word is scored
    /// again on the keys of its own letters, so that a tap on `ö` for `o` costs what its
    /// distance says.
    let ownKeys: [(letter: UInt32, upper: UInt32?, folded: UInt32, centre: (x: Double, y: Double))]

    /// A decoder for the letter keys of `geometry`, folding their letters with `fold`.
    public init(geometry: KeyboardGeometry, fold: WordFold, parameters: TapParameters = TapParameters()) {
        let keyboard = SwipeKeyboard(geometry: geometry)
        self.parameters = parameters
        unit = keyboard.unit
        var centres: [UInt32: [(x: Double, y: Double)]] = [:]
        var all: [(x: Double, y: Double)] = []
        var own: [UInt32: (folded: UInt32, centre: (x: Double, y: Double))] = [:]
        for letter in keyboard.letters {
            let centre = (x: letter.x / keyboard.unit, y: letter.y / keyboard.unit)
            all.append(centre)
            let key = fold.key(String(letter.character)).unicodeScalars
            guard key.count == 1, let scalar = key.first else { continue }
            centres[scalar.value, default: []].append(centre)
            let lower = String(letter.character).lowercased().unicodeScalars
            if lower.count == 1, let l = lower.first, own[l.value] == nil { own[l.value] = (scalar.value, centre) }
        }
        self.centres = centres
        allCentres = all
        ownKeys = own.filter { centres[$0.value.folded]?.count ?? 0 > 1 }.map { letter, key in
            let upper = Unicode.Scalar(letter).map { String($0).uppercased().unicodeScalars }
            return (letter, upper?.count == 1 ? upper?.first?.value : nil, key.folded, key.centre)
        }
    }

    /// Whether the layer has letters to decode against.
    public var hasLetters: Bool { allCentres.count >= 10 }

    /// Up to `limit` words for `taps`, best first, after `context` (and `before` it), with the
    /// literal word's cost. With `correction`, only the words that could replace the literal
    /// (cheaper than it by the margin) are looked for, which is much quicker.
    public func decode(_ taps: [TypedTap], model: ShippedWordModel, context: UserWordModel.Context,
                       before: UserWordModel.Context = .unknown, limit: Int, correction: TapCorrection? = nil) -> TapDecoding {
        let literal = String(taps.map(\.character))
        return model.withView { view in
            let language = TapLanguageCosts(view: view, fold: model.fold, context: context, before: before)
            let literalID = view.id(of: literal, fold: model.fold)
            let literalWord = literalID.map { view.word($0) }
            let literalKnown = literalWord.map { $0.lowercased() == literal.lowercased() } ?? false
            let compound = CompoundRule.forLanguage(model.language)
            let unknown = parameters.unknownWordCost(language: model.language)
            let literalCost = literalKnown ? literalID.map { parameters.languageWeight * language.cost($0) } ?? unknown
                : min(unknown, compound.flatMap { compoundCost(of: literal, rule: $0, view: view, fold: model.fold) } ?? .infinity)
            let isName: Bool
            switch context {
            case .after: isName = !literalKnown && literal.first?.isUppercase == true && !TapCorrection.capitalisesNouns(model.language)
            case .sentenceStart, .unknown: isName = false
            }
            guard limit > 0, !taps.isEmpty, taps.count <= parameters.maxTaps, hasLetters else {
                return TapDecoding(candidates: [], literalCost: literalCost, literalInModel: literalKnown ? literalWord : nil, literalIsName: isName)
            }
            let ceiling = correction.map { literalCost - $0.margin(known: literalKnown, name: isName) } ?? .infinity
            var search = TapSearch(view: view, language: language, spatial: spatialTable(taps, fold: model.fold),
                                   parameters: parameters, limit: limit, ceiling: ceiling, compound: compound)
            search.run()
            return TapDecoding(candidates: search.found, literalCost: literalCost, literalInModel: literalKnown ? literalWord : nil,
                               literalIsName: isName)
        }
    }

    /// The cost of `word` as a compound of two of the model's words under `rule` (the cheapest
    /// way to split it), nil when it is not one.
    func compoundCost(of word: String, rule: CompoundRule, view: WordModelView, fold: WordFold) -> Double? {
        let letters = Array(fold.key(word).unicodeScalars)
        guard letters.count >= rule.minimumHead + rule.minimumTail else { return nil }
        func id(_ slice: ArraySlice<Unicode.Scalar>) -> Int? {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: slice)
            return view.id(of: String(text), fold: fold)
        }
        var best: Double?
        for split in rule.minimumHead...(letters.count - rule.minimumTail) {
            guard let tail = id(letters[split...]) else { continue }
            var heads: [(Int, Double)] = []
            if let head = id(letters[..<split]) { heads.append((head, 0)) }
            if split - 1 >= rule.minimumHead, rule.links.contains(Character(letters[split - 1])), let head = id(letters[..<(split - 1)]) {
                heads.append((head, parameters.compoundLink))
            }
            for (head, link) in heads {
                let cost = parameters.compoundBase + link
                    + parameters.compoundPartCost(view.unigramCost(head)) + parameters.compoundPartCost(view.unigramCost(tail))
                best = min(best ?? cost, cost)
            }
        }
        return best
    }

    /// For each folded letter of the layer, the cost of each tap having meant it (0 for the key
    /// the tap hit).
    func spatialTable(_ taps: [TypedTap], fold: WordFold) -> TapSpatialTable {
        let twoSigma2 = 2 * parameters.sigma * parameters.sigma
        var costs: [UInt32: [Double]] = [:]
        for (scalar, keys) in centres {
            costs[scalar] = taps.map { cost(of: keys, for: $0, fold: fold, twoSigma2: twoSigma2) }
        }
        // Only where a letter's own key costs more than its folded letter's nearest key for some
        // tap (a tap on `ö`, for `o`) is a word scored again.
        var own: [UInt32: [Double]] = [:]
        for key in ownKeys {
            let row = taps.map { cost(of: [key.centre], for: $0, fold: fold, twoSigma2: twoSigma2) }
            guard row != costs[key.folded] else { continue }
            own[key.letter] = row
            if let upper = key.upper { own[upper] = row }
        }
        // A character typed some other way than a tap on a letter key (from a key's alternates,
        // or a key such as Spanish `º`) was meant: the word keeps it. One the layer has no
        // letter key for fits only itself.
        let insertions = taps.map { $0.point == nil ? Double.infinity : parameters.insertion }
        for (j, tap) in taps.enumerated() {
            let key = fold.key(String(tap.character)).unicodeScalars
            guard key.count == 1, let s = key.first, centres[s.value] == nil else { continue }
            for scalar in costs.keys { costs[scalar]?[j] = .infinity }
            if costs[s.value] == nil { costs[s.value] = [Double](repeating: .infinity, count: taps.count) }
            costs[s.value]?[j] = 0
        }
        return TapSpatialTable(costs: costs, own: own, insertions: insertions)
    }

    /// `-ln` of the Gaussian at the nearest of `keys`, against the key the tap hit.
    private func cost(of keys: [(x: Double, y: Double)], for tap: TypedTap, fold: WordFold, twoSigma2: Double) -> Double {
        let point: (x: Double, y: Double)
        if let p = tap.point {
            point = (p.x / unit, p.y / unit)
        } else {
            let key = fold.key(String(tap.character)).unicodeScalars
            guard key.count == 1, let s = key.first, let centre = centres[s.value]?.first else { return .infinity }
            point = centre
        }
        var best = Double.infinity
        for k in keys { best = min(best, (k.x - point.x) * (k.x - point.x) + (k.y - point.y) * (k.y - point.y)) }
        var hit = Double.infinity
        for k in allCentres { hit = min(hit, (k.x - point.x) * (k.x - point.x) + (k.y - point.y) * (k.y - point.y)) }
        return max(0, best - hit) / twoSigma2
    }
}

/// The cost of each tap having meant each letter.
struct TapSpatialTable {
    /// Folded letter → cost per tap (against the nearest of the keys whose letters fold to it).
    let costs: [UInt32: [Double]]
    /// Letter (either case) → cost per tap against its own key, for the letters that share their
    /// folded letter with another key's (`o`, `ö`) where that costs more than the folded row
    /// for some tap; empty when no two keys fold alike or no tap is nearer the other key.
    var own: [UInt32: [Double]] = [:]
    /// What each tap costs left out of the word (an extra tap; never for a character typed
    /// without a letter key, which was meant).
    let insertions: [Double]

    /// How many taps.
    var count: Int { insertions.count }

    /// The row before any letter: the first j taps all left out.
    var rootRow: [Double] {
        var row = [0.0]
        for cost in insertions { row.append((row.last ?? 0) + cost) }
        return row
    }

    /// The costs of the taps for `scalar` (nil: no tap can have meant it; the layer has no key for it).
    func row(_ scalar: UInt32) -> [Double]? { costs[scalar] }
}

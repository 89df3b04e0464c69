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
    /// The cost of a word the model does not know (the literal taps may spell one).
    public var unknownWordCost = 17.0
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
    /// language cost (the model's word with the same letters, or `unknownWordCost`).
    public var literalCost: Double
    /// The model's spelling of the literal word (nil: the model does not know it).
    public var literalInModel: String?
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

    /// A decoder for the letter keys of `geometry`, folding their letters with `fold`.
    public init(geometry: KeyboardGeometry, fold: WordFold, parameters: TapParameters = TapParameters()) {
        let keyboard = SwipeKeyboard(geometry: geometry)
        self.parameters = parameters
        unit = keyboard.unit
        var centres: [UInt32: [(x: Double, y: Double)]] = [:]
        var all: [(x: Double, y: Double)] = []
        for letter in keyboard.letters {
            let centre = (x: letter.x / keyboard.unit, y: letter.y / keyboard.unit)
            all.append(centre)
            let key = fold.key(String(letter.character)).unicodeScalars
            guard key.count == 1, let scalar = key.first else { continue }
            centres[scalar.value, default: []].append(centre)
        }
        self.centres = centres
        allCentres = all
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
            let literalCost = literalKnown ? literalID.map { parameters.languageWeight * language.cost($0) } ?? parameters.unknownWordCost
                : parameters.unknownWordCost
            guard limit > 0, !taps.isEmpty, taps.count <= parameters.maxTaps, hasLetters else {
                return TapDecoding(candidates: [], literalCost: literalCost, literalInModel: literalKnown ? literalWord : nil)
            }
            let ceiling = correction.map { literalCost - (literalKnown ? $0.knownMargin : $0.unknownMargin) } ?? .infinity
            var search = TapSearch(view: view, language: language, spatial: spatialTable(taps, fold: model.fold),
                                   parameters: parameters, limit: limit, ceiling: ceiling)
            search.run()
            return TapDecoding(candidates: search.found, literalCost: literalCost, literalInModel: literalKnown ? literalWord : nil)
        }
    }

    /// For each folded letter of the layer, the cost of each tap having meant it (0 for the key
    /// the tap hit).
    func spatialTable(_ taps: [TypedTap], fold: WordFold) -> TapSpatialTable {
        let twoSigma2 = 2 * parameters.sigma * parameters.sigma
        var costs: [UInt32: [Double]] = [:]
        for (scalar, keys) in centres {
            var row: [Double] = []
            row.reserveCapacity(taps.count)
            for tap in taps {
                row.append(cost(of: keys, for: tap, fold: fold, twoSigma2: twoSigma2))
            }
            costs[scalar] = row
        }
        // A tapped character the layer has no key for: only that character fits its tap.
        for (j, tap) in taps.enumerated() {
            let key = fold.key(String(tap.character)).unicodeScalars
            guard key.count == 1, let s = key.first, centres[s.value] == nil else { continue }
            for scalar in costs.keys { costs[scalar]?[j] = .infinity }
            if costs[s.value] == nil { costs[s.value] = [Double](repeating: .infinity, count: taps.count) }
            costs[s.value]?[j] = 0
        }
        return TapSpatialTable(costs: costs, count: taps.count)
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
    /// Folded letter → cost per tap.
    let costs: [UInt32: [Double]]
    /// How many taps.
    let count: Int

    /// The costs of the taps for `scalar` (nil: no tap can have meant it; the layer has no key for it).
    func row(_ scalar: UInt32) -> [Double]? { costs[scalar] }
}

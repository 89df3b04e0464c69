import StackboardCore
/// The suggestion bar's state, driven by the keyboard (pure: no I/O, no clock).
///
/// The keyboard tells it everything it types, before typing it: `typed(_:)` and `backspace()`
/// return the edit to carry out (normally the key itself; right after an accepted suggestion a
/// punctuation key replaces its space, and backspace restores what was typed before it). Keys that
/// end the line or move the caret go to `key(_:)`; anything that makes the text before the caret
/// unknown (another window, a click outside, a physical key) to `reset(_:)`. After the key is
/// typed, `suggestions()` gives the bar's words; a tap on slot i is `accept(i)`, which returns
/// the edit (backspaces and text, with the trailing space) and learns the word.
///
/// Rules: the context is the text the keyboard typed since the last reset (its last 256
/// characters); the word being typed is its trailing run of letters, digits, marks and inner
/// apostrophes or hyphens; the word before it (with only spaces between) is the context word.
/// A word is learned when a character that cannot continue it is typed, or when it is accepted.
/// Suggestions follow the user's case: a capital first letter, or the start of a sentence,
/// capitalises them; two or more capitals make them all capitals.
///
/// With `holdsLearning`, a word is not learned when it ends but held (`heldWords`) until the
/// keyboard has seen it in the field (`confirmLearning`) or gives up on it (`dropHeldWords`): a
/// word typed into a field the keyboard cannot see (an application off the accessibility bus,
/// whose field could be a password) or one an input method turned into something else is
/// never learned.
public struct SuggestionSession: Sendable {
    /// The models suggestions come from (its learned model is what `learned` returns).
    public private(set) var predictor: WordPredictor
    /// How many suggestions the bar shows.
    public var slots: Int
    /// What may be suggested and learned.
    public private(set) var privacy: WordPrivacy
    /// Incremented whenever the learned model changes (the keyboard saves it when this moved).
    public private(set) var learnedGeneration = 0
    /// Whether ended words wait for `confirmLearning` instead of being learned at once.
    public var holdsLearning = false
    /// Words that ended (or were accepted) and wait to be seen in the field, oldest first.
    public private(set) var heldWords: [HeldWord] = []

    /// A word waiting to be learned, with what came before it.
    public struct HeldWord: Equatable, Sendable {
        /// The word as it would be learned.
        public var word: String
        /// What came before it.
        public var context: UserWordModel.Context
    }

    /// The text typed in this context (bounded).
    var tail = ""
    /// The field's automatic edits allowed, and how many of `tail`'s last characters the
    /// keyboard typed itself (SuggestionSession+Field.swift).
    public var automaticEdits = AutomaticEdits()
    var ownCount = 0
    /// Whether the context began at the start of a sentence (after return) or somewhere unknown.
    var originIsSentenceStart: Bool
    private var shown: [String] = []
    var stale = true
    var lastAccept: AcceptRecord?

    /// Decodes the taps of a word for correction (nil: no correction; the keyboard sets it for
    /// the layer's keys).
    public var tapDecoder: TapDecoder?
    /// When a word is clearly something other than its taps.
    public var correction = TapCorrection()
    /// Whether words may be corrected here (the field allows it, the user did not turn it off).
    public var corrects = false
    /// The field's text before the caret as the application shows it (nil: not known): a word is
    /// replaced only where it ends with the word as the keyboard typed it.
    public var fieldText: String?
    /// Whether an input method may stand between the keys and the field: automatic edits and
    /// corrections then delete only what `fieldText` shows (`InputMethodPresence`).
    public var deletesOnlyWhatFieldShows = false
    /// Where the tap of the next character typed landed (taken by `typed`).
    public var nextTap: TapPoint?
    /// The taps of the word being typed, one per character, since the word began.
    var taps: [TypedTap] = []
    /// The correction the word's end will make (shown on the bar first).
    public internal(set) var coming: ComingCorrection?
    /// Whether `coming` must be worked out again (after a backspace).
    var comingStale = false
    /// The last correction made, until something else happens (a backspace undoes it).
    var lastCorrection: CorrectionRecord?

    struct AcceptRecord: Sendable {
        var tailBefore: String
        var word: String
        var context: UserWordModel.Context
        var edit: TextEdit
        var separator: String
    }

    static let tailLimit = 256
    /// Opening quotes and brackets (a word right after one starts a sentence when the mark does).
    static let opening: Set<Character> = ["`", "\"", "“", "„", "«", "(", "[", "‘", "‚", "¿", "¡"]

    /// A session over `predictor` showing `slots` suggestions; the text before the caret is unknown.
    public init(predictor: WordPredictor, slots: Int = 3, privacy: WordPrivacy = .normal, atSentenceStart: Bool = false) {
        self.predictor = predictor
        self.slots = max(0, slots)
        self.privacy = privacy
        self.originIsSentenceStart = atSentenceStart
    }

    /// The punctuation that replaces an accepted suggestion's space (it depends on the language).
    public var attaching: Set<Character> { WordText.attaching(for: predictor.shipped.language) }

    /// The learned words (to save, list or forget).
    public var learned: UserWordModel { predictor.learned }

    /// Replaces the learned model (after `stackboard words forget` in another process, say).
    public mutating func setLearned(_ model: UserWordModel) {
        predictor.learned = model
        stale = true
    }

    /// Changes what may be suggested and learned; becoming `secure` drops the context.
    public mutating func setPrivacy(_ privacy: WordPrivacy) {
        self.privacy = privacy
        if privacy != .normal { heldWords = [] }
        if privacy == .secure { forgetContext(sentenceStart: false) }
        stale = true
    }

    /// The keyboard is about to type `text`: returns what to type instead (normally `text` itself).
    public mutating func typed(_ text: String) -> TextEdit {
        let edit = edit(forTyping: text)
        let tap = nextTap
        nextTap = nil
        guard privacy != .secure else { return edit }
        stale = true
        let before = tail.count
        defer { noteOwn(before: before) }
        lastCorrection = nil
        if let fix = correctionAtEnd(typing: text) {
            applyCorrection(fix, separator: text)
        } else if edit.deleteCount > 0 {
            tail.removeLast(min(edit.deleteCount, tail.count))
            append(edit.text, learning: false)
        } else {
            for c in text { append(String(c)) }
            followTaps(text, tap: tap)
        }
        lastAccept = nil
        return edit
    }

    /// What `typed(_:)` would return for `text`, changing nothing: a keyboard sends that edit
    /// first and calls `typed` after it went out (the context and learning can wait; the key
    /// cannot).
    public func edit(forTyping text: String) -> TextEdit {
        if let fix = correctionAtEnd(typing: text) { return TextEdit(deleteCount: fix.literal.count, text: fix.word + text) }
        if let automatic = fieldEdit(forTyping: text) { return automatic }
        guard privacy != .secure, let accept = lastAccept, accept.separator == " ", text.count == 1,
              let c = text.first, attaching.contains(c) else { return .insert(text) }
        return TextEdit(deleteCount: 1, text: text + " ")
    }

    /// The keyboard is about to send a backspace: returns what to do instead (normally one backspace).
    public mutating func backspace() -> TextEdit {
        guard privacy != .secure else { return .delete(1) }
        stale = true
        let before = tail.count
        defer { noteOwn(before: before) }
        if let undone = undoCorrection() { return undone }
        if let accept = lastAccept {
            lastAccept = nil
            tail = accept.tailBefore
            if privacy == .normal { unlearn(accept.word, after: accept.context) }
            let typedPart = accept.edit.deleteCount > 0 ? String(tail.suffix(accept.edit.deleteCount)) : ""
            return TextEdit(deleteCount: accept.edit.text.count, text: typedPart)
        }
        if !tail.isEmpty { tail.removeLast() }
        if !taps.isEmpty { taps.removeLast() }
        coming = nil
        comingStale = true
        return .delete(1)
    }

    /// Return, tab or a caret key was sent: the word is over (and learned, for return and tab).
    public mutating func key(_ key: ContextKey) {
        guard privacy != .secure else { return }
        if key == .return || key == .tab { learnCurrentWord() }
        forgetContext(sentenceStart: key == .return)
    }

    /// What is before the caret is no longer known; the word being typed is not learned.
    public mutating func reset(_ reason: ContextReset) {
        forgetContext(sentenceStart: false)
    }

    /// The bar's suggestions for the text so far (computed once per change).
    public mutating func suggestions() -> [String] {
        if comingStale { refreshComing() }
        if stale {
            shown = compute()
            stale = false
        }
        guard let coming, slots > 0 else { return shown }
        let rest = shown.filter { $0 != coming.word && $0 != coming.literal }
        return Array(([coming.word, coming.literal] + rest).prefix(slots))
    }

    /// Slot `slot` was tapped: the edit to carry out (nil when the slot is empty). The word is learned.
    public mutating func accept(_ slot: Int) -> TextEdit? {
        let words = suggestions()
        guard words.indices.contains(slot) else { return nil }
        let word = words[slot]
        let state = analyze()
        let typed = String(state.word)
        let separator = word.last.map { WordText.apostrophes.contains($0) } ?? false ? "" : " "
        let edit = word.hasPrefix(typed)
            ? TextEdit(text: String(word.dropFirst(typed.count)) + separator)
            : TextEdit(deleteCount: typed.count, text: word + separator)
        let before = tail
        tail.removeLast(typed.count)
        append(word + separator, learning: false)
        noteOwn(before: before.count)
        taps = []
        coming = nil
        lastCorrection = nil
        let learnedWord = learnable(word, state)
        if privacy == .normal { learnOrHold(learnedWord, after: state.context) }
        lastAccept = AcceptRecord(tailBefore: before, word: learnedWord, context: state.context, edit: edit, separator: separator)
        stale = true
        return edit
    }

    /// Starts the context over from `text`, what the field shows before the caret (`atFieldStart`:
    /// all of it, so the field's start is a sentence start): SuggestionSession+Field.swift.
    mutating func restartContext(from text: String, atFieldStart: Bool) {
        forgetContext(sentenceStart: atFieldStart)
        append(text, learning: false)
        ownCount = 0
    }

    // MARK: - Inside

    struct State {
        var word: Substring
        var context: UserWordModel.Context
        var sentenceStart: Bool
        /// What came before the context word (for the model's triples).
        var before: UserWordModel.Context = .unknown
    }

    private mutating func forgetContext(sentenceStart: Bool) {
        tail = ""
        originIsSentenceStart = sentenceStart
        lastAccept = nil
        lastCorrection = nil
        taps = []
        coming = nil
        comingStale = false
        shown = []
        stale = true
    }

    /// Adds typed text to the context; with `learning`, a word that a character ends is learned.
    mutating func append(_ text: String, learning: Bool = true) {
        for c in text {
            let before = learning ? analyze() : State(word: "", context: .unknown, sentenceStart: false)
            tail.append(c)
            if !before.word.isEmpty {
                let after = analyze()
                if after.word.isEmpty || after.word.startIndex != before.word.startIndex { learn(before, after: after) }
            }
        }
        if tail.count > Self.tailLimit {
            let cut = tail.dropFirst(tail.count - Self.tailLimit / 2)
            tail = String(cut.drop { !$0.isWhitespace })   // never start with half a word
            originIsSentenceStart = false
        }
    }

    private mutating func learnCurrentWord() {
        let state = analyze()
        if !state.word.isEmpty { learn(state, after: nil) }
    }

    /// Learns the word that `before` was typing and `after` ended (an elision keeps its apostrophe).
    private mutating func learn(_ before: State, after: State?) {
        guard privacy == .normal else { return }
        var word = String(before.word)
        if let after, case .after(let previous) = after.context, previous.count == word.count + 1, previous.hasPrefix(word) { word = previous }
        learnOrHold(learnable(word, before), after: before.context)
    }

    /// Learns `word` now, or holds it for `confirmLearning`.
    mutating func learnOrHold(_ word: String, after context: UserWordModel.Context) {
        if holdsLearning {
            heldWords.append(HeldWord(word: word, context: context))
            if heldWords.count > Self.heldLimit { heldWords.removeFirst() }
            return
        }
        predictor.learned.learn(word, after: context)
        learnedGeneration += 1
    }

    /// Takes back a word learned (or still held) by an accepted suggestion.
    mutating func unlearn(_ word: String, after context: UserWordModel.Context) {
        if let i = heldWords.lastIndex(of: HeldWord(word: word, context: context)) {
            heldWords.remove(at: i)
            return
        }
        predictor.learned.unlearn(word, after: context)
        learnedGeneration += 1
    }

    /// How many words may wait to be seen in the field.
    static let heldLimit = 32

    /// Learns the held words that the field shows (`shows`), in order, and drops the rest. A word
    /// is paired with the word before it only when the field shows that one too: the keyboard's
    /// own record of it may be letters an input method turned into something else.
    public mutating func confirmLearning(_ shows: (String) -> Bool) {
        let held = heldWords
        heldWords = []
        guard privacy == .normal else { return }
        for word in held where shows(word.word) {
            var context = word.context
            if case .after(let previous) = context, !shows(previous) { context = .unknown }
            predictor.learned.learn(word.word, after: context)
            learnedGeneration += 1
        }
    }

    /// Forgets the held words (the field cannot be seen).
    public mutating func dropHeldWords() { heldWords = [] }

    /// At the start of a sentence a capitalised word is learned in lower case when that is a known word.
    func learnable(_ word: String, _ state: State) -> String {
        guard state.sentenceStart, let first = word.first, first.isUppercase else { return word.replacingApostrophes() }
        let lower = first.lowercased() + word.dropFirst()
        let known = predictor.learned.words[lower] != nil || predictor.shipped.withView { view in
            view.id(of: lower, fold: predictor.shipped.fold).map { view.word($0) == lower } ?? false
        }
        return (known ? lower : word).replacingApostrophes()
    }

    /// Whether `head` (ending in an apostrophe) is a word of its own, such as French `l'`.
    func isElision(_ head: String) -> Bool {
        let head = head.replacingApostrophes()
        return predictor.shipped.withView { view in
            view.id(of: head, fold: predictor.shipped.fold).map { view.word($0).lowercased() == head.lowercased() } ?? false
        } || predictor.learned.words[head] != nil
    }

    func analyze() -> State {
        let text = tail[...]
        let word = WordText.trailingWord(text, isElision: { self.isElision($0) })
        let found = context(before: text[..<word.startIndex])
        let before = found.wordStart.map { context(before: text[..<$0]).context } ?? .unknown
        return State(word: word, context: found.context, sentenceStart: found.sentenceStart, before: before)
    }

    /// What comes before a word that starts where `text` ends: the word before it (and where that
    /// starts), the start of a sentence, or nothing known (after a pause, at the start of an unknown context).
    private func context(before text: Substring) -> (context: UserWordModel.Context, sentenceStart: Bool, wordStart: Substring.Index?) {
        var rest = text
        if let last = rest.last, WordText.apostrophes.contains(last) {
            let previous = WordText.trailingWord(rest, isElision: { _ in false })
            return (.after(String(previous).replacingApostrophes()), false, previous.startIndex)
        }
        var spaced = false
        while let last = rest.last, last == " " || last == "\u{A0}" { rest = rest.dropLast(); spaced = true }
        if let last = rest.last, Self.opening.contains(last), !spaced {
            // An opening quote or bracket: the sentence starts (or not) as it would without it.
            var before = rest
            while let c = before.last, Self.opening.contains(c) || c == " " || c == "\u{A0}" { before = before.dropLast() }
            if before.isEmpty { return (originIsSentenceStart ? .sentenceStart : .unknown, originIsSentenceStart, nil) }
            if let c = before.last, WordText.sentenceEnds.contains(c) { return (.sentenceStart, true, nil) }
            return (.unknown, false, nil)
        }
        guard let last = rest.last else { return (originIsSentenceStart ? .sentenceStart : .unknown, originIsSentenceStart, nil) }
        if spaced, WordText.isWordCharacter(last) {
            let previous = WordText.trailingWord(rest, isElision: { self.isElision($0) })
            return (.after(String(previous).replacingApostrophes()), false, previous.startIndex)
        }
        var closing = rest
        while let c = closing.last, "\"”»)]’'".contains(c) { closing = closing.dropLast() }
        if let c = closing.last, WordText.sentenceEnds.contains(c) { return (.sentenceStart, true, nil) }
        return (.unknown, false, nil)
    }

    private func compute() -> [String] {
        guard privacy != .secure, slots > 0 else { return [] }
        let state = analyze()
        let typed = String(state.word)
        if let c = typed.first, !WordText.isWordCharacter(c) { return [] }
        if typed.contains(where: \.isNumber) { return [] }
        let raw = predictor.candidates(prefix: typed, context: state.context, before: state.before, limit: slots + 3)
        var out: [String] = []
        for word in raw {
            let shown = WordCasing.apply(to: word, typed: typed, sentenceStart: state.sentenceStart)
            if shown == typed || out.contains(shown) { continue }
            out.append(shown)
            if out.count == slots { break }
        }
        return out
    }
}

import StackboardCore
import StackboardRuntime

/// The keypad's engine for the Japanese layout: romaji compose hiragana (`RomajiKana`), anthy
/// converts them; the bar shows the kana (a tap types them as hiragana), the whole conversion,
/// the first segment's other candidates (a tap types it and keeps the rest), katakana last, and
/// ▸ for more (the candidate grid). Space types the whole conversion; punctuation types it, then itself; backspace
/// takes back one letter or kana. A secret field gets the letters as they are; nothing is
/// learned unless `learning`.
public final class KanaWords: KeypadWords {
    private let anthy: AnthyConverter
    private let learning: Bool
    private var romaji = RomajiKana()
    private var secure = false
    private var bar = CandidateBar(shown: 5)

    /// An engine over `anthy`; `learning`: conversions picked are learned.
    init(anthy: AnthyConverter, learning: Bool) {
        self.anthy = anthy
        self.learning = learning
    }

    private static func isLetter(_ text: String) -> Bool {
        text.unicodeScalars.count == 1 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "'" || $0 == "-" }
    }

    /// One candidate of the list, and what a pick of it does.
    private enum Choice: Equatable {
        /// The whole conversion (each segment's best).
        case sentence(String)
        /// A candidate of the first segment: its text, index and kana length.
        case first(String, Int, Int)
        /// The kana as katakana.
        case katakana(String)

        var text: String {
            switch self {
            case .sentence(let t), .first(let t, _, _), .katakana(let t): return t
            }
        }
    }

    private func choices() -> [Choice] {
        let kana = romaji.finishedKana
        guard !kana.isEmpty else { return [] }
        let found = anthy.candidates(kana)
        var list: [Choice] = found.sentence.isEmpty ? [] : [.sentence(found.sentence)]
        for (i, text) in found.first.enumerated() where !list.contains(where: { $0.text == text }) {
            list.append(.first(text, i, found.firstLength))
        }
        let katakana = RomajiKana.katakana(kana)
        if !list.contains(where: { $0.text == katakana }) { list.append(.katakana(katakana)) }
        return list
    }

    /// Types `choice`. Letters typed after the last kana (the `h` of a coming `ha`) stay in the
    /// composition; a final n went with the conversion as ん.
    private func pick(_ choice: Choice) -> String {
        switch choice {
        case .sentence(let text):
            if learning { anthy.commit(sentence: true, firstIndex: 0) }
            romaji.clearKana(keepN: false)
            return text
        case .first(let text, let index, let length):
            if learning { anthy.commit(sentence: false, firstIndex: index) }
            romaji.dropFirst(length)
            return text
        case .katakana(let text):
            romaji.clearKana(keepN: false)
            return text
        }
    }

    /// A letter composes; anything else types the whole conversion (space: only that), then itself.
    public func typing(_ text: String) -> KeypadEdit {
        if secure { return KeypadEdit(text: text) }
        if Self.isLetter(text), let c = text.first, !(romaji.isEmpty && (c == "'" || c == "-")) {
            bar.rewind()
            romaji.type(c)
            return KeypadEdit(text: "")
        }
        guard !romaji.isEmpty else { return KeypadEdit(text: text) }
        // The whole conversion, then any letters after its kana, as they are.
        let first = (choices().first.map(pick) ?? "") + takeKana()
        bar.rewind()
        return KeypadEdit(text: first + (text == " " ? "" : text))
    }

    private func takeKana() -> String {
        let text = romaji.text
        romaji.clear()
        bar.rewind()
        return text
    }

    /// One letter or kana back while composing, else one character.
    public func deletingBackward() -> KeypadEdit {
        guard !secure, romaji.backspace() else { return KeypadEdit(deleteCount: 1, text: "") }
        bar.rewind()
        return KeypadEdit(text: "")
    }

    /// The kana typed as they are before a named key or a shortcut.
    public func endingComposition() -> KeypadEdit? { romaji.isEmpty ? nil : KeypadEdit(text: takeKana()) }
    /// A named key (the kana went out before it).
    public func sending(_ key: NamedKey) { romaji.clear() }
    /// The composition is dropped: the caret is no longer where it was.
    public func contextLost() { romaji.clear() }
    /// Another window or layout drops the composition; a click elsewhere or a physical key keeps
    /// it (it is the keyboard's own, not in the field).
    public func reset(_ reason: ContextReset) {
        if ComposeEngines.dropsComposition(reason) { romaji.clear() }
    }
    /// A secret field: letters go out as they are.
    public func setSecure(_ on: Bool) {
        secure = on
        romaji.clear()
    }
    /// Whether the field is a secret.
    public var isLocked: Bool { secure }
    /// In a secret field every key goes out as it is.
    public func passesThrough(_ text: String) -> Bool { secure }

    /// Slot 0: the kana; then the page's candidates; then ▸, the next page.
    public func accepting(slot: Int) -> KeypadEdit? {
        guard !romaji.isEmpty else { return nil }
        let list = choices()
        let page = Array(list.dropFirst(bar.firstIndex).prefix(bar.shown))
        switch bar.tap(slot: slot, count: page.count) {
        case .composition:
            return KeypadEdit(text: takeKana())
        case .candidate(let index):
            bar.rewind()
            return list.indices.contains(index) ? KeypadEdit(text: pick(list[index])) : nil
        case .nextPage:
            bar.turn(more: list.count > bar.firstIndex + bar.shown)
            return KeypadEdit(text: "")
        case .nothing:
            return nil
        }
    }

    /// The bar or the candidate grid: as many candidates a page as it has slots for.
    public func showing(slots: Int) { bar.fit(slots: slots) }

    /// The kana being composed, the page of candidates, ▸ when there are more.
    public func suggestions() -> [String] {
        guard !secure, !romaji.isEmpty else { return [] }
        let list = choices()
        let page = list.dropFirst(bar.firstIndex).prefix(bar.shown).map(\.text)
        return bar.labels(composing: romaji.text, page: Array(page), more: list.count > bar.firstIndex + bar.shown)
    }
}

import StackboardCore
import StackboardRuntime

/// The keypad's engine for the pinyin layouts, through librime's Luna Pinyin: letters compose
/// (full or abbreviated pinyin, whole sentences); the bar shows the pinyin being composed (a
/// tap types its letters), five candidates (a tap types them, or converts the first part of
/// the pinyin and keeps the rest) and ▸ for more (the candidate grid, whose slots it fills the
/// same way: `showing(slots:)`). Space types the first candidate;
/// punctuation types it, then itself; backspace takes back one letter.
///
/// librime deploys its data on its own thread the first time: letters tapped meanwhile wait,
/// shown with `preparingLabel`, and compose once it is done. A secret field gets the letters as
/// they are (nothing composed, nothing learned) and the bar's lock.
public final class PinyinWords: KeypadWords {
    private let library: RimeLibrary
    private let simplified: Bool
    private var session: RimeSession?
    /// Letters tapped while librime deploys.
    private var pending = ""
    private var secure = false
    private var bar = CandidateBar(shown: RimeLibrary.pageSize)

    /// What the bar shows beside the letters tapped while librime deploys its data.
    public static let preparingLabel = "…"

    /// An engine over `library`; `simplified`: Simplified characters, else Traditional.
    init(library: RimeLibrary, simplified: Bool) {
        self.library = library
        self.simplified = simplified
    }

    /// The session, once librime's deploy is done (the letters that waited are sent then).
    private func ready() -> RimeSession? {
        if let session { return session }
        guard !library.isDeploying, let made = RimeSession(library: library, simplified: simplified) else { return nil }
        session = made
        let waiting = pending
        pending = ""
        for letter in waiting.unicodeScalars { _ = made.key(Int32(letter.value)) }
        return made
    }

    private var isComposing: Bool { !pending.isEmpty || !(session?.input.isEmpty ?? true) }

    private static func isLetter(_ text: String) -> Bool {
        text.unicodeScalars.count == 1 && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || $0 == "'" }
    }

    /// A letter composes; anything else types the first candidate (space: only that), then itself.
    public func typing(_ text: String) -> KeypadEdit {
        if secure { return KeypadEdit(text: text) }
        if Self.isLetter(text), !(text == "'" && !isComposing) {
            bar.rewind()
            guard let session = ready(), let scalar = text.unicodeScalars.first else {
                pending += text
                return KeypadEdit(text: "")
            }
            return KeypadEdit(text: session.key(Int32(scalar.value)) ?? "")
        }
        guard isComposing else { return KeypadEdit(text: text) }
        let first = commitFirst()
        return KeypadEdit(text: first + (text == " " ? "" : text))
    }

    /// Picks the first candidate until all the pinyin is converted: the characters.
    private func commitFirst() -> String {
        guard let session = ready() else { return takeRaw() }
        var typed = ""
        for _ in 0..<64 where !session.input.isEmpty {
            guard let commit = session.select(0) else {
                if session.candidates(from: 0, count: 1).texts.isEmpty { return typed + takeRaw() }
                continue
            }
            typed += commit
        }
        bar.rewind()
        return typed
    }

    /// The letters typed as they are; nothing is composed after.
    private func takeRaw() -> String {
        let raw = pending + (session?.input ?? "")
        pending = ""
        session?.clear()
        bar.rewind()
        return raw
    }

    /// One letter back while composing, else one character.
    public func deletingBackward() -> KeypadEdit {
        guard !secure, isComposing else { return KeypadEdit(deleteCount: 1, text: "") }
        bar.rewind()
        if !pending.isEmpty {
            pending.removeLast()
        } else {
            _ = session?.key(RimeSession.backSpace)
        }
        return KeypadEdit(text: "")
    }

    /// The pinyin typed as letters before a named key or a shortcut.
    public func endingComposition() -> KeypadEdit? {
        isComposing ? KeypadEdit(text: takeRaw()) : nil
    }

    /// A named key (the letters went out before it, by `endingComposition`).
    public func sending(_ key: NamedKey) { _ = takeRaw() }
    /// The composition is dropped: the caret is no longer where it was.
    public func contextLost() { _ = takeRaw() }
    /// Another window or layout drops the composition; a click elsewhere or a physical key keeps
    /// it (it is the keyboard's own, not in the field).
    public func reset(_ reason: ContextReset) {
        if ComposeEngines.dropsComposition(reason) { _ = takeRaw() }
    }

    /// A secret field: letters go out as they are, nothing composed or learned.
    public func setSecure(_ on: Bool) {
        secure = on
        _ = takeRaw()
    }

    /// Whether the field is a secret.
    public var isLocked: Bool { secure }

    /// In a secret field every key goes out as it is.
    public func passesThrough(_ text: String) -> Bool { secure }

    /// Slot 0: the letters; then the page's candidates; then ▸, the next page.
    public func accepting(slot: Int) -> KeypadEdit? {
        guard isComposing else { return nil }
        guard let session = ready() else { return slot == 0 ? KeypadEdit(text: takeRaw()) : nil }
        let page = session.candidates(from: bar.firstIndex, count: bar.shown)
        switch bar.tap(slot: slot, count: page.texts.count) {
        case .composition:
            return KeypadEdit(text: takeRaw())
        case .candidate(let index):
            bar.rewind()
            return KeypadEdit(text: session.select(index) ?? "")
        case .nextPage:
            bar.turn(more: page.more)
            return KeypadEdit(text: "")
        case .nothing:
            return nil
        }
    }

    /// The bar or the candidate grid: as many candidates a page as it has slots for.
    public func showing(slots: Int) { bar.fit(slots: slots) }

    /// The pinyin being composed, the page of candidates, ▸ when there are more.
    public func suggestions() -> [String] {
        guard !secure, isComposing else { return [] }
        guard let session = ready() else { return [pending, Self.preparingLabel] }
        let page = session.candidates(from: bar.firstIndex, count: bar.shown)
        return bar.labels(composing: session.preedit, page: page.texts, more: page.more)
    }

    /// The candidates the bar shows now, best first (the evaluation's view of the bar).
    func candidatesShown() -> [String] {
        guard let session = ready(), isComposing else { return [] }
        return session.candidates(from: bar.firstIndex, count: bar.shown).texts
    }

    /// Whether librime is ready to convert (its deploy is done).
    public var isReady: Bool { ready() != nil }

    /// Waits for librime's deploy to end (a command's, never the loop's): whether it can convert.
    func waitUntilReady() -> Bool {
        library.waitForDeploy()
        return isReady
    }
}

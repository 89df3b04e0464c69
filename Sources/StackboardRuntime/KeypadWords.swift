import StackboardCore

/// An edit of the text before the caret: delete `deleteCount` characters, then type `text`.
public struct KeypadEdit: Equatable, Sendable {
    /// Characters (grapheme clusters) to delete before the caret first.
    public var deleteCount: Int
    /// Then the text to type.
    public var text: String

    /// An edit with every property given.
    public init(deleteCount: Int = 0, text: String) {
        self.deleteCount = deleteCount
        self.text = text
    }
}

/// What a swipe may have meant: the words, best first, and whether the caret is at the start of
/// a sentence (the word is then capitalized unless the swipe said otherwise).
public struct SwipeCandidates: Equatable, Sendable {
    /// The words, best first (empty: no word fits the swipe).
    public var words: [String]
    /// Whether the caret is at the start of a sentence.
    public var sentenceStart: Bool

    /// Candidates with every property given.
    public init(words: [String], sentenceStart: Bool) {
        self.words = words
        self.sentenceStart = sentenceStart
    }
}

/// What the keyboard knows of the focused field, for the word engine: what it may do there and
/// the text before the caret when the application shows it.
public struct WordField: Equatable, Sendable {
    /// Whether a word typed there may be corrected (not a password, terminal, URL, e-mail or
    /// number field, and the user did not turn correction off).
    public var corrects: Bool
    /// Whether the first letter of a sentence may be capitalized by itself there.
    public var capitalizes: Bool
    /// The text before the caret as the application shows it (nil: it shows none, it was not
    /// read yet, or it is a secret, which is never read).
    public var textBeforeCaret: String?
    /// Whether a second space right after a word and the space the keyboard typed makes ". "
    /// (the user's setting, in a field that takes prose).
    public var doubleSpacePeriod: Bool
    /// Whether a desktop input method may stand between the keys and the field
    /// (`InputMethodPresence`): what the keyboard typed is then no proof of what the field holds,
    /// and automatic edits delete only what `textBeforeCaret` shows.
    public var inputMethod: Bool

    /// A field with every property given.
    public init(corrects: Bool, capitalizes: Bool, textBeforeCaret: String?, doubleSpacePeriod: Bool = true,
                inputMethod: Bool = false) {
        self.corrects = corrects
        self.capitalizes = capitalizes
        self.textBeforeCaret = textBeforeCaret
        self.doubleSpacePeriod = doubleSpacePeriod
        self.inputMethod = inputMethod
    }

    /// A field nothing is known of: corrections and capitals allowed, no text seen.
    public static let unknown = WordField(corrects: true, capitalizes: true, textBeforeCaret: nil)
}

/// The word engine as the keypad sees it (the application plugs in the words engine). It is
/// told everything the keypad types, before it is typed, and may change it (a punctuation mark
/// right after an accepted suggestion's space replaces the space); it answers what the
/// suggestion bar shows and what a tap on a slot types.
///
/// Between a key's release and its key going out the keypad asks the engine only for the edit
/// (`typing`); an engine may leave the rest of its work for that text (its context, learning)
/// to `settle()`, which the keypad calls once the keys went out, before it asks for the
/// suggestions. The engine must also settle by itself first thing at any other call.
public protocol KeypadWords: AnyObject {
    /// A key types `text`: what to do instead (usually just `text`). Keep it quick: the key
    /// waits for it; what can wait belongs in `settle()`.
    func typing(_ text: String) -> KeypadEdit
    /// The keys of the edits asked for went out: the engine's work that `typing` left for after
    /// them (the default: nothing).
    func settle()
    /// A backspace: what to do instead (usually delete one; right after an accepted suggestion,
    /// restore what was typed before it).
    func deletingBackward() -> KeypadEdit
    /// A named key other than backspace is about to be sent: what to type before it (return or
    /// tab ending a word that is corrected; the default: nothing).
    func endingWord(by key: NamedKey) -> KeypadEdit?
    /// A named key other than backspace was sent (return, tab, arrows, ...).
    func sending(_ key: NamedKey)
    /// Something changed the text in a way the engine cannot follow (a shortcut with ctrl, the
    /// field cleared): what is before the caret is no longer known.
    func contextLost()
    /// The caret moved where the keyboard cannot follow, for `reason` (another window, a click
    /// outside, a physical key, the keyboard hidden or its layout changed).
    func reset(_ reason: ContextReset)
    /// A secret is typed now (a password field), or no longer: locked, nothing is suggested,
    /// learned or kept.
    func setSecure(_ on: Bool)
    /// Slot `slot` of the bar was tapped: the edit that types its word (nil: the slot is empty).
    func accepting(slot: Int) -> KeypadEdit?
    /// Whether `typing(text)` would now be just `text`, without changing anything (the key can
    /// then be sent ahead of the release; the default: not known, no).
    func passesThrough(_ text: String) -> Bool
    /// What the bar shows now, best first (at most as many as it has slots).
    func suggestions() -> [String]
    /// The bar shown has `slots` slots (another layer: the candidate grid has more than the
    /// bar); an engine with pages of candidates fills them (the default: nothing).
    func showing(slots: Int)
    /// Whether the field is a secret: the bar shows a lock and nothing else.
    var isLocked: Bool { get }
    /// Whether swipes can be decoded now: the engine has a word list and is not locked (the
    /// default: no swiping).
    var canSwipe: Bool { get }
    /// A swipe is under way over `geometry`'s letters: the engine may start making what decodes
    /// it, so that the release finds it ready (the default: nothing).
    func swipeStarted(over geometry: KeyboardGeometry)
    /// The words a swipe along `path` over `geometry`'s letters may mean, best first, at most
    /// `limit`, after what is before the caret (nil: the layer's letters cannot be swiped; the
    /// default).
    func decodeSwipe(_ path: [Point], over geometry: KeyboardGeometry, limit: Int) -> SwipeCandidates?
    /// A swipe typed `word`: the edit that types it (the default: `typing(word + " ")`).
    func swiped(_ word: String) -> KeypadEdit
    /// A tap on the bar replaces the swiped `typed` word (and its space) with `word`: the edit
    /// (the default: backspaces over it, told to `deletingBackward`, then `typing(word + " ")`).
    func replacingSwipe(_ typed: String, with word: String) -> KeypadEdit
    /// What is known of the focused field changed (another field, its text read again, the
    /// user's settings): the engine keeps it for what follows (the default: nothing).
    func fieldChanged(_ field: WordField)
    /// Whether the caret is at the start of a sentence, as far as the engine knows (the field's
    /// start, or after `. ! ?` and a space): a letter typed now is capitalized by itself where
    /// the field allows (the default: not known, no).
    var atSentenceStart: Bool { get }
    /// An engine that composes (Hangul, pinyin, kana): the edit that types what is being
    /// composed as it is, before a named key, a shortcut or a move of the caret, after which it
    /// composes nothing (nil: nothing is composed; the default).
    func endingComposition() -> KeypadEdit?
    /// The text of the next `typing` comes from a tap that went down at `point` (the keypad's
    /// pixels) on `geometry`'s keys: where it landed, for tap correction (the default: nothing).
    func tapLanded(at point: Point, on geometry: KeyboardGeometry)
}

extension KeypadWords {
    /// Nothing left to do.
    public func settle() {}
    /// The same words whatever the slots.
    public func showing(slots: Int) {}
    /// Not known.
    public func passesThrough(_ text: String) -> Bool { false }
    /// No swiping.
    public var canSwipe: Bool { false }
    /// Nothing to make.
    public func swipeStarted(over geometry: KeyboardGeometry) {}
    /// Nothing decoded.
    public func decodeSwipe(_ path: [Point], over geometry: KeyboardGeometry, limit: Int) -> SwipeCandidates? { nil }
    /// Nothing kept.
    public func fieldChanged(_ field: WordField) {}
    /// Not known.
    public var atSentenceStart: Bool { false }
    /// Nothing composed.
    public func endingComposition() -> KeypadEdit? { nil }
    /// Nothing to type first.
    public func endingWord(by key: NamedKey) -> KeypadEdit? { nil }
    /// Not kept.
    public func tapLanded(at point: Point, on geometry: KeyboardGeometry) {}
    /// The word and a space, typed as a key would.
    public func swiped(_ word: String) -> KeypadEdit { typing(word + " ") }
    /// Backspaces over the typed word and its space (the engine hears each), then the new word.
    public func replacingSwipe(_ typed: String, with word: String) -> KeypadEdit {
        var deletes = 0
        for _ in 0..<(typed.count + 1) { deletes += max(1, deletingBackward().deleteCount) }
        let retyped = typing(word + " ")
        return KeypadEdit(deleteCount: deletes + retyped.deleteCount, text: retyped.text)
    }
}

extension KeypadRuntime {
    /// The label the bar shows in a secure field, in its first slot.
    public static let lockLabel = "🔒"

    /// How long the bar shows a notice: s.
    public static let noticeSeconds = 4.0

    /// Shows `text` (short: one slot's width) on the suggestion bar for `noticeSeconds`, in
    /// place of its words: something the user must see, such as keys that were not typed.
    public func showNotice(_ text: String, now: Double) {
        barNotice = (text, now + Self.noticeSeconds)
        markSlotsDirty()
    }

    /// Takes the notice off the bar (its time is up, or a slot was tapped).
    func clearNotice() {
        guard barNotice != nil else { return }
        barNotice = nil
        markSlotsDirty()
    }

    private func markSlotsDirty() {
        for placed in state.geometry.keys {
            if case .suggestion = placed.key.action { dirtyKeys.insert(placed.index) }
        }
    }

    /// The indices of the suggestion bar's keys that show no word now (switch scanning skips them).
    public var emptySlotKeys: Set<Int> {
        var empty = Set<Int>()
        for placed in state.geometry.keys {
            guard case .suggestion(let slot) = placed.key.action else { continue }
            if !suggestionLabels.indices.contains(slot) || suggestionLabels[slot].isEmpty { empty.insert(placed.index) }
        }
        return empty
    }

    /// What the suggestion bar's slots show now: a notice, the lock, or the words.
    public func slotLabel(_ slot: Int) -> String {
        if let notice = barNotice { return slot == 0 ? notice.text : "" }
        if let words, words.isLocked { return slot == 0 ? Self.lockLabel : "" }
        return suggestionLabels.indices.contains(slot) ? suggestionLabels[slot] : ""
    }

    /// Asks the engine for the bar's words again (right after a swipe: the swipe's other
    /// candidates); repaints the slots when they changed.
    public func refreshSuggestions() {
        let fresh = words.map { $0.isLocked ? [] : (swipeChoices?.alternatives ?? $0.suggestions()) } ?? []
        guard fresh != suggestionLabels || words?.isLocked == true else { return }
        suggestionLabels = fresh
        markSlotsDirty()
    }

    /// The host's part of a typing keypad's effect, through the word engine when there is one.
    func typingRequest(_ effect: Effect, now: Double) -> Bool {
        guard let host = typingHost else { return false }
        if case .acceptSuggestion = effect, barNotice != nil {
            clearNotice() // a tap on the notice puts the words back; it types nothing
            return true
        }
        if case .acceptSuggestion(let slot) = effect, let words, !words.isLocked, swipeChoices != nil {
            if let edit = replaceSwipe(slot, words: words) { typeEdit(edit, modifiers: [], host: host) }
            return true
        }
        swipeChoices = nil
        guard let words else {
            switch effect {
            case .type(let text, let modifiers): host.keypad(self, perform: .type(text, modifiers: modifiers))
            case .key(let key, let modifiers): host.keypad(self, perform: .key(key, modifiers: modifiers))
            default: break
            }
            return false
        }
        switch effect {
        case .type(let text, let modifiers) where modifiers.isDisjoint(with: Self.shortcutModifiers):
            if let tapAt { words.tapLanded(at: tapAt, on: state.geometry) }
            typeEdit(words.typing(text), modifiers: modifiers, host: host)
        case .type(let text, let modifiers):
            if let composed = words.endingComposition() { typeEdit(composed, modifiers: [], host: host) }
            words.contextLost()
            host.keypad(self, perform: .type(text, modifiers: modifiers))
        case .key(.backspace, let modifiers) where modifiers.isEmpty:
            typeEdit(words.deletingBackward(), modifiers: [], host: host)
        case .key(let key, let modifiers):
            if let composed = words.endingComposition() { typeEdit(composed, modifiers: [], host: host) }
            if modifiers.isDisjoint(with: Self.shortcutModifiers) {
                if let edit = words.endingWord(by: key) { typeEdit(edit, modifiers: [], host: host) }
                words.sending(key)
            } else {
                words.contextLost()
            }
            host.keypad(self, perform: .key(key, modifiers: modifiers))
        case .acceptSuggestion(let slot):
            if opensCandidateGrid(slot) { return true }
            if !words.isLocked, let edit = words.accepting(slot: slot) { typeEdit(edit, modifiers: [], host: host) }
            leaveCandidateGrid(after: slot)
        default:
            return false
        }
        return true
    }

    // MARK: The candidate grid

    /// A tap on ▸ (more candidates) on the bar of a layout with a candidate grid opens the grid
    /// (after the effects) instead of turning the bar's page: returns whether it did.
    func opensCandidateGrid(_ slot: Int) -> Bool {
        guard slotLabel(slot) == Layout.moreCandidatesLabel, state.layerName != Layout.candidateGridLayer,
              state.layout.layer(named: Layout.candidateGridLayer) != nil else { return false }
        gridOpenedFrom = state.layerName
        layerAfterEffects = Layout.candidateGridLayer
        return true
    }

    /// A candidate (or the composition) picked on the grid: back to the layer it was opened
    /// from. ▸ on the grid turns its page and stays.
    func leaveCandidateGrid(after slot: Int) {
        guard state.layerName == Layout.candidateGridLayer, slotLabel(slot) != Layout.moreCandidatesLabel else { return }
        layerAfterEffects = gridOpenedFrom ?? state.layout.layers.first?.name
    }

    /// After the effects: the layer asked for is shown; the grid is left once nothing is being
    /// composed (backspace took the last letter); and the engine is told how many slots the layer
    /// shown has (the grid's, or the bar's), then asked for its words again.
    func followCandidateGrid(now: Double) {
        if state.layerName == Layout.candidateGridLayer, layerAfterEffects == nil, words != nil, suggestionLabels.isEmpty {
            layerAfterEffects = gridOpenedFrom ?? state.layout.layers.first?.name
        }
        if let layer = layerAfterEffects {
            layerAfterEffects = nil
            perform(state.switchLayer(to: layer), now: now)
        }
        if state.layerName != Layout.candidateGridLayer { gridOpenedFrom = nil }
        guard slotsLayer != state.layerName else { return }
        slotsLayer = state.layerName
        words?.showing(slots: state.layout.suggestionSlots(inLayer: state.layerName))
        refreshSuggestions()
    }

    /// Modifiers that make a key a shortcut rather than text.
    static let shortcutModifiers: Set<Modifier> = [.ctrl, .alt, .super]

    func typeEdit(_ edit: KeypadEdit, modifiers: Set<Modifier>, host: TypingHost) {
        for _ in 0..<max(0, edit.deleteCount) { host.keypad(self, perform: .key(.backspace, modifiers: [])) }
        if !edit.text.isEmpty { host.keypad(self, perform: .type(edit.text, modifiers: modifiers)) }
    }

    /// The field's part of an entry keypad's effect, through the word engine when there is one.
    func fieldRequest(_ effect: Effect, now: Double) -> Bool {
        if case .acceptSuggestion(let slot) = effect, let words, !words.isLocked, swipeChoices != nil {
            if let change = replaceSwipe(slot, words: words) { fieldEdit(change, now: now) }
            return true
        }
        swipeChoices = nil
        guard let words else {
            if case .edit(let command) = effect { edit(command, now: now) }
            return false
        }
        switch effect {
        case .edit(.insert(let text)):
            if let tapAt { words.tapLanded(at: tapAt, on: state.geometry) }
            fieldEdit(words.typing(text), now: now)
        case .edit(.deleteBackward):
            fieldEdit(words.deletingBackward(), now: now)
        case .edit(let command):
            if let composed = words.endingComposition() { fieldEdit(composed, now: now) }
            switch command {
            case .moveLeft: words.sending(.left)
            case .moveRight: words.sending(.right)
            case .moveToStart: words.sending(.home)
            case .moveToEnd: words.sending(.end)
            case .deleteForward: words.sending(.delete)
            default: words.contextLost()
            }
            edit(command, now: now)
        case .acceptSuggestion(let slot):
            if opensCandidateGrid(slot) { return true }
            if !words.isLocked, let change = words.accepting(slot: slot) { fieldEdit(change, now: now) }
            leaveCandidateGrid(after: slot)
        default:
            return false
        }
        return true
    }

    func fieldEdit(_ change: KeypadEdit, now: Double) {
        for _ in 0..<max(0, change.deleteCount) { edit(.deleteBackward, now: now) }
        if !change.text.isEmpty { edit(.insert(change.text), now: now) }
    }
}

extension KeypadRuntime {
    /// Tells the typing host what the release of the pointer that is down will type, when the
    /// state says and the word engine would type it as it is (see `TypingHost`).
    func offerReleaseAhead(now: Double) {
        guard field == nil, let host = typingHost, var ahead = state.releaseAhead(now: now),
              words.map({ $0.passesThrough(ahead.text) }) ?? true else {
            if offersReleaseAhead { withdrawReleaseAhead() }
            return
        }
        ahead.point = Point(x: ahead.point.x + frame.x, y: ahead.point.y + frame.y)
        offersReleaseAhead = host.keypad(self, releaseAhead: ahead)
    }

    /// The release offered ahead no longer holds.
    func withdrawReleaseAhead() {
        offersReleaseAhead = false
        _ = typingHost?.keypad(self, releaseAhead: nil)
    }
}

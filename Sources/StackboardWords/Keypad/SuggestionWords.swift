import StackboardCore
import StackboardRuntime
import StackboardSystem

/// The word engine behind a keypad's suggestion bar: a `SuggestionSession` over the shipped
/// model of one language and the user's learned words, which it saves (atomically, mode 0600)
/// a few seconds after they changed and when the keyboard ends. A secure field locks it: no
/// suggestions, nothing learned, no context kept. `typing` works out only the edit; the session
/// hears of the text at `settle()`, after the key went out, or first thing at any other call.
public final class SuggestionWords: KeypadWords {
    /// Seconds after the last learned change before the learned words are written.
    public static let saveDelay = 5.0

    public private(set) var session: SuggestionSession
    /// The language (the model's tag).
    public let language: String
    /// Writes the learned words, off the loop (nil: nothing is written, e.g. a plug at a greeter,
    /// or not yet: the file is still being read).
    private var writer: LearnedWordsWriter?
    /// The learned words being read from their file, and the store they are written to once in.
    private var reading: (work: ThreadWork<LearnedWordsStore.Loaded>, store: LearnedWordsStore)?
    /// Whether what is typed is learned (the `learn` setting; off in a plug).
    private let learning: Bool
    /// The learned generation written last.
    private var savedGeneration: Int
    /// When `save` is due: the learned words are due to be written, or, while they are being
    /// read, the loop looks whether they are in (every `readPollSeconds`).
    public var saveDue: Double? {
        settle()
        let poll = reading != nil ? MonotonicClock.now() + Self.readPollSeconds : nil
        return [dueAt, poll].compactMap { $0 }.min()
    }
    /// How often the loop looks whether learned words being read are in (s).
    static let readPollSeconds = 0.02
    private var dueAt: Double?
    /// Text `typing` returned the edit for, not yet told to the session (`settle`).
    private var unsettled: String?
    /// Where the tap of `unsettled` landed.
    private var unsettledTap: TapPoint?
    /// Where the tap of the next `typing` landed (`tapLanded`).
    private var landedTap: TapPoint?
    /// The keys the tap decoder was made for.
    private var decoderGeometry: KeyboardGeometry?
    /// Told once about a problem (one line, never a word).
    private let report: (String) -> Void
    private var secure = false
    /// What is known of the focused field (`fieldChanged`).
    public private(set) var field = WordField.unknown
    /// The swipe decoder, kept between swipes.
    let swipeDecoders = SwipeDecoders()

    /// The engine for `language` with `slots` suggestions, or nil (after one line to `report`)
    /// when the language has no model. `store` nil: nothing is loaded from or saved to disk.
    /// `atSentenceStart`: what comes first starts a sentence (an empty field of its own); the
    /// keyboard does not know what is before the caret of another application, so it is false.
    /// `holdsLearning`: an ended word waits to be seen in the field (`confirmHeldWords`).
    public static func load(language: String, slots: Int, learning: Bool, store: LearnedWordsStore?, atSentenceStart: Bool = false,
                     holdsLearning: Bool = false, models: WordModels = .forCurrentProcess(),
                     report: @escaping (String) -> Void) -> SuggestionWords? {
        let shipped: ShippedWordModel
        do { shipped = try models.load(language) } catch {
            report("no word suggestions: \(error); 'stackboard words languages' lists the languages there are")
            return nil
        }
        let session = SuggestionSession(predictor: WordPredictor(shipped: shipped, learned: UserWordModel(fold: shipped.fold)),
                                        slots: slots, privacy: learning ? .normal : .noLearn, atSentenceStart: atSentenceStart)
        let made = SuggestionWords(session: session, language: language, learning: learning, report: report)
        made.session.holdsLearning = holdsLearning
        if let store, learning {
            // Read on a thread: at the bounds the file takes ~100 ms to read, which the loop does
            // not wait for. Until it is in, suggestions come from the shipped model and what is
            // learned meanwhile is kept apart; nothing is saved before it is in (`adoptLearned`).
            let fold = shipped.fold
            let work = ThreadWork {
                let loaded = store.load(language, fold: fold)
                HeapMemory.giveBackFreePages() // the file's bytes, read and let go
                return loaded
            }
            made.reading = (work, store)
        }
        return made
    }

    private init(session: SuggestionSession, language: String, learning: Bool, report: @escaping (String) -> Void) {
        self.session = session
        self.language = language
        self.learning = learning
        self.report = report
        savedGeneration = session.learnedGeneration
    }

    /// Takes the learned words read from the file once they are in (waiting for them with
    /// `waiting`): what was learned meanwhile is added after them, and from then on they are saved
    /// (unless the file could not be read: then nothing is written over it). True when they
    /// came in now (the bar's suggestions may change).
    @discardableResult
    public func adoptLearned(waiting: Bool = false) -> Bool {
        guard let reading, var loaded = reading.work.take(waiting: waiting) ?? (waiting ? Self.unread(session.learned.fold) : nil) else {
            return false
        }
        self.reading = nil
        if let notice = loaded.notice { report(notice.hasPrefix("stackboard: ") ? String(notice.dropFirst(12)) : notice) }
        var model = UserWordModel(fold: session.learned.fold)
        swap(&model, &loaded.model) // the read model's storage, unshared: absorbing copies nothing
        model.absorb(session.learned)
        session.setLearned(model)
        if loaded.mayBeSaved { writer = LearnedWordsWriter(store: reading.store) }
        noteLearning()
        return true
    }

    /// Waits for a write under way and writes nothing more (the learned words are being
    /// forgotten: no write may land after their file is removed).
    public func stopWriting() {
        _ = writer?.finish()
        writer = nil
        reading = nil
    }

    /// Whether the learned words are still being read.
    public var readingLearned: Bool { reading != nil }

    /// What stands for a read that gave nothing back: nothing loaded, nothing written over the file.
    private static func unread(_ fold: WordFold) -> LearnedWordsStore.Loaded {
        LearnedWordsStore.Loaded(model: UserWordModel(fold: fold), notice: nil, mayBeSaved: false)
    }

    /// Lets the pages of the shipped model read so far go (read again from the file when needed).
    public func releaseResidentPages() {
        session.predictor.shipped.releaseResidentPages()
    }

    /// Locks the engine for a secret (a password field) or unlocks it.
    public func setSecure(_ on: Bool) {
        settle()
        guard on != secure else { return }
        secure = on
        session.setPrivacy(on ? .secure : (learning ? .normal : .noLearn))
    }

    /// Keeps what is known of the focused field; its text before the caret, when read, becomes
    /// the context where the engine's own record does not agree (SuggestionWords+Field.swift).
    public func fieldChanged(_ field: WordField) {
        settle()
        self.field = field
        session.automaticEdits = AutomaticEdits(capitalizes: field.capitalizes, doubleSpacePeriod: field.doubleSpacePeriod)
        if let text = field.textBeforeCaret, !secure { session.adoptField(text, limit: WordEngines.fieldReadLimit) }
    }

    /// What is before the caret is no longer known, for `reason`.
    public func reset(_ reason: ContextReset) {
        settle()
        session.reset(reason)
    }

    // MARK: KeypadWords

    /// Only the edit: the session is told at `settle()` (the key goes out first).
    public func typing(_ text: String) -> KeypadEdit {
        settle()
        followField()
        let edit = session.edit(forTyping: text)
        unsettled = text
        unsettledTap = landedTap
        landedTap = nil
        return KeypadEdit(deleteCount: edit.deleteCount, text: edit.text)
    }

    /// Keeps where the tap of the next `typing` landed, with a decoder for `geometry`'s keys.
    public func tapLanded(at point: Point, on geometry: KeyboardGeometry) {
        settle()
        if decoderGeometry != geometry {
            decoderGeometry = geometry
            let decoder = TapDecoder(geometry: geometry, fold: session.predictor.shipped.fold)
            session.tapDecoder = decoder.hasLetters ? decoder : nil
        }
        landedTap = TapPoint(x: Double(point.x), y: Double(point.y))
    }

    /// Tells the session what the field allows and shows (correction acts only where both agree).
    private func followField() {
        session.corrects = field.corrects && !secure
        session.fieldText = field.textBeforeCaret
        session.deletesOnlyWhatFieldShows = field.inputMethod
    }

    /// Only with nothing left to settle: settling may change what `typing` does.
    public func passesThrough(_ text: String) -> Bool {
        unsettled == nil && session.edit(forTyping: text) == .insert(text)
    }

    /// Tells the session the text of the last `typing` (its context, what it learns).
    public func settle() {
        guard let text = unsettled else { return }
        unsettled = nil
        followField()
        session.nextTap = unsettledTap
        unsettledTap = nil
        _ = changed(session.typed(text))
    }

    /// A backspace: the session's edit (an accepted word undone, or one deleted).
    public func deletingBackward() -> KeypadEdit {
        settle()
        return changed(session.backspace())
    }

    /// Return or tab is about to be sent: the correction of the word it ends, if any.
    public func endingWord(by key: NamedKey) -> KeypadEdit? {
        settle()
        followField()
        return session.endingWord(by: Self.contextKey(key)).map { changed($0) }
    }

    /// A named key went out: the session's context follows it.
    public func sending(_ key: NamedKey) {
        settle()
        session.key(Self.contextKey(key))
        noteLearning()
    }

    /// What is before the caret is no longer known.
    public func contextLost() {
        settle()
        session.reset(.keyboardChanged)
    }

    /// The edit that types slot `slot`'s word (nil: the slot is empty).
    public func accepting(slot: Int) -> KeypadEdit? {
        settle()
        guard let edit = session.accept(slot) else { return nil }
        return changed(edit)
    }

    /// What the bar shows now, best first.
    public func suggestions() -> [String] {
        settle()
        var words = session.suggestions()
        if let coming = session.coming, words.first == coming.word {
            words[0] = Self.correctionMark + coming.word
            if words.count > 1, words[1] == coming.literal { words[1] = "“" + coming.literal + "”" }
        }
        return words
    }

    /// What marks the correction a word's end will make, first on the bar (the literal word
    /// follows in quotes: a tap on it keeps the word as typed).
    public static let correctionMark = "→ "

    /// Whether a secret is typed (nothing suggested, learned or kept).
    public var isLocked: Bool { secure }

    // MARK: Learning what the field shows

    /// Whether ended words wait to be seen in the field.
    public var holdsWords: Bool {
        settle()
        return !session.heldWords.isEmpty
    }

    /// Whether `text` (the field's, before the caret) shows every word that waits.
    public func fieldShowsHeldWords(_ text: String) -> Bool {
        settle()
        return session.heldWords.allSatisfy { WordText.field(text, shows: $0.word) }
    }

    /// Learns the waiting words that `fieldText` shows and drops the others (nil: the field
    /// cannot be seen, and nothing is learned).
    public func confirmHeldWords(fieldText: String?) {
        settle()
        if let fieldText {
            session.confirmLearning { WordText.field(fieldText, shows: $0) }
        } else {
            session.dropHeldWords()
        }
        noteLearning()
    }

    // MARK: Saving

    /// Seconds a due save waits when the last write is still under way (a slow disk).
    static let busyRetry = 1.0

    /// Writes the learned words when they are due (or now, with `force`), if they changed: on a
    /// thread of its own (`LearnedWordsWriter`), except with `force` (the keyboard's end), which
    /// first waits for a write under way and then writes here. A write's failure is said at the
    /// call after it ended. First it takes the learned words read meanwhile (waiting for them
    /// with `force`): true when they came in now (the bar's suggestions may change).
    @discardableResult
    public func save(now: Double, force: Bool = false) -> Bool {
        settle()
        let cameIn = adoptLearned(waiting: force)
        if reading != nil {
            // Not before the file is in: what would be written is not all the user's words.
            if let due = dueAt, due <= now { dueAt = now + Self.busyRetry }
            return cameIn
        }
        if let failure = force ? writer?.finish() : writer?.collect() { report("\(failure)") }
        guard let writer, session.learnedGeneration != savedGeneration else {
            dueAt = nil
            return cameIn
        }
        guard force || (dueAt.map { $0 <= now } ?? false) else { return cameIn }
        guard force || !writer.busy else {
            dueAt = now + Self.busyRetry
            return cameIn
        }
        dueAt = nil
        savedGeneration = session.learnedGeneration
        if force {
            do { try writer.store.save(session.learned, language: language) } catch { report("\(error)") }
        } else {
            _ = writer.start(session.learned, language: language)
        }
        return cameIn
    }

    private func changed(_ edit: TextEdit) -> KeypadEdit {
        noteLearning()
        return KeypadEdit(deleteCount: edit.deleteCount, text: edit.text)
    }

    /// After a change that may have learned something: the save is due a while later.
    private func noteLearning() {
        guard writer != nil || reading != nil, session.learnedGeneration != savedGeneration, dueAt == nil else { return }
        dueAt = MonotonicClock.now() + Self.saveDelay
    }

    /// How the engine sees a named key.
    public static func contextKey(_ key: NamedKey) -> ContextKey {
        switch key {
        case .returnKey: return .return
        case .tab: return .tab
        case .left, .right, .up, .down, .home, .end: return .cursor
        case .backspace, .delete, .escape, .keysym: return .other
        }
    }
}

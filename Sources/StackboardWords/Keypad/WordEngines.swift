import StackboardCore
import StackboardRuntime
import StackboardSystem

/// The keyboard's word engines, one per language, made when a layout with a suggestion bar is
/// first shown: the language is the `language` setting, else the layout's, else English. A
/// plug (`--xid`) learns nothing and writes nothing.
///
/// A word is learned only once the focused field shows it (unless `--learn-everywhere`): the
/// engines hold ended words, and the loop reads the field's text before the caret over AT-SPI
/// (`readField`) and learns those it shows. A field that cannot be seen (no accessibility bus, an
/// application off it, a password field) learns nothing; one that does not show the word yet is
/// read again a few times, further apart each time (`HeldWordsReads`: the application, or an
/// input method before it, may not have handled the keys yet), then what it shows is learned and
/// the rest dropped.
public final class WordEngines {
    private var slots: Int
    private var language: String?
    private var learning: Bool
    /// Whether ended words wait to be seen in the field.
    private let holdsLearning: Bool
    /// Reads the focused field's text before the caret (nil in the reply: it cannot be seen).
    public var readField: ((@escaping (String?) -> Void) -> Void)?
    /// Told each time words typed into a window the keyboard cannot see were not learned.
    public var onUnseenField: (() -> Void)?
    /// When the read in flight was asked for (nil: none). One that never answers (a bus lost
    /// with the question on it) is given up after `readLimitSeconds`.
    private var readingSince: Double?
    private var reading: Bool { readingSince != nil }
    /// How long a read of the field may take before it is given up: s.
    static let readLimitSeconds = 5.0
    /// When a field that does not show the held words yet is read again.
    private var rereads = HeldWordsReads()
    /// How many characters before the caret are read.
    public static let fieldReadLimit = 160
    private let store: LearnedWordsStore?
    private var engines: [String: SuggestionWords] = [:]
    /// Languages without a model (said once).
    private var missing: Set<String> = []

    /// Engines with `slots` suggestions in `language` (nil: each layout's, else English);
    /// `learning`: what is typed is learned; `holdsLearning`: only once the field shows it;
    /// `saves`: learned words are loaded from and written to the user's data directory.
    public init(slots: Int, language: String?, learning: Bool, holdsLearning: Bool, saves: Bool) {
        self.slots = slots
        self.language = language
        self.learning = learning
        self.holdsLearning = holdsLearning
        store = saves ? LearnedWordsStore(environment: FileSystem.environment()) : nil
    }

    /// The engine for `layout`'s language, nil when it has no bar or the language no model.
    public func engine(for layout: Layout) -> SuggestionWords? {
        guard slots > 0, layout.suggestionBar != nil else { return nil }
        let tag = language ?? layout.language ?? "en"
        if let made = engines[tag] { return made }
        guard !missing.contains(tag) else { return nil }
        guard let made = SuggestionWords.load(language: tag, slots: slots, learning: learning, store: store,
                                              holdsLearning: holdsLearning, report: { printError("stackboard: " + $0) }) else {
            missing.insert(tag)
            return nil
        }
        engines[tag] = made
        // Loading the model read all of it and left free heap pages: both go back once, here,
        // not at every layout shown.
        made.releaseResidentPages()
        HeapMemory.giveBackFreePages()
        return made
    }

    /// When the next learned words are due to be written, or the field is due to be read.
    public var saveDue: Double? {
        let read = !reading && engines.values.contains(where: \.holdsWords) ? (rereads.dueAt ?? 0) : nil
        return (engines.values.compactMap(\.saveDue) + [read].compactMap { $0 }).min()
    }

    /// Reads the field for the words that wait, when due (never waited for: the reply comes
    /// through the bus's loop source).
    public func confirmHeldWords(now: Double) {
        if let since = readingSince, now - since > Self.readLimitSeconds { readingSince = nil }
        guard !reading, let engine = engines.values.first(where: \.holdsWords) else { return }
        if let due = rereads.dueAt, due > now { return }
        guard let readField else { return unseen(engine) }
        readingSince = now
        readField { [weak self, weak engine] text in
            guard let self, let engine else { return }
            self.readingSince = nil
            guard let text else { return self.unseen(engine) }
            if self.rereads.answered(shows: engine.fieldShowsHeldWords(text), now: MonotonicClock.now()) == .confirm {
                engine.confirmHeldWords(fieldText: text)
            }
        }
    }

    /// Said once (where an accessibility bus runs) when a word typed was not learned because its
    /// field could not be seen.
    public static let unseenFieldNotice = "words typed into a window whose text fields are not on the accessibility bus are not "
        + "learned (it could be a password field). GTK 3 and 4 applications are seen as they are; Firefox and Qt "
        + "applications once toolkit accessibility is on, which the keyboard turns on (restart them if they started "
        + "before it); Chromium and Electron with --force-renderer-accessibility; xterm and plain Xlib applications "
        + "never: --learn-everywhere learns there anyway"

    private func unseen(_ engine: SuggestionWords) {
        rereads.reset()
        engine.confirmHeldWords(fieldText: nil)
        onUnseenField?()
    }

    /// Takes new settings (the settings panel's): the engines made so far write what they
    /// learned and are let go of; the next layout shown gets one made with these.
    public func reconfigure(slots: Int, language: String?, learning: Bool, now: Double) {
        guard slots != self.slots || language != self.language || learning != self.learning else { return }
        save(now: now, force: true)
        self.slots = slots
        self.language = language
        self.learning = learning
        engines = [:]
        missing = []
        readingSince = nil
        rereads.reset()
    }

    /// Forgets every word learned, in every language: the engines made so far are let go of
    /// without writing, and the files removed. Returns a line for each file that could not be.
    public func forgetLearned() -> [String] {
        // A write under way ends first: it must not bring back a file removed below.
        for engine in engines.values { engine.stopWriting() }
        engines = [:]
        missing = []
        readingSince = nil
        rereads.reset()
        guard let store else { return [] }
        var problems: [String] = []
        for language in store.languages() {
            do { try store.remove(language) } catch { problems.append(error.description) }
        }
        return problems
    }

    /// Takes the learned words of engines whose files were read meanwhile, then writes what is
    /// due (everything, with `force`). True when learned words came in (the bar may change).
    @discardableResult
    public func save(now: Double, force: Bool = false) -> Bool {
        confirmHeldWords(now: now)
        var cameIn = false
        for engine in engines.values {
            if engine.save(now: now, force: force) { cameIn = true }
        }
        return cameIn
    }
}

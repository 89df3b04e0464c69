import StackboardCore
import StackboardRuntime
import StackboardSystem
import StackboardWords

/// The keyboard's word engines, one per language, made when a layout with a suggestion bar is
/// first shown: the language is the `language` setting, else the layout's, else English. A
/// plug (`--xid`) learns nothing and writes nothing.
final class WordEngines {
    private let slots: Int
    private let language: String?
    private let learning: Bool
    private let store: LearnedWordsStore?
    private var engines: [String: SuggestionWords] = [:]
    /// Languages without a model (said once).
    private var missing: Set<String> = []

    /// Engines as `options` ask for.
    init(options: KeyboardOptions) {
        slots = options.suggestions
        language = options.keypad.language
        learning = options.keypad.learn && !options.xid
        store = options.xid ? nil : LearnedWordsStore(environment: FileSystem.environment())
    }

    /// The engine for `layout`'s language, nil when it has no bar or the language no model.
    func engine(for layout: Layout) -> SuggestionWords? {
        guard slots > 0, layout.suggestionBar != nil else { return nil }
        let tag = language ?? layout.language ?? "en"
        if let made = engines[tag] { return made }
        guard !missing.contains(tag) else { return nil }
        guard let made = SuggestionWords.load(language: tag, slots: slots, learning: learning, store: store,
                                              report: { printError("stackboard: " + $0) }) else {
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

    /// When the next learned words are due to be written.
    var saveDue: Double? { engines.values.compactMap(\.saveDue).min() }

    /// Writes what is due (everything, with `force`).
    func save(now: Double, force: Bool = false) {
        for engine in engines.values { engine.save(now: now, force: force) }
    }
}

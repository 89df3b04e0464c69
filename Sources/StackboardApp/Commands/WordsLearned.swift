import StackboardCore
import StackboardSystem
import StackboardWords

/// `stackboard words list|forget|clear|learn`: the learned words on disk.
enum WordsLearned {
    /// The shipped model of `language` (an empty one, with a notice, when there is none).
    static func shipped(_ language: String, models: WordModels) -> ShippedWordModel? {
        do {
            return try models.load(language)
        } catch {
            printError("stackboard: \(error)")
            return nil
        }
    }

    static func store() -> LearnedWordsStore? {
        guard let store = LearnedWordsStore(environment: FileSystem.environment()) else {
            printError("stackboard: neither XDG_DATA_HOME nor HOME is set to an absolute path: set one to say where learned words go")
            return nil
        }
        return store
    }

    static func load(_ language: String, _ store: LearnedWordsStore, fold: WordFold) -> UserWordModel? {
        let loaded = store.load(language, fold: fold)
        if let notice = loaded.notice { printError(notice) }
        return loaded.mayBeSaved ? loaded.model : nil
    }

    static func list(language: String, models: WordModels) -> Int32 {
        guard let store = store() else { return 1 }
        let fold = shippedFold(language, models)
        guard let model = load(language, store, fold: fold) else { return 1 }
        for (word, entry) in model.words.sorted(by: { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }) {
            print("\(entry.count)\t\(word)")
        }
        return 0
    }

    static func forget(_ word: String, language: String, models: WordModels) -> Int32 {
        guard let store = store() else { return 1 }
        guard var model = load(language, store, fold: shippedFold(language, models)) else { return 1 }
        let removed = model.forget(word)
        guard removed > 0 else {
            printError("stackboard: that word is not among the learned words of '\(language)' (see 'stackboard words list --language \(language)')")
            return 1
        }
        return save(model, language, store, "forgot \(removed) entr\(removed == 1 ? "y" : "ies")")
    }

    static func clear(language: String) -> Int32 {
        guard let store = store() else { return 1 }
        do {
            try store.remove(language)
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
        print("cleared the learned words of '\(language)' (\(store.path(for: language)))")
        return 0
    }

    static func learn(file: String, language: String, models: WordModels) -> Int32 {
        guard let text = FileInput.text(file) else {
            printError("stackboard: cannot read '\(file)' as UTF-8 text (at most 64 MiB); check the path and the encoding")
            return 1
        }
        guard let store = store(), let shipped = shipped(language, models: models) else { return 1 }
        guard let model = load(language, store, fold: shipped.fold) else { return 1 }
        var session = SuggestionSession(predictor: WordPredictor(shipped: shipped, learned: model), slots: 0, atSentenceStart: true)
        var line = Substring()
        for c in text {
            if c == "\n" {
                _ = session.typed(String(line))
                session.key(ContextKey.return)
                line = ""
            } else {
                line.append(c)
            }
        }
        _ = session.typed(String(line))
        session.key(ContextKey.return)
        let learned = session.learned
        return save(learned, language, store, "learned \(learned.words.count) words and \(learned.pairCount) pairs in all")
    }

    static func shippedFold(_ language: String, _ models: WordModels) -> WordFold {
        (try? models.load(language))?.fold ?? .basic
    }

    static func save(_ model: UserWordModel, _ language: String, _ store: LearnedWordsStore, _ what: String) -> Int32 {
        do {
            try store.save(model, language: language)
        } catch {
            printError("stackboard: \(error)")
            return 1
        }
        print("\(what) (\(store.path(for: language)))")
        return 0
    }
}

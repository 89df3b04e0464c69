import StackboardCompose
import StackboardCore
import StackboardSystem
import StackboardWords
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard words`: the learned words (list, forget, clear, learn from a file) and the
/// keystroke-savings evaluation of the suggestions.
enum WordsCommand {
    static let command = Command(.words, summary: "list, forget or learn the words suggestions learned; measure keystroke savings",
                                 help: help, run)

    static let help = """
        Usage: stackboard words list [--language L]
               stackboard words forget WORD [--language L]
               stackboard words clear [--language L]
               stackboard words learn FILE [--language L]
               stackboard words evaluate FILE [--language L] [--suggestions N] [--no-learn] [--json]
                                         [--noise SIGMA [--layout NAME] [--size WxH]]
               stackboard words languages

        The suggestion bar learns the words and word pairs you type (never in entry --secure or
        password fields, nor with learning off) into $XDG_DATA_HOME/stackboard/words-L.txt
        (default ~/.local/share/stackboard), one file per language, readable only by you.

          list        the learned words, most used first: count and word
          forget      forget WORD (in any case) and every pair it is in
          clear       forget every learned word of the language
          learn       learn the words of FILE (UTF-8 text you wrote; '-' reads standard input)
          evaluate    simulate a user who types FILE letter by letter and taps a suggestion as
                      soon as the intended word is shown; print the keystrokes without and with
                      suggestions and the keystroke savings. It starts from the shipped model and
                      never reads or changes your learned words. With --noise SIGMA, each letter
                      is also tapped off its key's centre (a Gaussian of SIGMA key widths, seeded,
                      on the layout's real keys; by default the language's XKB layout) and it
                      prints the share of taps on a wrong key, the word error rate of the literal
                      taps and after tap correction, the share of right words correction changed,
                      the keystroke savings under that noise and the decode time per word.
                      With --language zh, ko or ja it types FILE through the keyboard's own
                      composing engine (pinyin, jamo, romaji) and prints keystrokes per character;
                      for ja, FILE is MeCab's analysis of the text (mecab TEXT > FILE).
          languages   the languages that have a word model, and where each is

        Options:
        \(SettingsHelp.options(for: .words))

        Exit status: 0 done, 1 a file could not be read or written, 2 usage error.
        """

    static func run(_ args: Arguments) throws(UsageError) -> Int32 {
        let values = args.settings(config: Config())
        guard let action = args.positional.first else {
            throw UsageError("'stackboard words' needs an action: list, forget WORD, clear, learn FILE, evaluate FILE or languages. See 'stackboard words --help'.")
        }
        let rest = Array(args.positional.dropFirst())
        let models = WordModels.forCurrentProcess()
        let language = values.string(.language) ?? defaultLanguage(models)
        guard WordModels.isLanguageTag(language) else {
            throw UsageError("'\(language)' is not a language tag; give one such as en, de, fr, es or ru.")
        }
        func expect(_ count: Int, _ what: String) throws(UsageError) {
            guard rest.count != count else { return }
            throw UsageError("'stackboard words \(action)' takes \(what), not \(rest.count) argument\(rest.count == 1 ? "" : "s"). See 'stackboard words --help'.")
        }
        for option in [Setting.suggestions, .learn, .json, .noise, .layout, .size] where values.commandLine[option] != nil && action != "evaluate" {
            throw UsageError("Option '--\(option.spec.flag ?? "")' is for 'stackboard words evaluate'.")
        }
        switch action {
        case "languages":
            try expect(0, "no arguments")
            return languages(models)
        case "list", "clear":
            try expect(0, "no arguments")
            return action == "list" ? WordsLearned.list(language: language, models: models) : WordsLearned.clear(language: language)
        case "forget":
            try expect(1, "one WORD")
            return WordsLearned.forget(rest[0], language: language, models: models)
        case "learn":
            try expect(1, "one FILE")
            return WordsLearned.learn(file: rest[0], language: language, models: models)
        case "evaluate":
            try expect(1, "one FILE")
            // Chinese and Korean are composed by the keyboard itself (StackboardCompose).
            if ComposeEvaluator.languages.contains(language) {
                return ComposeEvaluate.run(file: rest[0], language: language, json: values.bool(.json))
            }
            guard values.int(.suggestions) > 0 else {
                throw UsageError("'--suggestions 0' leaves nothing to evaluate: give 1 to 9 suggestions.")
            }
            let noise = values.double(.noise)
            let layoutName = values.string(.layout).flatMap { values.commandLine[.layout] != nil ? $0 : nil }
                ?? WordsEvaluate.defaultLayout(language: language)
            var geometry: KeyboardGeometry?
            if noise > 0 {
                geometry = try evaluationGeometry(layoutName, size: values.size(.size) ?? Size(width: 1280, height: 400))
            }
            return WordsEvaluate.run(WordsEvaluate.Request(file: rest[0], language: language, models: models, slots: values.int(.suggestions),
                                                           learning: values.bool(.learn), json: values.bool(.json), noise: noise,
                                                           geometry: geometry, layoutName: layoutName))
        default:
            let actions: Set<String> = ["list", "forget", "clear", "learn", "evaluate", "languages"]
            let guess = Arguments.closest(to: action, in: actions).map { " Did you mean '\($0)'?" } ?? ""
            throw UsageError("Unknown action '\(action)' for 'stackboard words'.\(guess) Actions: list, forget, clear, learn, evaluate, languages.")
        }
    }

    /// The first layer of layout `name` at `size`: the keys the evaluation taps on.
    static func evaluationGeometry(_ name: String, size: Size) throws(UsageError) -> KeyboardGeometry {
        let layout: Layout
        do throws(LayoutError) {
            layout = try LayoutPreparation.forLocale(shuffle: false, suggestions: 3).load(name)
        } catch {
            throw UsageError("--layout: \(error.description)")
        }
        let layer = try LayoutPreparation.layer(nil, of: layout)
        let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
        guard SwipeKeyboard(geometry: geometry).letters.count >= 10 else {
            throw UsageError("layout '\(name)' has no letter keys on its first layer to tap; give one with letters, such as --layout qwerty.")
        }
        return geometry
    }

    /// The language of `$LANG` (`de_DE.UTF-8` → `de`) when it has a model, else `en`.
    static func defaultLanguage(_ models: WordModels) -> String {
        let env = FileSystem.environment()
        let locale = env["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["LANG"] ?? ""
        let tag = String(locale.prefix { $0.isLetter })
        return !tag.isEmpty && tag != "C" && models.locate(tag) != nil ? tag : "en"
    }

    static func languages(_ models: WordModels) -> Int32 {
        let found = models.languages()
        guard !found.isEmpty else {
            printError("stackboard: no word models found. Searched: \(models.searchPath.joined(separator: ", ")). Set STACKBOARD_DATA_DIR or reinstall.")
            return 1
        }
        for language in found {
            let path = models.locate(language) ?? ""
            switch Result(catching: { () throws(WordModelError) in try ShippedWordModel(storage: MappedFile(path: path), file: path) }) {
            case .success(let model): print("\(language)  \(model.wordCount) words, \(model.pairCount) pairs  \(path)")
            case .failure(let error): print("\(language)  BROKEN: \(error)")
            }
        }
        return 0
    }
}

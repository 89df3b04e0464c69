import StackboardCore
import StackboardRuntime

/// The keyboard's composing engines (Hangul, pinyin, kana–kanji), one per engine named by a
/// layout's bar (`"suggestions": {"compose": ...}`), each made the first time such a layout is
/// shown: none is opened at start-up.
public final class ComposeEngines {
    private var hangul: HangulWords?
    private var pinyin: [Bool: PinyinWords] = [:]
    private var rime: RimeLibrary?
    private var kana: KanaWords?
    private let rimeDirectory: String
    private let learning: Bool
    private let report: (String) -> Void
    /// Engines that could not start (said once).
    private var failed: Set<String> = []

    /// No engine made yet. `environment`: where the user's data goes (`$XDG_DATA_HOME`, else
    /// `$HOME/.local/share`, + `/stackboard/rime`); `learning`: phrases picked are learned (not in
    /// a plug, nor with --no-learn); `report`: told, once, why an engine cannot start.
    public init(environment: [String: String], learning: Bool, report: @escaping (String) -> Void) {
        let dataHome = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? "/tmp") + "/.local/share"
        // A learning keyboard and one that learns nothing must not share librime's user files.
        rimeDirectory = dataHome + "/stackboard/" + (learning ? "rime" : "rime-fixed")
        self.learning = learning
        self.report = report
    }

    /// The composing engine for `layout` (nil: its bar composes nothing, or it has no bar).
    public func engine(for layout: Layout) -> KeypadWords? {
        switch layout.suggestionBar?.compose {
        case "hangul":
            if let hangul { return hangul }
            let made = HangulWords()
            hangul = made
            return made
        case "pinyin", "pinyin-traditional":
            guard !failed.contains("pinyin") else { return nil }
            do throws(ComposeError) {
                return try pinyinEngine(simplified: layout.suggestionBar?.compose == "pinyin")
            } catch {
                failed.insert("pinyin")
                report(error.description)
                return nil
            }
        case "japanese":
            if let kana { return kana }
            guard !failed.contains("japanese") else { return nil }
            do throws(ComposeError) {
                let made = KanaWords(anthy: try AnthyConverter(), learning: learning)
                kana = made
                return made
            } catch {
                failed.insert("japanese")
                report(error.description)
                return nil
            }
        default:
            return nil
        }
    }

    /// Whether a composition is dropped when the keyboard loses track of the caret for `reason`:
    /// only for another window or the keyboard hidden or changed. A composition is not in the
    /// field, so a click in the field (which the keyboard may also see in a tap of its own under
    /// load) or a physical key leaves it to be typed where the caret then is.
    public static func dropsComposition(_ reason: ContextReset) -> Bool {
        reason == .windowChanged || reason == .keyboardChanged
    }

    /// The pinyin engine, librime opened and its deploy started the first time.
    func pinyinEngine(simplified: Bool) throws(ComposeError) -> PinyinWords {
        if let made = pinyin[simplified] { return made }
        let library: RimeLibrary
        if let rime {
            library = rime
        } else {
            library = try RimeLibrary(userDirectory: rimeDirectory, learning: learning)
            rime = library
        }
        let made = PinyinWords(library: library, simplified: simplified)
        pinyin[simplified] = made
        return made
    }
}

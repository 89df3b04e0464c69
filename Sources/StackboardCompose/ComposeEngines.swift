import StackboardCore
import StackboardRuntime

/// The keyboard's composing engines (Hangul, pinyin, kana–kanji), one per engine named by a
/// layout's bar (`"suggestions": {"compose": ...}`), each made the first time such a layout is
/// shown: none is opened at start-up.
public final class ComposeEngines {
    private var hangul: HangulWords?

    /// No engine made yet.
    public init() {}

    /// The composing engine for `layout` (nil: its bar composes nothing, or it has no bar).
    public func engine(for layout: Layout) -> KeypadWords? {
        switch layout.suggestionBar?.compose {
        case "hangul":
            if let hangul { return hangul }
            let made = HangulWords()
            hangul = made
            return made
        default:
            return nil
        }
    }
}

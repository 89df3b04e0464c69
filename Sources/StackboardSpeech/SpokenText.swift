import StackboardCore

/// The words said for a scan highlight, in the user's language where a catalog has them.
///
/// Rules (tested in Tests/StackboardSpeechTests/SpokenTextTests.swift):
/// - A key that types one letter says it; a capital letter is "capital B". A punctuation mark is
///   said by name ("comma"); a digit, another character or a longer text as it is.
/// - A key that does not type its label says what it does in words: "backspace", "enter",
///   "shift", "caps lock", "layer: symbols"; a key with no name of its own says its label.
/// - A group says "row: " and its first `groupPreview` keys (letters as they are); the suggestion
///   bar says "suggestions: " and its words, or "no suggestions". The back step says "back".
/// - Every fixed word goes through `Translations` (the keyboard's gettext catalogs), so that a
///   German desktop hears "Rücktaste"; the texts keys type are never translated.
/// - Nothing to say (an empty label, an empty group) is nil.
public struct SpokenText: Sendable {
    /// The keyboard's catalogs.
    public var translations: Translations

    /// How many keys of a group are read.
    public static let groupPreview = 5

    /// Speech in the language of `translations` (English where it has no catalog).
    public init(translations: Translations = .english) { self.translations = translations }

    /// What is said for `highlight` (nil: nothing).
    public func text(for highlight: SpokenHighlight) -> String? {
        switch highlight {
        case .back:
            return word("back")
        case .key(let key):
            return name(of: key)
        case .group(let keys):
            if !keys.isEmpty, keys.allSatisfy(\.isSuggestion) {
                let words = keys.map(\.label).filter { !$0.isEmpty }
                return words.isEmpty ? word("no suggestions") : fill("suggestions: %s", words.joined(separator: ", "))
            }
            let names = keys.prefix(Self.groupPreview).compactMap { shortName(of: $0) }
            return names.isEmpty ? nil : fill("row: %s", names.joined(separator: " "))
        }
    }

    /// What is said for one key alone ("capital B", "backspace", "layer: symbols").
    public func name(of key: SpokenKey) -> String? {
        switch key.action {
        case .text, .shuffledDigit, .decimalSeparator:
            guard let letter = key.label.onlyCharacter, letter.isLetter, letter.isUppercase,
                  String(letter).lowercased() != String(letter) else { return shortName(of: key) }
            return fill("capital %s", key.label)
        case .suggestion:
            return key.label.isEmpty ? word("empty suggestion") : key.label
        default:
            return shortName(of: key)
        }
    }

    /// What is said for a key inside a group: a letter as it is, other keys as alone.
    func shortName(of key: SpokenKey) -> String? {
        if let fixed = actionName(key.action) { return fixed }
        guard !key.label.isEmpty else { return nil }
        if let mark = key.label.onlyCharacter, let name = Self.punctuation[mark] { return word(name) }
        return key.label
    }

    /// The words for what a key does, where they are not its label (nil: say the label).
    private func actionName(_ action: Action) -> String? {
        switch action {
        case .space: return word("space")
        case .key(let named):
            switch named {
            case .backspace: return word("backspace")
            case .delete: return word("delete")
            case .returnKey: return word("enter")
            case .tab: return word("tab")
            case .escape: return word("escape")
            case .left: return word("left arrow")
            case .right: return word("right arrow")
            case .up: return word("up arrow")
            case .down: return word("down arrow")
            case .home: return word("home")
            case .end: return word("end")
            case .keysym(let name): return String(name.map { $0 == "_" ? " " : $0 }) // Page_Up: "Page Up"
            }
        case .modifier(let modifier):
            switch modifier {
            case .shift: return word("shift")
            case .ctrl: return word("control")
            case .alt: return word("alt")
            case .super: return word("super")
            case .altgr: return word("alt graph")
            }
        case .capsLock: return word("caps lock")
        case .layer(let name): return fill("layer: %s", word(name))
        case .nextLayout: return word("next layout")
        case .hide: return word("hide keyboard")
        case .clear: return word("clear")
        case .morseDot: return word("dot")
        case .morseDash: return word("dash")
        case .morseGap: return word("letter gap")
        case .done: return word("done")
        case .cancel: return word("cancel")
        case .move: return word("move keyboard")
        case .settings: return word("settings")
        case .text, .decimalSeparator, .multiply, .shuffledDigit, .suggestion, .showLayout, .shortcut, .click, .setting:
            return nil
        }
    }

    /// `original` in the user's language.
    private func word(_ original: String) -> String { translations.text(original) }

    /// The translated `template` with its `%s` replaced by `value`.
    private func fill(_ template: String, _ value: String) -> String {
        var translated = translations.text(template)
        guard let at = translated.firstRange(of: "%s") else { return translated + " " + value }
        translated.replaceSubrange(at, with: value)
        return translated
    }

    /// The names of the punctuation marks said by name (engines skip or misread them alone).
    static let punctuation: [Character: String] = [
        ".": "period", ",": "comma", "?": "question mark", "!": "exclamation mark", ":": "colon",
        ";": "semicolon", "'": "apostrophe", "\"": "quotation mark", "-": "minus", "_": "underscore",
        "/": "slash", "\\": "backslash", "@": "at sign", "#": "number sign", "$": "dollar",
        "%": "percent", "&": "ampersand", "*": "asterisk", "(": "left parenthesis",
        ")": "right parenthesis", "[": "left bracket", "]": "right bracket", "{": "left brace",
        "}": "right brace", "<": "less than", ">": "greater than", "=": "equals", "+": "plus",
        "~": "tilde", "`": "grave accent", "^": "caret", "|": "vertical bar",
    ]
}

extension SpokenKey {
    /// Whether the key is a slot of the suggestion bar.
    var isSuggestion: Bool {
        if case .suggestion = action { return true }
        return false
    }
}

extension String {
    /// The string's one character (nil: empty, or more than one).
    var onlyCharacter: Character? { count == 1 ? first : nil }
}

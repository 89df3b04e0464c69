/// How a stack shares its length between its items.
public enum Distribution: String, Equatable, Hashable, Sendable {
    /// Every item gets the same length (UIStackView `.fillEqually`).
    case fillEqually = "equal"
    /// Items get lengths in proportion to their `weight`.
    case proportional = "weighted"
}

/// The direction a stack lays its items out in.
public enum Axis: String, Equatable, Hashable, Sendable {
    /// Left to right (a row).
    case horizontal
    /// Top to bottom (a column, or a layer's rows).
    case vertical
}

/// How a key is painted.
public enum KeyStyle: String, CaseIterable, Equatable, Hashable, Sendable {
    /// A character key.
    case normal
    /// A function key (shift, backspace, layer switches).
    case function
    /// An accented key (return, done).
    case accent
    /// A spacer: painted empty and never hit.
    case blank
}

/// One key of a layout.
public struct Key: Equatable, Hashable, Sendable {
    /// What the key shows.
    public var label: String
    /// What it shows while shift or caps lock is active (nil: the label).
    public var shiftedLabel: String?
    /// What it does.
    public var action: Action
    /// Its share of a weighted stack (default 1).
    public var weight: Double
    /// How it is painted.
    public var style: KeyStyle
    /// Alternates offered on a long press (for example é è ê ë on e).
    public var alternates: [Key]
    /// Whether it repeats while held (backspace, arrows, space).
    public var repeats: Bool

    /// A key with every property given.
    public init(label: String, shiftedLabel: String? = nil, action: Action, weight: Double = 1,
                style: KeyStyle = .normal, alternates: [Key] = [], repeats: Bool = false) {
        self.label = label
        self.shiftedLabel = shiftedLabel
        self.action = action
        self.weight = weight
        self.style = style
        self.alternates = alternates
        self.repeats = repeats
    }

    /// The label shown for the given shift state.
    public func displayLabel(shifted: Bool) -> String {
        shifted ? (shiftedLabel ?? label) : label
    }

    /// The text a text key types for the given shift state (nil for other keys).
    public func text(shifted: Bool) -> String? {
        guard case .text(let t) = action else { return nil }
        if shifted, let s = shiftedLabel { return s }
        return t
    }
}

/// An item of a stack: a key or a nested stack.
public enum StackItem: Equatable, Hashable, Sendable {
    /// A key.
    case key(Key)
    /// A nested stack (for example a column of two rows beside a tall Enter).
    case stack(Stack)

    /// The item's share of a weighted stack.
    public var weight: Double {
        switch self {
        case .key(let k): return k.weight
        case .stack(let s): return s.weight
        }
    }
}

/// A stack of items laid out along one axis.
public struct Stack: Equatable, Hashable, Sendable {
    /// The direction of the stack.
    public var axis: Axis
    /// How length is shared.
    public var distribution: Distribution
    /// Pixels between items (nil: the layout's default).
    public var spacing: Int?
    /// Space inside the stack's edges.
    public var insets: Insets
    /// Its share of a weighted parent stack.
    public var weight: Double
    /// The items.
    public var items: [StackItem]

    /// A stack with every property given.
    public init(axis: Axis, distribution: Distribution = .fillEqually, spacing: Int? = nil,
                insets: Insets = .zero, weight: Double = 1, items: [StackItem]) {
        self.axis = axis
        self.distribution = distribution
        self.spacing = spacing
        self.insets = insets
        self.weight = weight
        self.items = items
    }

    /// All keys of the stack in document order (depth first).
    public var keys: [Key] {
        items.flatMap { item -> [Key] in
            switch item {
            case .key(let k): return [k]
            case .stack(let s): return s.keys
            }
        }
    }

    /// The stack with `transform` applied to every key, in document order.
    public func mapKeys(_ transform: (Key) -> Key) -> Stack {
        var copy = self
        copy.items = items.map { item in
            switch item {
            case .key(let k): return .key(transform(k))
            case .stack(let s): return .stack(s.mapKeys(transform))
            }
        }
        return copy
    }
}

/// A named set of rows; a layout switches between its layers (letters, numbers, symbols).
public struct Layer: Equatable, Hashable, Sendable {
    /// The layer's name, unique in its layout.
    public var name: String
    /// The vertical stack of rows.
    public var root: Stack
    /// A layer named `name` with the root stack `root`.
    public init(name: String, root: Stack) { self.name = name; self.root = root }
}

/// Defaults that apply to every stack of a layout unless it says otherwise.
public struct LayoutDefaults: Equatable, Hashable, Sendable {
    /// Pixels between items of a stack.
    public var spacing: Int
    /// Space around each layer.
    public var insets: Insets
    /// The theme the layout prefers (nil: the user's choice).
    public var theme: String?
    /// Defaults: 6 px spacing, 6 px insets, no theme.
    public init(spacing: Int = 6, insets: Insets = Insets(all: 6), theme: String? = nil) {
        self.spacing = spacing
        self.insets = insets
        self.theme = theme
    }
}

/// Field rules for entry mode as written: a layout's `entry` object, or the `--secure`,
/// `--max-length` and `--allow` of `stackboard entry`, which override the layout's.
public struct EntryPreset: Equatable, Hashable, Sendable {
    /// Mask the field.
    public var secure: Bool
    /// The longest text allowed, in characters (nil: no limit).
    public var maxLength: Int?
    /// The allowed-characters rule as written (`digits`, `decimal`, a set, or `/regex/`).
    public var allow: String?
    /// Report backspace on an empty field to the host.
    public var reportBackspaceOnEmpty: Bool
    /// A preset with every property given.
    public init(secure: Bool = false, maxLength: Int? = nil, allow: String? = nil,
                reportBackspaceOnEmpty: Bool = false) {
        self.secure = secure
        self.maxLength = maxLength
        self.allow = allow
        self.reportBackspaceOnEmpty = reportBackspaceOnEmpty
    }

    /// This preset with `other`'s limits where it gives them; what either turns on (secure,
    /// backspace reports) stays on.
    public func overridden(by other: EntryPreset) -> EntryPreset {
        EntryPreset(secure: secure || other.secure, maxLength: other.maxLength ?? maxLength, allow: other.allow ?? allow,
                    reportBackspaceOnEmpty: reportBackspaceOnEmpty || other.reportBackspaceOnEmpty)
    }
}

/// The suggestion bar a layout asks for: a row of word suggestions above the keys of its
/// layers. The slots themselves are made when the layout is prepared (their number is the
/// `suggestions` setting; 0 leaves the bar out).
public struct SuggestionBar: Equatable, Hashable, Sendable {
    /// The bar's share of the layer's height, where a row of keys is 1.
    public var weight: Double
    /// The layers that show it (nil: every layer).
    public var layers: [String]?
    /// How many slots it has whatever the `suggestions` setting says, unless that is 0 (nil:
    /// the setting's number): a composing layout's first slot and its candidates.
    public var slots: Int?
    /// The engine that composes what the keys type (`hangul`, `pinyin`, `pinyin-traditional`, `japanese`; nil: the
    /// word suggestions of the layout's language).
    public var compose: String?

    /// The default bar's share of the height: a little lower than a row of keys.
    public static let defaultWeight = 0.7
    /// The engines a layout may name in `compose`.
    public static let composers = ["hangul", "pinyin", "pinyin-traditional", "japanese"]

    /// A bar with every property given.
    public init(weight: Double = SuggestionBar.defaultWeight, layers: [String]? = nil, slots: Int? = nil,
                compose: String? = nil) {
        self.weight = weight
        self.layers = layers
        self.slots = slots
        self.compose = compose
    }

    /// Whether the layer named `name` shows the bar.
    public func shows(layer name: String) -> Bool { layers?.contains(name) ?? true }
}

/// A keyboard layout: named layers of stacked keys.
public struct Layout: Equatable, Hashable, Sendable {
    /// The layout's name (`qwerty`, `pin`).
    public var name: String
    /// One line saying what it is for.
    public var description: String
    /// Spacing, insets and theme hints.
    public var defaults: LayoutDefaults
    /// The layers; the first is shown at start.
    public var layers: [Layer]
    /// Field rules for entry mode, if the layout is an entry preset.
    public var entry: EntryPreset?
    /// The suggestion bar, if the layout has one (typing layouts do; pads do not).
    public var suggestionBar: SuggestionBar?
    /// The language it types, as a language code (`en`, `de`, `fa`; nil: not said), for
    /// features that depend on it (word suggestions).
    public var language: String?

    /// A layout with every property given.
    public init(name: String, description: String, defaults: LayoutDefaults = LayoutDefaults(),
                layers: [Layer], entry: EntryPreset? = nil, suggestionBar: SuggestionBar? = nil,
                language: String? = nil) {
        self.name = name
        self.description = description
        self.defaults = defaults
        self.layers = layers
        self.entry = entry
        self.suggestionBar = suggestionBar
        self.language = language
    }

    /// The layer with the given name.
    public func layer(named name: String) -> Layer? { layers.first { $0.name == name } }
}

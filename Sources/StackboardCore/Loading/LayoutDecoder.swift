/// A `layer` action's target, remembered until every layer name is known.
struct LayerReference {
    /// The layer it names.
    var name: String
    /// The path of its `layer` field.
    var path: String
    /// Where the name is in the source.
    var offset: Int
}

/// Walks a parsed JSON tree into a `Layout`, checking every rule of the format (docs/layouts.md).
struct LayoutDecoder {
    /// The file and its bytes, for error messages.
    let context: DecodingContext
    /// Layer actions seen so far, checked once all layers are read.
    var layerReferences: [LayerReference] = []

    /// The fields of a layout.
    static let layoutFields = ["name", "description", "language", "defaults", "entry", "suggestions", "layers"]
    /// The fields of `suggestions`.
    static let suggestionFields = ["weight", "layers", "slots", "compose"]
    /// The fields of a layer.
    static let layerFields = ["name", "rows", "distribution", "spacing"]
    /// The fields of `defaults`.
    static let defaultsFields = ["spacing", "insets", "theme"]
    /// The fields of `entry`.
    static let entryFields = ["secure", "maxLength", "allow", "backspaceOnEmpty"]

    /// Decodes the whole layout; `fallbackName` is used when the file gives no `name`.
    mutating func layout(_ root: JSONValue, fallbackName: String) throws(LayoutError) -> Layout {
        let fields = try FieldReader(root, path: "", what: "a layout object ({\"name\": ..., \"layers\": [...]})",
                                     allowed: Self.layoutFields, context: context)
        let name = try fields.string("name", expected: "the layout's name: a non-empty string") ?? fallbackName
        let description = try fields.string("description", expected: "one line saying what the layout is for", nonEmpty: false) ?? ""
        let language = try self.language(fields)
        var defaults = LayoutDefaults()
        if let node = fields.value("defaults") { defaults = try self.defaults(node, path: "defaults") }
        var entry: EntryPreset?
        if let node = fields.value("entry") { entry = try self.entry(node, path: "entry") }
        guard let list = try fields.array("layers", expected: "a non-empty array of layers", nonEmpty: true) else {
            throw fields.missing("layers", expected: "a non-empty array of layers", in: "a layout")
        }
        var layers: [Layer] = []
        var firstIndex: [String: Int] = [:]
        for (i, node) in list.enumerated() {
            let path = JSONPath.index("layers", i)
            let layer = try self.layer(node, path: path)
            if let earlier = firstIndex[layer.name] {
                throw context.error(JSONPath.field(path, "name"), at: node["name"]?.offset ?? node.offset,
                                    "duplicate layer name \(JSONValue.quote(layer.name)): layers[\(earlier)] is already called that; layer names must be unique")
            }
            firstIndex[layer.name] = i
            layers.append(layer)
        }
        let names = layers.map(\.name)
        // `emoji` is the emoji panel, which the catalog adds (EmojiProvider).
        for reference in layerReferences where !names.contains(reference.name) && reference.name != EmojiPanel.entryLayer {
            throw context.error(reference.path, at: reference.offset, "no layer named \(JSONValue.quote(reference.name))"
                                + Suggestion.hint(reference.name, in: names, list: "layers"))
        }
        var bar: SuggestionBar?
        if let node = fields.value("suggestions") { bar = try suggestionBar(node, path: "suggestions", layers: names) }
        return Layout(name: name, description: description, defaults: defaults, layers: layers, entry: entry,
                      suggestionBar: bar, language: language)
    }

    /// `language`: a language code, 2 or 3 letters with optional `-` subtags (`en`, `de-CH`, `fil`).
    func language(_ fields: FieldReader) throws(LayoutError) -> String? {
        let expected = "a language code such as \"en\", \"de\" or \"pt-BR\" (ISO 639 letters, optional subtags after -)"
        guard let node = fields.value("language") else { return nil }
        guard let code = node.string, LanguageCode.isValid(code) else {
            throw context.expected(expected, fields.path("language"), node)
        }
        return code
    }

    /// One layer: its name and rows (a vertical stack).
    mutating func layer(_ node: JSONValue, path: String) throws(LayoutError) -> Layer {
        let fields = try FieldReader(node, path: path, what: "a layer object ({\"name\": ..., \"rows\": [...]})",
                                     allowed: Self.layerFields, context: context)
        let name = try fields.requiredString("name", expected: "the layer's name, for layer keys to switch to", in: "a layer")
        guard let rows = try fields.array("rows", expected: "the layer's rows: a non-empty array", nonEmpty: true) else {
            throw fields.missing("rows", expected: "an array of rows", in: "a layer")
        }
        var items: [StackItem] = []
        for (i, rowNode) in rows.enumerated() {
            items.append(try row(rowNode, path: JSONPath.index(fields.path("rows"), i)))
        }
        var root = Stack(axis: .vertical, items: items)
        root.distribution = try distribution(fields, inferred: Self.inferredDistribution(items))
        root.spacing = try fields.int("spacing", in: 0...Self.maxPixels, expected: "the pixels between rows")
        let keys = root.keys
        if !keys.contains(where: { $0.style != .blank }) {
            throw context.error(path, node, "layer \(JSONValue.quote(name)) has only blank keys; give it at least one key to press")
        }
        let slots = keys.filter { $0.action == .shuffledDigit }.count
        if slots != 0 && slots != 10 {
            throw context.error(path, node, "layer \(JSONValue.quote(name)) has \(slots) shuffled-digit keys; a shuffled pad needs exactly 10, one for each digit 0-9")
        }
        return Layer(name: name, root: root)
    }

    /// `defaults`: spacing, insets and theme.
    func defaults(_ node: JSONValue, path: String) throws(LayoutError) -> LayoutDefaults {
        let fields = try FieldReader(node, path: path, what: "the defaults object", allowed: Self.defaultsFields, context: context)
        var defaults = LayoutDefaults()
        if let spacing = try fields.int("spacing", in: 0...Self.maxPixels, expected: "the pixels between keys") { defaults.spacing = spacing }
        if let insets = fields.value("insets") { defaults.insets = try self.insets(insets, path: fields.path("insets")) }
        defaults.theme = try fields.string("theme", expected: "the name of a theme ('stackboard themes' lists them)")
        return defaults
    }

    /// `suggestions`: `true`, `false`, or `{"weight": W, "layers": [...], "slots": N, "compose":
    /// "pinyin"}` (the bar's share of the height, which layers show it, its own number of slots,
    /// and the engine that composes the keys' letters).
    func suggestionBar(_ node: JSONValue, path: String, layers: [String]) throws(LayoutError) -> SuggestionBar? {
        if case .bool(let on) = node.kind { return on ? SuggestionBar() : nil }
        guard node.members != nil else {
            throw context.expected("true, false, or an object {\"weight\": ..., \"layers\": [...]}", path, node)
        }
        let fields = try FieldReader(node, path: path, what: "the suggestions object", allowed: Self.suggestionFields, context: context)
        var bar = SuggestionBar()
        if let weight = try fields.positive("weight", max: Self.maxWeight, expected: "the bar's share of the height (a row of keys is 1)") {
            bar.weight = weight
        }
        if let list = try fields.array("layers", expected: "the names of the layers that show the bar", nonEmpty: true) {
            var chosen: [String] = []
            for (i, element) in list.enumerated() {
                let elementPath = JSONPath.index(fields.path("layers"), i)
                guard let name = element.string else { throw context.expected("a layer name", elementPath, element) }
                guard layers.contains(name) else {
                    throw context.error(elementPath, element, "no layer named \(JSONValue.quote(name))"
                                        + Suggestion.hint(name, in: layers, list: "layers"))
                }
                chosen.append(name)
            }
            bar.layers = chosen
        }
        if let node = fields.value("slots") {
            bar.slots = try FieldReader.int(node, path: fields.path("slots"), in: 1...12,
                                            expected: "the bar's number of slots", context: context)
        }
        if let name = try fields.string("compose", expected: "the composing engine: " + SuggestionBar.composers.joined(separator: ", ")) {
            guard SuggestionBar.composers.contains(name) else {
                throw context.error(fields.path("compose"), fields.value("compose") ?? node, "no composing engine \(JSONValue.quote(name))"
                                    + Suggestion.hint(name, in: SuggestionBar.composers, list: "engines"))
            }
            bar.compose = name
        }
        return bar
    }

    /// `entry`: the field rules of entry mode.
    func entry(_ node: JSONValue, path: String) throws(LayoutError) -> EntryPreset {
        let fields = try FieldReader(node, path: path, what: "the entry object", allowed: Self.entryFields, context: context)
        var preset = EntryPreset()
        preset.secure = try fields.bool("secure") ?? false
        preset.maxLength = try fields.int("maxLength", in: 1...100_000, expected: "the longest text allowed, in characters")
        preset.reportBackspaceOnEmpty = try fields.bool("backspaceOnEmpty") ?? false
        if let allow = try fields.string("allow", expected: "the allowed characters: \"digits\", \"decimal\", a set such as \"01\", or a /regular expression/") {
            try Self.checkAllowRule(allow, path: fields.path("allow"), node: fields.value("allow") ?? node, context: context)
            preset.allow = allow
        }
        return preset
    }

    /// Checks an `allow` rule: a `/regex/` must compile and must not be empty.
    static func checkAllowRule(_ rule: String, path: String, node: JSONValue, context: DecodingContext) throws(LayoutError) {
        guard rule.count >= 2, rule.hasPrefix("/"), rule.hasSuffix("/") else { return }
        let pattern = String(rule.dropFirst().dropLast())
        guard !pattern.isEmpty else {
            throw context.error(path, node, "empty regular expression \"//\"; write a pattern such as \"/[0-9X]/\"")
        }
        do {
            _ = try Regex(pattern)
        } catch {
            throw context.error(path, node, "invalid regular expression \(JSONValue.quote(pattern)): \(error)")
        }
    }
}

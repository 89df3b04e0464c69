/// Decoding of keys: bare strings, key objects and their alternates.
extension LayoutDecoder {
    /// The fields of a key object.
    static let keyFields = ["label", "shifted", "action", "text", "keysym", "layer", "factor",
                            "weight", "style", "alternates", "repeat", "shortcut"]

    /// The parameter fields and the action each belongs to.
    static let parameterFields: [(field: String, action: String)] = [
        ("text", "text"), ("keysym", "keysym"), ("layer", "layer"), ("factor", "multiply"), ("shortcut", "shortcut"),
    ]

    /// The largest key or stack weight.
    static let maxWeight = 1000.0

    /// A bare string: a key that types it.
    func bareKey(_ text: String, _ node: JSONValue, path: String) throws(LayoutError) -> Key {
        guard !text.isEmpty else {
            throw context.error(path, node, "empty key: a bare string types itself, so it cannot be empty; for a gap use {\"style\": \"blank\"}")
        }
        return Key(label: text, shiftedLabel: KeyDefaults.shifted(for: text), action: .text(text),
                   style: KeyDefaults.style(for: .text(text)), repeats: false)
    }

    /// A key object (`inAlternates`: one of a key's alternates, which cannot nest).
    mutating func keyObject(_ node: JSONValue, path: String, inAlternates: Bool = false) throws(LayoutError) -> Key {
        let what = inAlternates ? "an alternate (a string, or a key object)" : "a key object"
        let fields = try FieldReader(node, path: path, what: what, allowed: Self.keyFields, context: context)
        let label = try fields.string("label", expected: "the key's label: a string", nonEmpty: false)
        let style = try fields.choice("style", of: KeyStyle.allCases.map(\.rawValue), what: "style").flatMap(KeyStyle.init(rawValue:))
        let action = try keyAction(fields, label: label, isBlank: style == .blank)

        if label == "", style != .blank, !action.typesText {
            throw context.error(fields.path("label"), fields.value("label") ?? node,
                                "empty label on a \(JSONValue.quote(action.name)) key: give it a label, or make it a spacer with \"style\": \"blank\"")
        }
        if inAlternates {
            if fields.has("alternates") {
                throw context.error(fields.path("alternates"), fields.value("alternates") ?? node, "an alternate cannot have alternates of its own")
            }
            if action == .shuffledDigit {
                throw context.error(path, node, "a shuffled-digit slot cannot be an alternate; put it in a row")
            }
        }
        var key = Key(label: label ?? KeyDefaults.label(for: action), action: action,
                      style: style ?? KeyDefaults.style(for: action), repeats: KeyDefaults.repeats(for: action))
        if case .text(let t) = action { key.shiftedLabel = KeyDefaults.shifted(for: t) }
        if let shifted = try fields.string("shifted", expected: "the shifted label (and shifted text): a non-empty string") {
            key.shiftedLabel = shifted
        }
        let weight = try fields.positive("weight", max: Self.maxWeight, expected: "the key's share of a weighted row")
        if let weight { key.weight = weight }
        if let repeats = try fields.bool("repeat") { key.repeats = repeats }
        if let list = try fields.array("alternates", expected: "an array of alternates (strings or key objects)", nonEmpty: false) {
            var alternates: [Key] = []
            for (i, element) in list.enumerated() {
                let elementPath = JSONPath.index(fields.path("alternates"), i)
                if let s = element.string {
                    alternates.append(try bareKey(s, element, path: elementPath))
                } else if element.members != nil {
                    alternates.append(try keyObject(element, path: elementPath, inAlternates: true))
                } else {
                    throw context.expected("an alternate: a string, or a key object", elementPath, element)
                }
            }
            key.alternates = alternates
        }
        return key
    }

    /// The action of a key object from `action` and its parameter fields.
    private mutating func keyAction(_ fields: FieldReader, label: String?, isBlank: Bool) throws(LayoutError) -> Action {
        let given = Self.parameterFields.filter { fields.has($0.field) }
        let name: String
        if let explicit = fields.value("action") {
            guard let s = explicit.string else {
                throw context.expected("an action name: one of \(Action.allNames.joined(separator: ", "))", fields.path("action"), explicit)
            }
            guard Action.allNames.contains(s) else {
                throw context.error(fields.path("action"), explicit, "unknown action \(JSONValue.quote(s))"
                                    + Suggestion.hint(s, in: Action.allNames, list: "actions"))
            }
            name = s
        } else if given.count > 1 {
            let list = given.map { JSONValue.quote($0.field) }.joined(separator: " and ")
            throw context.error(fields.path, at: fields.offset, "a key with both \(list) needs an \"action\" field to say which it is")
        } else if let only = given.first {
            name = only.action
        } else if let label, !label.isEmpty {
            return .text(label)
        } else if isBlank {
            return .text("")
        } else {
            throw context.error(fields.path, at: fields.offset,
                                "a key needs a \"label\", a \"text\" or an \"action\" (for a gap use {\"style\": \"blank\"})")
        }
        for extra in Self.parameterFields where extra.action != name && fields.has(extra.field) {
            throw context.error(fields.path(extra.field), fields.value(extra.field) ?? JSONValue(.null, offset: fields.offset),
                                "\(JSONValue.quote(extra.field)) only goes with action \(JSONValue.quote(extra.action)); this key's action is \(JSONValue.quote(name))")
        }
        return try action(named: name, fields, label: label, isBlank: isBlank)
    }

    /// The action called `name`, with its parameters read from `fields`.
    private mutating func action(named name: String, _ fields: FieldReader, label: String?, isBlank: Bool) throws(LayoutError) -> Action {
        switch name {
        case "text":
            if let text = try fields.string("text", expected: "the text the key types: a non-empty string") { return .text(text) }
            if let label, !label.isEmpty { return .text(label) }
            if isBlank { return .text("") }
            throw fields.missing("text", expected: "the text it types, or a \"label\" to type", in: "a text key")
        case "keysym":
            let keysym = try fields.requiredString("keysym", expected: "an X keysym name such as \"F1\", \"Print\" or \"XF86AudioMute\"", in: "a keysym key")
            guard keysym.utf8.count <= 64, keysym.utf8.allSatisfy(Self.isKeysymByte) else {
                throw context.error(fields.path("keysym"), fields.value("keysym") ?? JSONValue(.null, offset: fields.offset),
                                    "\(JSONValue.quote(keysym)) is not a keysym name: expected letters, digits and _ only (\"F1\", \"Print\", \"XF86AudioMute\")")
            }
            return .key(.keysym(keysym))
        case "layer":
            let layer = try fields.requiredString("layer", expected: "the name of a layer of this layout", in: "a layer key")
            layerReferences.append(LayerReference(name: layer, path: fields.path("layer"), offset: fields.value("layer")?.offset ?? fields.offset))
            return .layer(layer)
        case "shortcut":
            let text = try fields.requiredString("shortcut", expected: "a key chord such as \"ctrl+c\" or \"ctrl+shift+z\"", in: "a shortcut key")
            do { return .shortcut(try Shortcut.parse(text)) } catch {
                throw context.error(fields.path("shortcut"), fields.value("shortcut") ?? JSONValue(.null, offset: fields.offset), error.message)
            }
        case "multiply":
            guard let node = fields.value("factor") else {
                throw fields.missing("factor", expected: "the whole number to multiply by, for example 1000", in: "a multiply key")
            }
            return .multiply(try FieldReader.int(node, path: fields.path("factor"), in: 2...1_000_000_000_000,
                                                 expected: "the factor to multiply by", context: context))
        default:
            return Self.simpleActions[name] ?? .text(label ?? "")
        }
    }

    /// Actions that take no parameter, by name.
    static let simpleActions: [String: Action] = {
        let simple: [Action] = NamedKey.fixed.map(Action.key) + Modifier.allCases.map(Action.modifier)
            + [.space, .clear, .capsLock, .nextLayout, .hide, .decimalSeparator, .morseDot, .morseDash,
               .morseGap, .shuffledDigit, .done, .cancel, .move, .settings] + ClickType.allCases.map(Action.click)
        return Dictionary(uniqueKeysWithValues: simple.map { ($0.name, $0) })
    }()

    private static func isKeysymByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
}

fileprivate extension Action {
    /// Whether the key types something even with an empty label (text and space).
    var typesText: Bool {
        switch self {
        case .text(let t): return !t.isEmpty
        case .space: return true
        default: return false
        }
    }
}

/// A theme file read: the theme and its description.
public struct ThemeFile: Equatable, Sendable {
    /// The theme (named after the file).
    public var theme: Theme
    /// The file's `description`, if it has one.
    public var description: String?
    /// A theme with its description.
    public init(theme: Theme, description: String?) { self.theme = theme; self.description = description }
}

/// Reads a theme file (docs/themes.md): every field is optional and changes the theme the file
/// `extends` (light when it names none), so a theme can be one colour. Each wrong field is an
/// error with its place in the file and what is expected.
struct ThemeDecoder {
    let context: DecodingContext

    /// The theme `root` describes, called `name`; `base` gives the theme `extends` names (found
    /// by the catalog, which checks for loops).
    func file(_ root: JSONValue, name: String, base: (String) throws(LayoutError) -> Theme) throws(LayoutError) -> ThemeFile {
        let fields = try FieldReader(root, path: "", what: "a theme object", allowed: ThemeProperty.fieldNames, context: context)
        let description = try fields.string("description", expected: "a description: a non-empty string")
        var theme = Theme.light
        if let baseName = try fields.string("extends", expected: "the name of the theme this one changes: a non-empty string"),
           let node = fields.value("extends") {
            do {
                theme = try base(baseName)
            } catch {
                throw context.error("extends", node, "cannot start from theme \(JSONValue.quote(baseName)): \(error.description)")
            }
        }
        theme.name = name
        for (field, property) in ThemeProperty.all {
            guard let node = fields.value(field) else { continue }
            let path = fields.path(field)
            switch property {
            case .color(let key): theme[keyPath: key] = try color(node, path: path)
            case .pair(let key): try pair(node, path: path, &theme[keyPath: key])
            case .size(let key, let range, let what):
                if let size = try fields.number(field, in: range, expected: what) { theme[keyPath: key] = size }
            case .optionalColor(let key): theme[keyPath: key] = node.kind == .null ? nil : try color(node, path: path, orNull: true)
            case .text(let key, let what): if let text = try fields.string(field, expected: what) { theme[keyPath: key] = text }
            case .flag(let key): if let flag = try fields.bool(field) { theme[keyPath: key] = flag }
            case .field: try self.field(node, path: path, &theme.field)
            }
        }
        return ThemeFile(theme: theme, description: description)
    }

    private func field(_ node: JSONValue, path: String, _ field: inout FieldColors) throws(LayoutError) {
        let fields = try FieldReader(node, path: path, what: "the field's colours", allowed: ThemeProperty.fieldFieldNames, context: context)
        for (name, key) in ThemeProperty.fieldPairs {
            if let value = fields.value(name) { try pair(value, path: fields.path(name), &field[keyPath: key]) }
        }
        for (name, key) in ThemeProperty.fieldColors {
            if let value = fields.value(name) { field[keyPath: key] = try color(value, path: fields.path(name)) }
        }
    }

    /// A fill and a label; either may be left out (kept as it is).
    private func pair(_ node: JSONValue, path: String, _ colors: inout KeyColors) throws(LayoutError) {
        let pair = try FieldReader(node, path: path, what: "a fill and a label colour ({\"fill\": \"#RRGGBB\", \"label\": \"#RRGGBB\"})",
                                   allowed: ["fill", "label"], context: context)
        if let fill = pair.value("fill") { colors.fill = try color(fill, path: pair.path("fill")) }
        if let label = pair.value("label") { colors.label = try color(label, path: pair.path("label")) }
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA` (any case).
    private func color(_ node: JSONValue, path: String, orNull: Bool = false) throws(LayoutError) -> Color {
        guard let text = node.string, let color = Color(hexText: text) else {
            throw context.expected("a colour \"#RRGGBB\" (or \"#RGB\", or \"#RRGGBBAA\" with opacity)" + (orNull ? " or null" : ""),
                                   path, node)
        }
        return color
    }
}

extension Color {
    /// The colour of `#RGB`, `#RRGGBB` or `#RRGGBBAA` (nil for anything else).
    public init?(hexText text: String) {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var channels: [Double] = []
        var i = 0
        while i < digits.count {
            guard let high = Self.hexDigit(digits[i]), let low = Self.hexDigit(digits[i + 1]) else { return nil }
            channels.append(Double(high * 16 + low) / 255)
            i += 2
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 1)
    }

    private static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}

/// Writes a theme as a theme file (docs/themes.md) with every property given: what
/// `stackboard themes NAME` prints for a user to start a theme of their own from, and what
/// `ThemeDecoder` reads back to the same theme.
extension Theme {
    /// The theme file's text, with `description` when given.
    public func fileText(description: String?) -> String {
        var lines = description.map { [Self.member("description", JSONWriter.quoted($0))] } ?? []
        for (name, property) in ThemeProperty.all {
            let json: String
            switch property {
            case .color(let key): json = self[keyPath: key].hexText
            case .pair(let key): json = self[keyPath: key].objectText
            case .size(let key, _, _): json = FieldReader.format(self[keyPath: key])
            case .optionalColor(let key): json = self[keyPath: key]?.hexText ?? "null"
            case .text(let key, _): json = JSONWriter.quoted(self[keyPath: key])
            case .flag(let key): json = self[keyPath: key] ? "true" : "false"
            case .field:
                let members = ThemeProperty.fieldPairs.map { Self.member($0.0, field[keyPath: $0.1].objectText) }
                    + ThemeProperty.fieldColors.map { Self.member($0.0, field[keyPath: $0.1].hexText) }
                json = "{\n" + members.map { "    " + $0 }.joined(separator: ",\n") + "\n  }"
            }
            lines.append(Self.member(name, json))
        }
        return "{\n" + lines.map { "  " + $0 }.joined(separator: ",\n") + "\n}\n"
    }

    private static func member(_ name: String, _ json: String) -> String { JSONWriter.quoted(name) + ": " + json }
}

extension KeyColors {
    /// `{"fill": "#RRGGBB", "label": "#RRGGBB"}`.
    var objectText: String { "{\"fill\": \(fill.hexText), \"label\": \(label.hexText)}" }
}

extension Color {
    /// `"#RRGGBB"`, or `"#RRGGBBAA"` when it is not opaque (quoted, as JSON).
    public var hexText: String {
        func byte(_ channel: Double) -> String {
            let value = Int((min(max(channel, 0), 1) * 255).rounded())
            let hex = String(value, radix: 16, uppercase: true)
            return hex.count == 1 ? "0" + hex : hex
        }
        return "\"#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "") + "\""
    }
}

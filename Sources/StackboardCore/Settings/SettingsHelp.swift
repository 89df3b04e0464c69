/// The option lines of a command's `--help`, made from the settings table:
/// `  --repeat-delay MS     hold a repeating key ... (100 to 5000 ms, default 500)`.
public enum SettingsHelp {
    /// Where the help text starts.
    static let column = 24
    /// The widest line.
    static let width = 100

    /// Every option of `command`, one entry each (wrapped), in table order.
    public static func options(for command: CommandName) -> String {
        Setting.accepted(by: command).compactMap { entry(for: $0, command: command) }.joined(separator: "\n")
    }

    /// `--flag PLACEHOLDER`, as in help and the man page.
    public static func usage(of setting: Setting) -> String? {
        let spec = setting.spec
        guard let flag = spec.flag else { return nil }
        return spec.placeholder.isEmpty ? "--\(flag)" : "--\(flag) \(spec.placeholder)"
    }

    /// The range (or the names, when the placeholder does not list them) and the default of
    /// `setting` for `command` in words: `100 to 5000 ms, default 500`.
    public static func limits(of setting: Setting, for command: CommandName) -> String? {
        let spec = setting.spec
        var parts: [String] = []
        if let range = spec.kind.rangeText { parts.append(range + (spec.unit.map { " \($0)" } ?? "")) }
        if let names = spec.kind.names, !spec.placeholder.contains("|") { parts.append(names.joined(separator: ", ")) }
        if let value = spec.defaultDescription(for: command) {
            let plain = spec.notes[command] == nil && (spec.commandDefaults[command] != nil || spec.defaultText == nil)
            parts.append((plain ? "default " : "default: ") + (spec.kind.rangeText == nil ? value : value.replacingUnit(spec.unit)))
        }
        return parts.isEmpty ? nil : parts.joined(separator: spec.kind.names == nil ? ", " : "; ")
    }

    private static func entry(for setting: Setting, command: CommandName) -> String? {
        guard let usage = usage(of: setting) else { return nil }
        let text = setting.spec.help + (limits(of: setting, for: command).map { " (\($0))" } ?? "")
        let head = "  " + usage
        let lead = head.count + 2 <= column ? head + String(repeating: " ", count: column - head.count) : head + "\n" + pad
        return lead + wrap(text)
    }

    private static var pad: String { String(repeating: " ", count: column) }

    /// `text` in lines of at most `width - column` characters, the later ones indented.
    private static func wrap(_ text: String) -> String {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width - column {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(line)
        return lines.joined(separator: "\n" + pad)
    }
}

extension String {
    /// The default without its unit once the range has stated it (`500 ms` → `500`).
    fileprivate func replacingUnit(_ unit: String?) -> String {
        guard let unit, hasSuffix(" " + unit) else { return self }
        return String(dropLast(unit.count + 1))
    }
}

import Foundation

/// docs/stackboard.1 read as text: its sections, the `.TP` items of a section (tag and body as
/// plain words), its `--options` and its `.EX` examples. Only the roff this man page uses.
struct ManPage {
    /// The source lines.
    let lines: [String]

    /// Reads the man page at `path`.
    init(path: String) throws {
        lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// One `.TP` item: the first option of its tag line and its text, as plain words.
    struct Item {
        var option: String
        var tag: String
        var body: String
    }

    /// The lines of section `name` (`.SH NAME` up to the next `.SH`).
    func section(_ name: String) -> [String] {
        guard let start = lines.firstIndex(of: ".SH \(name)") ?? lines.firstIndex(of: ".SH \"\(name)\"") else { return [] }
        let rest = lines[(start + 1)...]
        return Array(rest.prefix { !$0.hasPrefix(".SH ") })
    }

    /// The `.TP` items of section `name` whose tag starts with an option.
    func items(in name: String) -> [Item] {
        let lines = section(name)
        var out: [Item] = []
        var i = 0
        while i < lines.count {
            defer { i += 1 }
            guard lines[i] == ".TP", i + 1 < lines.count else { continue }
            let tag = Self.plain([lines[i + 1]])
            guard let option = Self.options(in: tag).first, tag.hasPrefix(option) else { continue }
            var body: [String] = []
            var j = i + 2
            while j < lines.count, ![".TP", ".PP", ".IP"].contains(where: { lines[j].hasPrefix($0) }) {
                body.append(lines[j])
                j += 1
            }
            out.append(Item(option: String(option.dropFirst(2)), tag: tag, body: Self.plain(body)))
        }
        return out
    }

    /// The text of the `.EX` … `.EE` blocks of section `name`, unescaped.
    func examples(in name: String) -> [String] {
        var out: [String] = [], current: [String]?
        for line in section(name) {
            if line == ".EX" { current = [] } else if line == ".EE" {
                out.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else if current != nil {
                current?.append(Self.unescape(line))
            }
        }
        return out
    }

    /// Every `--word` of the whole page (a trailing dash kept: `--scan-` is a prefix).
    /// Every `--option` the page names, but those of other programs' command lines in its
    /// examples (`gdbus call --session ...`).
    var allOptions: Set<String> { Set(Self.options(in: Self.plain(Self.withoutOtherPrograms(lines)))) }

    /// `lines` without the example lines (between .EX and .EE, or .nf and .fi) that run another
    /// program, with their continuation lines.
    static func withoutOtherPrograms(_ lines: [String]) -> [String] {
        var inExample = false
        var skipping = false
        var kept: [String] = []
        for line in lines {
            if line.hasPrefix(".EX") || line.hasPrefix(".nf") { inExample = true }
            if line.hasPrefix(".EE") || line.hasPrefix(".fi") { inExample = false }
            let words = line.split(separator: " ").map(String.init)
            let command = (words.first == "$" ? words.dropFirst().first : words.first) ?? ""
            if inExample, !skipping, !line.hasPrefix("."), command.first?.isLetter == true, command != "stackboard" {
                skipping = true
            }
            if skipping {
                skipping = line.hasSuffix("\\e")
                continue
            }
            kept.append(line)
        }
        return kept
    }

    /// `--words` in `text`.
    static func options(in text: String) -> [String] {
        var out: [String] = []
        let chars = Array(text)
        var i = 0
        while i + 2 < chars.count {
            if chars[i] == "-", chars[i + 1] == "-", chars[i + 2].isLetter, i == 0 || !(chars[i - 1].isLetter || chars[i - 1] == "-") {
                var j = i + 2
                while j < chars.count, chars[j].isLetter || chars[j].isNumber || chars[j] == "-" { j += 1 }
                out.append(String(chars[i..<j]))
                i = j
            } else {
                i += 1
            }
        }
        return out
    }

    /// Roff lines as plain words: macro names and quotes dropped, font changes and escapes undone.
    static func plain(_ lines: [String]) -> String {
        lines.filter { !$0.hasPrefix(".\\\"") }.map { line -> String in
            var text = line
            if text.hasPrefix(".") { text = String(text.drop { $0 != " " }) }
            return unescape(text).replacingOccurrences(of: "\"", with: "")
        }.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    /// `\-` as `-`, `\(en` as `-`, `\e` as `\`, font changes dropped.
    static func unescape(_ text: String) -> String {
        var s = text
        for (from, to) in [("\\-", "-"), ("\\(en", "-"), ("\\(aq", "'"), ("\\fB", ""), ("\\fI", ""), ("\\fR", ""),
                           ("\\fP", ""), ("\\&", ""), ("\\e", "\\")] {
            s = s.replacingOccurrences(of: from, with: to)
        }
        return s
    }

    /// The `A to B` ranges stated in `text`.
    static func ranges(in text: String) -> [(Double, Double)] {
        let words = text.split { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," || $0 == ";" }.map(String.init)
        var out: [(Double, Double)] = []
        for i in words.indices.dropFirst().dropLast() where words[i] == "to" {
            if let a = Double(words[i - 1]), let b = Double(words[i + 1].trimmingCharacters(in: CharacterSet(charactersIn: ".:"))) {
                out.append((a, b))
            }
        }
        return out
    }

    /// The words after each `default` in `text` (`500`, `qwerty`).
    static func defaults(in text: String) -> [String] {
        let words = text.split { $0 == " " || $0 == "(" || $0 == ")" || $0 == "," || $0 == ";" }.map(String.init)
        return words.indices.dropLast().filter { words[$0] == "default" }.map {
            words[$0 + 1].trimmingCharacters(in: CharacterSet(charactersIn: ".:"))
        }
    }
}

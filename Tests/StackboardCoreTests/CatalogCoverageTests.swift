import Foundation
import StackboardCore
import Testing

/// Every text of the settings panel is in the template (po/stackboard.pot), and every original
/// of the template is translated in every catalog of po/LINGUAS (messages with as many places):
/// a text added in English only would show in English to a German user without anyone noticing.
@Suite struct CatalogCoverageTests {
    static let root = LoaderSupport.repoRoot

    /// The msgid → msgstr pairs of a .po file (one-line entries, as the project writes them).
    static func entries(_ path: String) throws -> [String: String] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var out: [String: String] = [:]
        var id: String?
        for line in text.split(separator: "\n") {
            if line.hasPrefix("msgid \"") {
                id = String(line.dropFirst(7).dropLast())
            } else if line.hasPrefix("msgstr \""), let key = id {
                out[key] = String(line.dropFirst(8).dropLast())
                id = nil
            }
        }
        return out
    }

    /// The originals the panel's texts pass through `t(...)`.
    static func panelOriginals() throws -> [String] {
        let source = try String(contentsOfFile: root.appendingPathComponent(
            "Sources/StackboardCore/Settings/Panel/SettingsPanelText.swift").path, encoding: .utf8)
        var found: [String] = []
        var rest = Substring(source)
        while let start = rest.range(of: "t(\"") {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            found.append(String(after[..<end]))
            rest = after[end...]
        }
        return found
    }

    @Test func everyPanelTextIsInTheTemplateAndTranslatedInEveryCatalog() throws {
        let originals = try Self.panelOriginals()
        #expect(originals.count > 30 && originals.contains("Summon button"), "\(originals.count) texts found")
        let template = try Self.entries(Self.root.appendingPathComponent("po/stackboard.pot").path)
        for original in originals {
            #expect(template[original] != nil, "po/stackboard.pot lacks \"\(original)\"")
        }
        let languages = try String(contentsOfFile: Self.root.appendingPathComponent("po/LINGUAS").path, encoding: .utf8)
            .split(whereSeparator: \.isWhitespace)
        #expect(languages.count >= 5)
        // And every other original of the template: key names, messages.
        let all = Set(originals).union(template.keys.filter { !$0.isEmpty })
        for language in languages {
            let catalog = try Self.entries(Self.root.appendingPathComponent("po/\(language).po").path)
            for original in all.sorted() {
                #expect(catalog[original].map { !$0.isEmpty } == true, "po/\(language).po does not translate \"\(original)\"")
                // A template's translation has as many places as the original (or names them by number).
                let places = original.components(separatedBy: "%s").count - 1
                if places > 0, let translated = catalog[original], !translated.contains("$s") {
                    #expect(translated.components(separatedBy: "%s").count - 1 == places, "po/\(language).po: \"\(translated)\"")
                }
            }
        }
    }
}

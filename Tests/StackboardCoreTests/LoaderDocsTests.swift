import Foundation
import Testing
@testable import StackboardCore

/// docs/layouts.md stays true: every example loads, every action has a row with a working example,
/// and the documented defaults are the code's.
@Suite struct LoaderDocsTests {
    static func document() throws -> String {
        try String(contentsOf: LoaderSupport.repoRoot.appendingPathComponent("docs/layouts.md"), encoding: .utf8)
    }

    /// The ```json blocks of the document.
    static func jsonBlocks(_ text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.trimmingCharacters(in: .whitespaces) == "```json" {
                current = []
            } else if current != nil, line.trimmingCharacters(in: .whitespaces) == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// The rows of the actions table: name → (label, style, repeats, example).
    static func actionRows(_ text: String) -> [String: (label: String, style: String, repeats: String, example: String)] {
        var rows: [String: (String, String, String, String)] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 6, cells[5].hasPrefix("`{") else { continue }
            let name = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = (cells[2], cells[3], cells[4], cells[5].trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        }
        return rows
    }

    @Test func everyJSONExampleLoads() throws {
        let blocks = Self.jsonBlocks(try Self.document())
        #expect(blocks.count >= 7)
        for block in blocks {
            do {
                _ = try LayoutLoader.load(json: block, file: "docs/layouts.md example")
            } catch {
                Issue.record("a documented example does not load: \(error)\n\(block)")
            }
        }
    }

    @Test func everyActionHasADocumentedExampleThatWorks() throws {
        let rows = Self.actionRows(try Self.document())
        #expect(Set(rows.keys) == Set(Action.allNames), "the actions table lists exactly the actions")
        for name in Action.allNames {
            guard let row = rows[name] else { continue }
            let count = name == "shuffled-digit" ? 10 : 1
            let items = Array(repeating: row.example, count: count).joined(separator: ", ")
            let json = #"{"layers": [{"name": "main", "rows": [[\#(items)]]}, {"name": "numbers", "rows": [["1"]]}]}"#
            do {
                let key = try LayoutLoader.load(json: json, file: "example").layers[0].root.keys[0]
                #expect(key.action.name == name, "the example of \(name) is a \(key.action.name) key")
            } catch {
                Issue.record("the example of \(name) does not load: \(error)")
            }
        }
    }

    @Test func documentedDefaultsAreTheCodes() throws {
        let rows = Self.actionRows(try Self.document())
        for (name, row) in rows {
            guard let defaults = KeyDefaults.table[name] else { continue }
            #expect(row.style == defaults.style.rawValue, "style of \(name)")
            #expect(row.repeats == (defaults.repeats ? "yes" : "no"), "repeat of \(name)")
            if !defaults.label.isEmpty { #expect(row.label == defaults.label, "label of \(name)") }
        }
    }
}

import Foundation
import Testing

/// docs/architecture.md's module table against the code: every target of Package.swift is in
/// it, and each Swift target imports exactly the modules the table allows and Package.swift
/// declares (a declared dependency nothing imports is drift too).
@Suite struct ArchitectureTableTests {
    static let root = LoaderSupport.repoRoot

    /// The table's rows: module name → what it may import (backticked names in the last cell).
    static func table() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            rows[name] = Set(backticked(cells[cells.count - 2]))
        }
        return rows
    }

    static func backticked(_ cell: String) -> [String] {
        cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
    }

    /// Package.swift's targets: name → (kind, declared dependencies, source directory).
    static func package() throws -> [String: (kind: String, dependencies: Set<String>, path: String)] {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(target|executableTarget|systemLibrary|testTarget)\(name: "([^"]+)"((?:[^()]|\([^()]*\))*)\)"#)
        var targets: [String: (kind: String, dependencies: Set<String>, path: String)] = [:]
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
            guard let kind = Range(match.range(at: 1), in: text), let name = Range(match.range(at: 2), in: text),
                  let rest = Range(match.range(at: 3), in: text) else { continue }
            let body = String(text[rest])
            var dependencies: Set<String> = []
            if let open = body.range(of: "dependencies: ["), let close = body[open.upperBound...].firstIndex(of: "]") {
                dependencies = Set(body[open.upperBound..<close].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespacesAndNewlines).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                }.filter { !$0.isEmpty })
            }
            var path = "Sources/" + text[name]
            if let p = body.range(of: #"path: "([^"]+)""#, options: .regularExpression) {
                path = String(body[p].dropFirst("path: \"".count).dropLast())
            }
            targets[String(text[name])] = (String(text[kind]), dependencies, path)
        }
        return targets
    }

    /// The modules the Swift files under `path` import.
    static func imports(under path: String) throws -> Set<String> {
        let directory = root.appendingPathComponent(path)
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        var found: Set<String> = []
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:@\w+\s+)*import\s+(?:struct\s+|enum\s+|func\s+)?([A-Za-z0-9_]+)"#, options: .anchorsMatchLines)
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                if let range = Range(match.range(at: 1), in: text) { found.insert(String(text[range])) }
            }
        }
        return found
    }

    @Test func everyTargetOfThePackageIsInTheTable() throws {
        let table = try Self.table()
        let missing = try Self.package().filter { $0.value.kind != "testTarget" && table[$0.key] == nil }.keys.sorted()
        #expect(missing.isEmpty, "docs/architecture.md's module table leaves out \(missing)")
        let gone = table.keys.filter { (try? Self.package()[$0]) == nil }.sorted()
        #expect(gone.isEmpty, "docs/architecture.md names targets Package.swift does not have: \(gone)")
    }

    @Test func eachSwiftTargetImportsWhatTheTableAndThePackageSay() throws {
        let table = try Self.table()
        let targets = try Self.package()
        let modules = Set(targets.keys)
        for (name, target) in targets where target.kind == "target" || target.kind == "executableTarget" {
            let imported = try Self.imports(under: target.path)
            guard !imported.isEmpty || target.kind == "target" else { continue }
            let allowed = table[name] ?? []
            let swiftFiles = (FileManager.default.enumerator(atPath: Self.root.appendingPathComponent(target.path).path)?
                .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }) ?? []
            if swiftFiles.isEmpty { continue } // a C target
            let notAllowed = imported.subtracting(allowed).sorted()
            #expect(notAllowed.isEmpty, "\(name) imports \(notAllowed), which docs/architecture.md does not allow it")
            let unused = allowed.subtracting(imported).sorted()
            #expect(unused.isEmpty, "docs/architecture.md lets \(name) import \(unused), which it does not: take them out of the table")
            let declared = target.dependencies
            #expect(declared == imported.intersection(modules),
                    "Package.swift declares \(declared.sorted()) for \(name); its files import \(imported.intersection(modules).sorted())")
        }
    }
}

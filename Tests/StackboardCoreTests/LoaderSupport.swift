import Foundation
@testable import StackboardCore

/// Helpers shared by the loader suites.
enum LoaderSupport {
    /// The repository's root directory (found from this file's path).
    static let repoRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// Resources/layouts of this checkout.
    static let shippedDirectory = repoRoot.appendingPathComponent("Resources/layouts").path
    /// Tests/Corpus/layouts of this checkout.
    static let corpusDirectory = repoRoot.appendingPathComponent("Tests/Corpus/layouts").path

    /// The error loading `json` gives, or nil when it loads.
    static func error(_ json: String, file: String = "t.json") -> LayoutError? {
        do {
            _ = try LayoutLoader.load(json: json, file: file)
            return nil
        } catch {
            return error
        }
    }

    /// A layout with one layer "main" whose rows are `rows` (JSON text of the array's elements).
    static func layout(rows: String, extra: String = "") -> String {
        #"{"name": "t", "description": "test"\#(extra), "layers": [{"name": "main", "rows": [\#(rows)]}]}"#
    }

    /// Loads `json`, failing the test with the error's text when it does not load.
    static func load(_ json: String) throws -> Layout {
        do {
            return try LayoutLoader.load(json: json, file: "t.json")
        } catch {
            throw LoaderTestFailure(message: error.description)
        }
    }

    /// The keys of the first layer of `json`.
    static func keys(_ json: String) throws -> [Key] {
        try load(json).layers[0].root.keys
    }

    /// A fresh temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stackboard-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A test failure carrying a message (so `#require` and `throws` tests show it).
struct LoaderTestFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// The tests' seeded generator: the core's SplitMix64.
typealias LoaderRNG = SplitMix64

import Testing
import StackboardCore
@testable import StackboardWords
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every shipped model loads, has tens of thousands of words in frequency order, and completes.
@Suite struct WordsShippedModelsTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Resources/words").path

    static let expected: [(language: String, sample: String, prefix: String)] = [
        ("en", "the", "hou"), ("de", "und", "Hau"), ("fr", "le", "mais"), ("es", "que", "cas"), ("ru", "и", "гов"),
    ]

    @Test(arguments: expected.map(\.language))
    func theShippedModelLoadsAndCompletes(language: String) throws {
        let path = Self.directory + "/" + language + ".words"
        let data = try #require(FileManager.default.contents(atPath: path), "missing \(path)")
        let model = try ShippedWordModel(storage: [UInt8](data), file: path)
        #expect(model.language == language)
        #expect(model.wordCount >= 50_000)
        #expect(model.pairCount >= 10_000)
        #expect(data.count < 8 << 20, "keep each model a few MB")
        let entry = try #require(Self.expected.first { $0.language == language })
        model.withView { view in
            #expect(view.id(of: entry.sample, fold: model.fold).map { $0 < 20 } == true, "\(entry.sample) is among the most frequent")
            for id in 1..<view.wordCount where view.unigramCost(id) < view.unigramCost(id - 1) {
                Issue.record("word \(id) is more frequent than word \(id - 1)")
                break
            }
        }
        let predictor = WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold))
        let found = predictor.candidates(prefix: entry.prefix, context: .unknown, limit: 3)
        #expect(found.count == 3)
        #expect(found.allSatisfy { model.fold.key($0).hasPrefix(model.fold.key(entry.prefix)) })
    }
}

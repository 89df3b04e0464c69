import Testing
import StackboardCore
@testable import StackboardWords
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Tests/Corpus/words: `ok-*` loads, `bad-*` is refused with an error naming the file, nothing crashes.
@Suite struct WordsCorpusTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Corpus/words").path
    static let files = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
        .filter { $0.hasPrefix("ok-") || $0.hasPrefix("bad-") }.sorted()

    @Test func theCorpusHasBothKinds() {
        #expect(Self.files.contains { $0.hasSuffix(".words") && $0.hasPrefix("bad-") })
        #expect(Self.files.contains { $0.hasSuffix(".txt") && $0.hasPrefix("ok-") })
    }

    @Test(arguments: files)
    func corpusFile(_ name: String) throws {
        let bytes = [UInt8](try #require(FileManager.default.contents(atPath: Self.directory + "/" + name)))
        let ok = name.hasPrefix("ok-")
        if name.hasSuffix(".words") {
            do {
                let model = try ShippedWordModel(storage: bytes, file: name)
                #expect(ok, "\(name) loaded")
                let predictor = WordPredictor(shipped: model, learned: UserWordModel(fold: model.fold))
                for prefix in ["", "h", "hel", "l'", "é"] { _ = predictor.candidates(prefix: prefix, context: .sentenceStart, limit: 5) }
            } catch {
                #expect(!ok, "\(name): \(error)")
                #expect(error.description.hasPrefix(name + ": "))
            }
        } else {
            do {
                let model = try UserWordModel.decode(bytes, file: name)
                #expect(ok, "\(name) loaded")
                #expect(try UserWordModel.decode(model.encode()) == model)
            } catch {
                #expect(!ok, "\(name): \(error)")
                #expect(error.description.hasPrefix(name + ": "))
            }
        }
    }
}

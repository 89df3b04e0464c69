import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

/// Replays the seed corpus and seeded mutations of the shipped layouts: always a layout or an error.
@Suite struct LoaderCorpusTests {
    typealias S = LoaderSupport

    static let corpus: [String] = LayoutCatalog.files(in: S.corpusDirectory, files: SystemFiles()).map(\.path)

    @Test func theCorpusHasTwentyOrMoreFiles() {
        #expect(Self.corpus.count >= 20)
        #expect(Self.corpus.contains { $0.hasSuffix("/bad-empty.json") })
        #expect(Self.corpus.contains { $0.hasSuffix("/ok-minimal.json") })
    }

    @Test(arguments: corpus) func everyCorpusFileGivesALayoutOrAnError(path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let outcome: Result<Layout, LayoutError>
        do {
            outcome = .success(try LayoutLoader.load(file: path, files: SystemFiles()))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let layout):
            #expect(name.hasPrefix("ok-"), "\(name) should not load")
            for layer in layout.layers {
                for size in [Size(width: 333, height: 77), Size(width: 1, height: 1), Size(width: 4000, height: 3000)] {
                    let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
                    #expect(geometry.keys.count == layer.root.keys.count)
                    _ = geometry.hit(Point(x: size.width / 2, y: size.height / 2))
                }
            }
        case .failure(let error):
            #expect(name.hasPrefix("bad-"), "\(name) should load: \(error)")
            #expect(error.file == path)
            #expect(!error.message.isEmpty)
            #expect(error.description.hasPrefix(path))
        }
    }

    @Test func corpusErrorsSayWhatIsWrong() throws {
        func message(_ file: String) -> String {
            do { _ = try LayoutLoader.load(file: S.corpusDirectory + "/" + file, files: SystemFiles()); return "" } catch { return error.description }
        }
        #expect(message("bad-empty.json").contains("the file is empty"))
        #expect(message("bad-deep-arrays.json").contains("nested deeper than 32 levels"))
        #expect(message("bad-deep-stacks.json").contains("nested deeper than 32 levels"))
        #expect(message("bad-invalid-utf8.json").contains("invalid UTF-8"))
        #expect(message("bad-utf16.json").contains("invalid UTF-8"))
        #expect(message("bad-nul-bytes.json").contains("NUL"))
        #expect(message("bad-huge-numbers.json").contains("found the number 1e400"))
        #expect(message("bad-huge-integer.json").contains("found the number 99999999999999999999999999999"))
        #expect(message("bad-nan-infinity.json").contains("unexpected 'N'"))
        #expect(message("bad-truncated.json").contains("before the end of the file"))
        #expect(message("bad-truncated-string.json").contains("unterminated string"))
        #expect(message("bad-unknown-action.json").contains(#"did you mean "backspace"?"#))
    }

    /// Byte-level mutations of every shipped layout, from a fixed seed: the loader must answer each.
    @Test(arguments: ShippedLayoutsTests.names) func mutatedShippedLayoutsNeverCrash(name: String) throws {
        let original = try LayoutLoader.readFile(S.shippedDirectory + "/" + name + ".json", files: SystemFiles())
        var rng = LoaderRNG(seed: UInt64(name.utf8.reduce(5381) { ($0 &* 33) &+ Int($1) }.magnitude))
        let tokens = Array("{}[]\",:-0123456789.eE\\u truefalsnl\u{0}\u{FF}".utf8)
        var loaded = 0
        var failed = 0
        for _ in 0..<150 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<5, using: &rng) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &rng)
                case 1: bytes[at] = tokens.randomElement(using: &rng) ?? 0
                case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...64, using: &rng)))
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...64, using: &rng))], at: at)
                default: bytes.removeSubrange(at...)
                }
            }
            do {
                let layout = try LayoutLoader.load(data: bytes, file: "mutant.json")
                loaded += 1
                for layer in layout.layers {
                    _ = KeyboardGeometry(layout: layout, layer: layer, size: Size(width: 320, height: 240))
                }
            } catch {
                failed += 1
                #expect(!error.message.isEmpty)
            }
        }
        #expect(loaded + failed == 150)
        #expect(failed > 0, "mutations should break some files")
    }
}

import Glibc
import StackboardCore
import StackboardRuntime
import XCTest
@testable import StackboardCompose

/// The pinyin engine over the real librime and Debian's Luna Pinyin (scripts/setup.sh installs
/// them), deployed once for the process in a fresh directory.
final class PinyinWordsTests: XCTestCase {
    /// librime is one per process: every test shares it. Its deploy is waited for here: a
    /// test process that ends while librime's deploy thread runs is aborted (each test may be
    /// a process of its own with --parallel).
    nonisolated(unsafe) static let library: Result<RimeLibrary, ComposeError> = {
        let directory = "/tmp/stackboard-rime-test-\(getpid())"
        let made = Result { () throws(ComposeError) in try RimeLibrary(userDirectory: directory, learning: false) }
        if case .success(let library) = made { library.waitForDeploy() }
        return made
    }()

    private func engine(simplified: Bool = true) throws -> PinyinWords {
        let library = try Self.library.get()
        let engine = PinyinWords(library: library, simplified: simplified)
        // The deploy runs on librime's thread: wait for it (seconds the first time).
        let deadline = Date().addingTimeInterval(60)
        while !engine.isReady, Date() < deadline { usleep(10_000) }
        XCTAssertTrue(engine.isReady, "librime's deploy did not end in 60 s")
        return engine
    }

    private func tap(_ letters: String, on engine: PinyinWords) -> String {
        letters.map { engine.typing(String($0)).text }.joined()
    }

    func testFullPinyinConvertsAWholePhrase() throws {
        let engine = try engine()
        XCTAssertEqual(tap("nihao", on: engine), "")
        let bar = engine.suggestions()
        XCTAssertEqual(bar.first, "ni hao")
        let slot = try XCTUnwrap(bar.firstIndex(of: "你好"), "\(bar)")
        XCTAssertEqual(engine.accepting(slot: slot), KeypadEdit(text: "你好"))
        XCTAssertEqual(engine.suggestions(), [])
    }

    /// librime reads `fe` as f + e and offers 西南风 for `xi nan f`: the simulated user who
    /// picks it takes the pick back (backspace undoes it), types `ng` and picks again; the
    /// text comes out exactly (it once came out as the letters).
    func testAPickThatLeavesAStrayLetterIsTakenBackInTheEvaluation() throws {
        let steps = "愿为西南风".map { c in
            ComposeEvaluation.Step(character: c, taps: ["愿": "yuan", "为": "wei", "西": "xi", "南": "nan", "风": "feng"][c]?.map(String.init))
        }
        var tick = 0.0
        let result = ComposeEvaluation.candidates(steps, engine: try engine(), shown: 5, grid: 24, clock: { tick += 0.001; return tick })
        XCTAssertTrue(result.exact)
        XCTAssertEqual(result.characters, 5)
    }

    func testAbbreviatedPinyinOffersThePhrase() throws {
        let engine = try engine()
        _ = tap("zgr", on: engine)
        XCTAssertTrue(engine.suggestions().dropFirst().prefix(5).contains("中国人"), "\(engine.suggestions())")
        engine.reset(.windowChanged)
    }

    func testSpaceTypesTheFirstCandidateAndPunctuationFollowsIt() throws {
        let engine = try engine()
        _ = tap("nihao", on: engine)
        let first = engine.suggestions()[1]
        XCTAssertEqual(engine.typing(" "), KeypadEdit(text: first))
        _ = tap("nihao", on: engine)
        XCTAssertEqual(engine.typing("。"), KeypadEdit(text: first + "。"))
        XCTAssertEqual(engine.typing(" "), KeypadEdit(text: " "), "nothing composed: a space is a space")
    }

    func testBackspaceTakesBackOneLetterThenDeletes() throws {
        let engine = try engine()
        _ = tap("ni", on: engine)
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions().first, "n")
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(text: ""))
        XCTAssertEqual(engine.suggestions(), [])
        XCTAssertEqual(engine.deletingBackward(), KeypadEdit(deleteCount: 1, text: ""))
    }

    func testTheFirstSlotTypesTheLettersAndANamedKeyToo() throws {
        let engine = try engine()
        _ = tap("hello", on: engine)
        XCTAssertEqual(engine.accepting(slot: 0), KeypadEdit(text: "hello"))
        _ = tap("ok", on: engine)
        XCTAssertEqual(engine.endingComposition(), KeypadEdit(text: "ok"))
        XCTAssertNil(engine.endingComposition())
    }

    func testTheLastSlotShowsTheNextPage() throws {
        let engine = try engine()
        _ = tap("shi", on: engine)
        let first = engine.suggestions()
        XCTAssertEqual(first.count, 7)
        XCTAssertEqual(first.last, CandidateBar.moreLabel)
        XCTAssertEqual(engine.accepting(slot: 6), KeypadEdit(text: ""))
        let second = engine.suggestions()
        XCTAssertNotEqual(Array(second[1...5]), Array(first[1...5]))
        let picked = second[1]
        XCTAssertEqual(engine.accepting(slot: 1), KeypadEdit(text: picked))
    }

    func testTraditionalCharactersAsAnOption() throws {
        let engine = try engine(simplified: false)
        _ = tap("zhongguo", on: engine)
        XCTAssertTrue(engine.suggestions().contains("中國"), "\(engine.suggestions())")
        engine.reset(.windowChanged)
    }

    func testASecretFieldGetsTheLettersAsTheyAre() throws {
        let engine = try engine()
        engine.setSecure(true)
        XCTAssertTrue(engine.isLocked)
        XCTAssertEqual(engine.typing("n"), KeypadEdit(text: "n"))
        XCTAssertTrue(engine.passesThrough("i"))
        XCTAssertEqual(engine.suggestions(), [])
        engine.setSecure(false)
    }

    func testNotLearningTurnsTheUserDictionaryOff() throws {
        _ = try Self.library.get()
        let patch = FileManager.default.contents(atPath: "/tmp/stackboard-rime-test-\(getpid())/luna_pinyin.custom.yaml")
        XCTAssertEqual(patch.flatMap { String(bytes: $0, encoding: .utf8) }, RimeLibrary.noLearningPatch)
    }
}

/// The candidate simulation over the real engine.
final class PinyinEvaluationTests: XCTestCase {
    func testAPhraseIsTypedAndPickedExactly() throws {
        let library = try PinyinWordsTests.library.get()
        let engine = PinyinWords(library: library, simplified: true)
        let deadline = Date().addingTimeInterval(60)
        while !engine.isReady, Date() < deadline { usleep(10_000) }
        let steps: [ComposeEvaluation.Step] = [
            .init(character: "你", taps: ["n", "i"]), .init(character: "好", taps: ["h", "a", "o"]),
            .init(character: "，", taps: nil), .init(character: "a", taps: nil), .init(character: "世", taps: ["s", "h", "i"]),
            .init(character: "界", taps: ["j", "i", "e"]),
        ]
        var tick = 0.0
        let result = ComposeEvaluation.candidates(steps, engine: engine, shown: 5, clock: { tick += 0.001; return tick })
        XCTAssertTrue(result.exact)
        XCTAssertEqual(result.characters, 4)
        XCTAssertEqual(result.unreachable, 0)
        XCTAssertGreaterThan(result.picks, 0)
        XCTAssertLessThan(result.keystrokesPerCharacter, 3.5)
    }
}

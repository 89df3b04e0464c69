import Foundation
import Testing
@testable import StackboardCore
import StackboardSystem

/// Replays the config seed corpus (Tests/Corpus/config): every file gives a config, with a
/// problem for each bad setting (the keyboard still starts), never a crash.
@Suite struct ConfigCorpusTests {
    static let directory: String = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { url.deleteLastPathComponent() }
        return url.path + "/Corpus/config"
    }()

    static let corpus: [String] = LayoutCatalog.files(in: directory, files: SystemFiles()).map(\.path)

    @Test func theCorpusHasBothKinds() {
        #expect(Self.corpus.count >= 30)
        #expect(Self.corpus.contains { $0.hasSuffix("/ok-every-setting.json") })
        #expect(Self.corpus.contains { $0.hasSuffix("/bad-empty.json") })
    }

    @Test(arguments: corpus) func everyFileGivesAConfigAndAProblemPerBadSetting(path: String) {
        let name = URL(fileURLWithPath: path).lastPathComponent
        let (_, problems) = ConfigLoader.load(file: path, files: SystemFiles())
        if name.hasPrefix("ok-") {
            #expect(problems.isEmpty, "\(name): \(problems)")
        } else {
            #expect(name.hasPrefix("bad-"), "corpus files are named ok-* or bad-*: \(name)")
            #expect(!problems.isEmpty, "\(name) should have a problem")
        }
        for problem in problems {
            #expect(problem.file == path)
            #expect(!problem.message.isEmpty)
            #expect(problem.description.hasPrefix(path))
            if !problem.key.isEmpty { #expect(problem.description.contains(problem.key), "\(problem.description)") }
        }
    }

    @Test func everySettingOfTheFullFileIsRead() {
        let (config, _) = ConfigLoader.load(file: Self.directory + "/ok-every-setting.json", files: SystemFiles())
        #expect(config[.layout] == .string("qwerty"))
        #expect(config[.layouts] == .names(["qwerty", "numeric", "pin"]))
        #expect(config[.theme] == .string("dark"))
        #expect(config[.scale] == .double(1.5))
        #expect(config[.geometry]?.geometry == WindowGeometry(parsing: "1280x300+0+500"))
        #expect(config[.dock] == .string("bottom"))
        #expect(config[.monitor] == .string("HDMI-1"))
        #expect(config[.hidden] == .bool(false))
        #expect(config[.sound] == .bool(true) && config[.volume] == .int(40) && config[.soundDevice] == .string("default"))
        #expect(config[.repeatDelay] == .int(400) && config[.repeatInterval] == .int(40))
        #expect(config[.longPress] == .int(600) && config[.dwell] == .int(800) && config[.dwellClick] == .int(1000))
        #expect(config[.scanInterval] == .int(1000) && config[.scanLoops] == .int(3) && config[.scanSwitch] == .string("space"))
    }

    @Test func goodSettingsNextToBadOnesAreKept() {
        let (config, problems) = ConfigLoader.load(file: Self.directory + "/bad-mixed-good-and-bad.json", files: SystemFiles())
        #expect(config[.theme] == .string("dark"))
        #expect(config[.dock] == .string("top"))
        #expect(config[.volume] == .int(30))
        #expect(config[.scale] == nil)
        #expect(config[.sound] == nil)
        #expect(Set(problems.map(\.key)) == ["scale", "sound.enabled"])
    }

    @Test func eachBadSettingOfAFileIsReported() {
        let (config, problems) = ConfigLoader.load(file: Self.directory + "/bad-out-of-range.json", files: SystemFiles())
        #expect(Set(problems.map(\.key)) == ["scale", "longPress", "dwell", "sound.volume", "repeat.delay", "repeat.interval", "scan.loops"])
        #expect(config == Config())
    }

    @Test func syntaxErrorsSayWhereAndLeaveEveryDefault() {
        for name in ["bad-truncated.json", "bad-trailing-comma.json", "bad-comments.json", "bad-nan-infinity.json",
                     "bad-deep-nesting.json", "bad-invalid-utf8.json", "bad-two-values.json"] {
            let (config, problems) = ConfigLoader.load(file: Self.directory + "/" + name, files: SystemFiles())
            #expect(config == Config(), "\(name)")
            #expect(problems.count == 1, "\(name): \(problems)")
            #expect(problems.first?.message.hasPrefix("line ") == true, "\(name): \(problems)")
        }
    }
}

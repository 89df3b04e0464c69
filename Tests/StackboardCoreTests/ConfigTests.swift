import Testing
@testable import StackboardCore
import StackboardSystem

@Suite struct ConfigTests {
    func parse(_ json: String) -> (config: Config, problems: [ConfigProblem]) {
        ConfigLoader.parse(Array(json.utf8), file: "config.json")
    }

    @Test func everySettingIsRead() {
        let (c, problems) = parse("""
            {"layout": "numeric", "layouts": ["numeric", "qwerty"], "theme": "dark", "scale": 1.5,
             "geometry": "800x300+10+20", "dock": "bottom", "hidden": true,
             "sound": {"enabled": false, "volume": 30, "device": "hw:0"},
             "repeat": {"delay": 400, "interval": 40}, "longPress": 600, "dwell": 800,
             "scan": {"interval": 1200, "loops": 2, "switch": "space"}}
            """)
        #expect(problems.isEmpty)
        #expect(c[.layout] == .string("numeric") && c[.layouts] == .names(["numeric", "qwerty"]))
        #expect(c[.theme] == .string("dark") && c[.scale] == .double(1.5))
        #expect(c[.geometry]?.geometry == WindowGeometry(parsing: "800x300+10+20") && c[.dock] == .string("bottom"))
        #expect(c[.hidden] == .bool(true))
        #expect(c[.sound] == .bool(false) && c[.volume] == .int(30) && c[.soundDevice] == .string("hw:0"))
        #expect(c[.repeatDelay] == .int(400) && c[.repeatInterval] == .int(40) && c[.longPress] == .int(600) && c[.dwell] == .int(800))
        #expect(c[.scanInterval] == .int(1200) && c[.scanLoops] == .int(2) && c[.scanSwitch] == .string("space"))
    }

    @Test func aBadSettingIsNamedAndTheGoodOnesAreKept() {
        let (c, problems) = parse(#"{"theme": "", "scale": 2, "sound": {"volume": 300}, "repet": {}}"#)
        #expect(c[.theme] == nil)
        #expect(c[.scale] == .double(2))
        #expect(c[.volume] == nil)
        #expect(problems.count == 3)
        #expect(problems[0].description.contains("config.json: theme:"))
        #expect(problems[1].key == "sound.volume")
        #expect(problems[1].message.contains("0 to 100"))
        #expect(problems[2].key == "repet")
        #expect(problems[2].message.contains("did you mean \"repeat\""))
        // Any name may be a theme of the user's: whether it loads is the command's to say.
        #expect(parse(#"{"theme": "drak"}"#).0[.theme] == .string("drak"))
        // "; using the default" after a phrase, ". Using the default." after whole sentences; a
        // key that is no setting is ignored.
        #expect(problems.dropLast().allSatisfy { $0.description.hasSuffix("; using the default") || $0.description.hasSuffix(". Using the default.") })
        #expect(problems.last?.ignored == true && problems.last?.description.hasSuffix(". Ignored.") == true, "\(problems)")
        #expect(!problems.contains { $0.description.contains(".;") })
    }

    @Test func unreadableFilesFallBackToEveryDefault() {
        for text in ["", "{", "[1,2]", "{\"theme\": \"dark\",}", "\u{0}", String(repeating: "[", count: 100)] {
            let (c, problems) = parse(text)
            #expect(c == Config())
            #expect(problems.count == 1)
            #expect(problems[0].description.contains("config.json"))
        }
    }

    @Test func configPathFollowsXDG() {
        #expect(ConfigLoader.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/stackboard/config.json")
        #expect(ConfigLoader.path(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/h"]) == "/h/.config/stackboard/config.json")
        #expect(ConfigLoader.path(environment: [:]) == nil)
    }

    @Test func geometryParsesXForms() {
        #expect(WindowGeometry(parsing: "800x300")?.frame(on: Size(width: 1280, height: 800)) == Rect(x: 240, y: 500, width: 800, height: 300))
        #expect(WindowGeometry(parsing: "800x300+10+20")?.frame(on: Size(width: 1280, height: 800)) == Rect(x: 10, y: 20, width: 800, height: 300))
        #expect(WindowGeometry(parsing: "800x300-0-0")?.frame(on: Size(width: 1280, height: 800)) == Rect(x: 480, y: 500, width: 800, height: 300))
        for bad in ["", "x", "800", "800x", "0x10", "800x300+1", "800x300+1+2+3", "a x b", "800x300++1+2"] {
            #expect(WindowGeometry(parsing: bad) == nil, "\(bad)")
        }
    }
}

@Suite struct ConfigFileTests {
    @Test func missingFileIsNoProblemAndADirectoryIsOne() throws {
        let missing = ConfigLoader.load(file: "/nonexistent/stackboard/config.json", files: SystemFiles())
        #expect(missing.config == Config() && missing.problems.isEmpty)
        let dir = ConfigLoader.load(file: "/tmp", files: SystemFiles())
        #expect(dir.config == Config())
        #expect(dir.problems.first?.description.contains("directory") == true)
    }

    /// An empty file is named as what it is: a config file (it once spoke of layouts).
    @Test func anEmptyFileSaysWhatAConfigFileHolds() {
        for text in ["", " \n"] {
            let (config, problems) = ConfigLoader.parse(Array(text.utf8), file: "config.json")
            #expect(config == Config())
            let message = problems.first?.message ?? ""
            #expect(message.contains("the file is empty") && message.contains("config file"), "\(message)")
            #expect(!message.contains("layout"), "\(message)")
        }
    }
}

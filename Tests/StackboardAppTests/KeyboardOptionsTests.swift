import Testing
import StackboardCore
import StackboardRender
import StackboardSound
import StackboardX11
@testable import StackboardApp

/// `stackboard keyboard`'s options on top of config.json, without a display.
@Suite struct KeyboardOptionsTests {
    func options(_ words: [String], _ json: String = "{}") throws -> KeyboardOptions {
        let (config, problems) = ConfigLoader.parse(Array(json.utf8), file: "config.json")
        #expect(problems.isEmpty, "\(problems)")
        return try KeyboardOptions(words, config: config, configFile: "config.json")
    }

    @Test func theDefaults() throws {
        let o = try options([])
        #expect(o.layouts == [.init(name: "qwerty")] && o.requestedLayout == nil)
        #expect(o.geometry == nil && o.dock == nil && o.keypad.theme == nil && o.keypad.scale == 1)
        #expect(!o.hidden && !o.hiddenOnCommandLine && !o.print && !o.help)
        #expect(o.timing == KeyTiming(repeatDelay: 0.5, repeatInterval: 0.05, longPressDelay: 0.5, dwell: nil, scan: nil))
        #expect(o.scanning.switches == [.select: .button(1)] && o.scanning.mode == .auto && o.scanning.device == nil)
        #expect(o.keypad.sound == SoundOptions())
        #expect(o.configProblems.isEmpty)
    }

    @Test func theSummonButtonAndTheTrayIconFromTheFileAndTheCommandLineNeverInAPlug() throws {
        let defaults = try options([])
        #expect(!defaults.summonButton && defaults.tray == .auto)
        let file = try options([], #"{"summon-button": true, "tray": "off"}"#)
        #expect(file.summonButton && file.tray == .off)
        let line = try options(["--summon-button", "--tray", "on"])
        #expect(line.summonButton && line.tray == .on)
        let plug = try options(["--xid", "--summon-button", "--tray", "on"])
        #expect(!plug.summonButton && plug.tray == .off)
        #expect(throws: UsageError.self) { try options(["--tray", "maybe"]) }
    }

    @Test func theCommandLineOverridesTheFileSettingBySetting() throws {
        let file = #"{"theme": "dark", "scale": 2, "dock": "top", "dwell": 800, "repeat": {"delay": 300}, "sound": {"volume": 10}}"#
        let fromFile = try options([], file)
        #expect(fromFile.keypad.theme?.name == "dark" && fromFile.keypad.scale == 2 && fromFile.dock == .top && fromFile.timing.dwell == 0.8)
        #expect(fromFile.timing.repeatDelay == 0.3 && fromFile.keypad.sound.volume == 10)
        let given = try options(["--theme", "light", "--dock", "none", "--dwell", "0", "--volume", "70"], file)
        #expect(given.keypad.theme == .light && given.dock == nil && given.timing.dwell == nil && given.keypad.sound.volume == 70)
        #expect(given.keypad.scale == 2 && given.timing.repeatDelay == 0.3, "the settings not given stay the file's")
    }

    @Test func layoutsComeFromTheCommandLineElseTheFile() throws {
        let file = #"{"layout": "numeric", "layouts": ["qwerty", "numeric", "pin"]}"#
        let fromFile = try options([], file)
        #expect(fromFile.layouts.map(\.name) == ["numeric", "pin", "qwerty"])
        #expect(fromFile.layouts.map(\.configKey) == ["layout", "layouts", "layouts"])
        #expect(fromFile.requestedLayout == nil)
        let listed = try options(["--layouts", "phone,pin"], file)
        #expect(listed.layouts.map(\.name) == ["phone", "pin"] && listed.requestedLayout == "phone")
        let one = try options(["--layout", "pin"], file)
        #expect(one.layouts.map(\.name) == ["pin", "qwerty", "numeric"] && one.requestedLayout == "pin")
        #expect(one.layouts.first?.configKey == nil)
    }

    @Test func scanningIsOnWithAnyScanOptionOrTheFilesInterval() throws {
        #expect(try options([]).timing.scan == nil)
        #expect(try options(["--scan"]).timing.scan == ScanConfig(interval: 1, loops: 3))
        #expect(try options(["--scan-loops", "5"]).timing.scan == ScanConfig(interval: 1, loops: 5))
        #expect(try options(["--scan-switch", "F12"]).scanning.switches == [.select: .key("F12")])
        #expect(try options(["--scan-mode", "step"]).timing.scan != nil, "any scan option turns it on")
        #expect(try options([], #"{"scan": {"loops": 5}}"#).timing.scan == nil, "loops alone do not turn it on")
        #expect(try options([], #"{"scan": {"interval": 700}}"#).timing.scan == ScanConfig(interval: 0.7, loops: 3))
    }

    @Test func hiddenInTheFileIsNotHiddenOnTheCommandLine() throws {
        let fromFile = try options([], #"{"hidden": true}"#)
        #expect(fromFile.hidden && !fromFile.hiddenOnCommandLine)
        let given = try options(["--hidden"])
        #expect(given.hidden && given.hiddenOnCommandLine)
    }

    @Test func aBadScanSwitchInTheFileIsAProblemAndTheDefaultIsUsed() throws {
        let o = try options([], #"{"scan": {"switch": "no key", "interval": 500}}"#)
        #expect(o.scanning.switches == [.select: .button(1)])
        #expect(o.configProblems.map(\.description) == [
            "config.json: scan.switch: 'no key' is not a switch: give button1 to button9 or an X keysym name like space or F12; "
                + "using the default",
        ])
        #expect(throws: UsageError("--scan-switch 'no key': 'no key' is not a switch: give button1 to button9 or an X keysym name "
                                   + "like space or F12")) {
            try options(["--scan-switch", "no key"])
        }
    }

    @Test func eachModeHasItsDefaultSwitchesAndRolesAreGivenByName() throws {
        #expect(try options(["--scan-mode", "step"]).scanning.switches == [.next: .button(1), .select: .button(3)])
        #expect(try options(["--scan-mode", "directed"]).scanning.numbered.map(\.number) == [1, 2, 3, 4, 5])
        let step = try options(["--scan-mode", "step", "--scan-switch", "next=space,select=Return"])
        #expect(step.scanning.switches == [.next: .key("space"), .select: .key("Return")])
        #expect(step.scanning.numbered.map(\.number) == [1, 2], "select is 1, next is 2")
        // One switch alone is select; the other roles keep defaults that are still free.
        #expect(try options(["--scan-mode", "step", "--scan-switch", "button1"]).scanning.switches == [.select: .button(1)])
        #expect(try options(["--scan-mode", "step", "--scan-switch", "button2"]).scanning.switches == [.select: .button(2), .next: .button(1)])
    }

    @Test func badSwitchListsSayWhatToGive() {
        #expect(throws: UsageError("--scan-switch 'next=button1': auto scanning has no 'next' switch (its switches: select); "
                                   + "leave it out or choose another --scan-mode")) { try options(["--scan-switch", "next=button1"]) }
        #expect(throws: UsageError("--scan-switch 'go=button1': 'go' is not a switch role: give select, next, up, down, left or right")) {
            try options(["--scan-switch", "go=button1"])
        }
        #expect(throws: UsageError("--scan-switch 'next=button1,select=button1': button1 is given for both next and select: "
                                   + "give each role its own switch")) {
            try options(["--scan-mode", "step", "--scan-switch", "next=button1,select=button1"])
        }
        #expect(throws: UsageError("--scan-switch 'button1,button2': 'button1' is not ROLE=SWITCH: give pairs joined by commas, "
                                   + "like next=button1,select=button3")) { try options(["--scan-switch", "button1,button2"]) }
    }

    @Test func positionalWordsAndMissingValuesAreUsageErrors() {
        #expect(throws: UsageError("Unexpected argument 'qwerty'. See 'stackboard keyboard --help'.")) { try options(["qwerty"]) }
        #expect(throws: UsageError("Option '--layout' needs a value, for example '--layout qwerty'.")) { try options(["--layout"]) }
        #expect(throws: UsageError("Option '--geometry' needs a value, for example '--geometry 800x300+0+500'.")) {
            try options(["--geometry"])
        }
        #expect(throws: UsageError("Option '--scale' wants a number from 0.25 to 4, not '9'.")) { try options(["--scale", "9"]) }
    }

    @Test func theFrameFollowsGeometryDockAndScale() throws {
        let screen = Size(width: 1200, height: 900)
        #expect(try options([]).frame(on: screen) == Rect(x: 0, y: 600, width: 1200, height: 300))
        #expect(try options(["--dock", "top", "--scale", "0.5"]).frame(on: screen) == Rect(x: 0, y: 0, width: 1200, height: 150))
        #expect(try options(["--geometry", "600x200-0-0"]).frame(on: screen) == Rect(x: 600, y: 700, width: 600, height: 200))
    }

    @Test func theMonitorIsThePrimaryOneUnlessTheCommandLineOrTheFileNamesOne() throws {
        #expect(try options([]).monitor == .primary)
        #expect(try options(["--monitor", "focus"]).monitor == .focus)
        #expect(try options(["--monitor", "HDMI-1"], #"{"monitor": "focus"}"#).monitor == .named("HDMI-1"))
        #expect(try options([], #"{"monitor": "DP-2"}"#).monitor == .named("DP-2"))
        #expect(throws: UsageError.self) { try options(["--monitor", "HDMI 1"]) }
        // A bad name in the file is one problem line, and the primary monitor is used.
        let (config, _) = ConfigLoader.parse(Array(#"{"monitor": "a b"}"#.utf8), file: "config.json")
        let fromFile = try KeyboardOptions([], config: config, configFile: "config.json")
        #expect(fromFile.monitor == .primary)
        #expect(fromFile.configProblems.map(\.key) == ["monitor"])
    }
}

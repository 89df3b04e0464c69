import Testing
@testable import StackboardCore

/// The timing settings as one value: read from the settings table, made safe to schedule with.
@Suite struct KeyTimingTests {
    func values(_ json: String, _ commandLine: [Setting: SettingValue] = [:]) -> SettingValues {
        let (config, problems) = ConfigLoader.parse(Array(json.utf8), file: "config.json")
        #expect(problems.isEmpty, "\(problems)")
        return SettingValues(command: .keyboard, commandLine: commandLine, config: config)
    }

    @Test func theTablesMillisecondsBecomeSeconds() {
        #expect(KeyTiming(values("{}")) == KeyTiming(), "the table's defaults are the type's")
        let timing = KeyTiming(values(#"{"repeat": {"delay": 400, "interval": 40}, "longPress": 600, "dwell": 800}"#))
        #expect(timing == KeyTiming(repeatDelay: 0.4, repeatInterval: 0.04, longPressDelay: 0.6, dwell: 0.8))
        #expect(KeyTiming(values(#"{"dwell": 0}"#)).dwell == nil, "a dwell of 0 is off")
    }

    @Test func scanningIsOnWithAScanOptionOrTheFilesInterval() {
        #expect(KeyTiming(values(#"{"scan": {"loops": 5}}"#)).scan == nil)
        #expect(KeyTiming(values(#"{"scan": {"interval": 700}}"#)).scan == ScanConfig(interval: 0.7, loops: 3))
        #expect(KeyTiming(values("{}", [.scanLoops: .int(2)])).scan == ScanConfig(interval: 1, loops: 2))
    }

    @Test func safeTimesHaveFloorsAndFallBackWhenNotFinite() {
        let safe = KeyTiming(repeatDelay: -1, repeatInterval: 0, longPressDelay: .nan, dwell: .infinity,
                             scan: ScanConfig(interval: 0, loops: 0)).safe
        #expect(safe == KeyTiming(repeatDelay: KeyTiming.minimumDelay, repeatInterval: KeyTiming.minimumInterval, longPressDelay: 0.5,
                                  dwell: nil, scan: ScanConfig(interval: KeyTiming.minimumDelay, loops: 1)))
        #expect(KeyTiming(scan: ScanConfig(interval: .nan)).safe.scan == nil, "a scan interval that is not finite is off")
        #expect(KeyTiming(dwell: 1.5).safe == KeyTiming(dwell: 1.5), "good times are kept")
    }
}

extension KeyTiming {
    /// The timing settings of `values` (milliseconds in the table, seconds here). A dwell of 0
    /// is off; scanning is on as `SettingValues.scanning` says.
    public init(_ values: SettingValues) {
        let dwell = values.int(.dwell)
        let scanning = values.scanning
        self.init(repeatDelay: Double(values.int(.repeatDelay)) / 1000,
                  repeatInterval: Double(values.int(.repeatInterval)) / 1000,
                  longPressDelay: Double(values.int(.longPress)) / 1000,
                  dwell: dwell > 0 ? Double(dwell) / 1000 : nil,
                  scan: scanning ? ScanConfig(interval: Double(values.int(.scanInterval)) / 1000, loops: values.int(.scanLoops)) : nil)
    }
}

extension SettingValues {
    /// Whether switch scanning is on: when the command line gives any scan option, else when the
    /// configuration file says `scan.enabled`, else when it gives a scan interval (its loops alone
    /// do not turn it on). `--scan` given as a value (the settings panel's) decides alone.
    public var scanning: Bool {
        let scanOptions: [Setting] = [.scanInterval, .scanLoops, .scanSwitch, .scanMode, .scanPattern, .scanFirstExtra,
                                      .scanAcceptance, .scanPostAcceptance, .scanDevice]
        return commandLine[.scan]?.bool
            ?? (scanOptions.contains { commandLine[$0] != nil } || (config[.scan]?.bool ?? (config[.scanInterval] != nil)))
    }
}

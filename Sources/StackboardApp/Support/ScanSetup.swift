import StackboardCore
import StackboardScan
import StackboardX11

/// How a keypad (the keyboard's, the entry window's) scans when scanning is on: the mode, the
/// pattern, the times, the switch of each role and the switch device, read from the settings
/// (`--scan-mode`, `--scan-switch`...).
struct ScanSetup: Equatable {
    /// How the switches work.
    var mode: ScanMode
    /// How keys are grouped.
    var pattern: ScanPattern
    /// The times.
    var timing: ScanTiming
    /// The physical switch of each role (a role without one is reached by `stackboard switch`).
    var switches: [ScanRole: ScanSwitch]
    /// `--scan-device`: the input device whose buttons and keys are switches 1 to 5 (nil: none).
    var device: String?

    /// A setup with every property given.
    init(mode: ScanMode, pattern: ScanPattern, timing: ScanTiming, switches: [ScanRole: ScanSwitch], device: String?) {
        self.mode = mode
        self.pattern = pattern
        self.timing = timing
        self.switches = switches
        self.device = device
    }

    /// The switches each mode has when none are given: a mouse's buttons on the keyboard
    /// (directed: its wheel, tilted for left and right).
    static func defaultSwitches(_ mode: ScanMode) -> [ScanRole: ScanSwitch] {
        switch mode {
        case .auto, .inverse: return [.select: .button(1)]
        case .step: return [.next: .button(1), .select: .button(3)]
        case .directed: return [.select: .button(1), .up: .button(4), .down: .button(5), .left: .button(6), .right: .button(7)]
        }
    }

    /// The physical switches with their numbers in the mode (`ScanMode.switchNumber(of:)`), by number.
    var numbered: [(input: ScanSwitch, number: Int)] {
        switches.compactMap { role, input in mode.switchNumber(of: role).map { (input: input, number: $0) } }
            .sorted { $0.number < $1.number }
    }

    /// The switches `text` gives in `mode`: one switch alone is select; otherwise `ROLE=SWITCH`
    /// pairs joined by commas. The mode's other roles keep their default switches, unless a given
    /// role took that switch. Throws the problem as one sentence that says what to give.
    static func switches(_ text: String, mode: ScanMode) throws(ScanSwitchProblem) -> [ScanRole: ScanSwitch] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { SettingSpec.trimmed(String($0)) }
        var given: [ScanRole: ScanSwitch] = [:]
        for item in items {
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map { SettingSpec.trimmed(String($0)) }
            let roleName = parts.count == 2 ? parts[0] : (items.count == 1 ? "select" : "")
            let switchName = parts.count == 2 ? parts[1] : item
            guard !item.isEmpty, !roleName.isEmpty else {
                throw ScanSwitchProblem("'\(item)' is not ROLE=SWITCH: give pairs joined by commas, like next=button1,select=button3")
            }
            guard let role = ScanRole(rawValue: roleName) else {
                throw ScanSwitchProblem("'\(roleName)' is not a switch role: give select, next, up, down, left or right")
            }
            guard mode.roles.contains(role) else {
                let roles = mode.roles.map(\.rawValue).joined(separator: ", ")
                throw ScanSwitchProblem("\(mode.rawValue) scanning has no '\(role.rawValue)' switch (its switches: \(roles)); "
                                        + "leave it out or choose another --scan-mode")
            }
            guard let input = ScanSwitch(parsing: switchName) else {
                throw ScanSwitchProblem("'\(switchName)' is not a switch: give button1 to button9 or an X keysym name like space or F12")
            }
            guard given[role] == nil else { throw ScanSwitchProblem("the '\(role.rawValue)' switch is given twice: give it once") }
            if let other = given.first(where: { $0.value == input })?.key {
                throw ScanSwitchProblem("\(input) is given for both \(other.rawValue) and \(role.rawValue): give each role its own switch")
            }
            given[role] = input
        }
        for (role, input) in defaultSwitches(mode) where given[role] == nil && !given.values.contains(input) {
            given[role] = input
        }
        return given
    }

    /// The setup `values` give (`file`: the configuration file, for its problems). A bad
    /// `--scan-switch` is a usage error; a bad `scan.switch` in the file is a problem, and the
    /// mode's default switches are used.
    init(_ values: SettingValues, file: String, problems: inout [ConfigProblem]) throws(UsageError) {
        mode = values.string(.scanMode).flatMap(ScanMode.init(rawValue:)) ?? .auto
        pattern = values.string(.scanPattern).flatMap(ScanPattern.init(rawValue:)) ?? .automatic
        timing = ScanTiming(interval: Double(values.int(.scanInterval)) / 1000,
                            firstItemExtra: Double(values.int(.scanFirstExtra)) / 1000,
                            acceptance: Double(values.int(.scanAcceptance)) / 1000,
                            postAcceptance: Double(values.int(.scanPostAcceptance)) / 1000,
                            loops: values.int(.scanLoops))
        device = values.string(.scanDevice)
        switches = Self.defaultSwitches(mode)
        if let text = values.commandLine[.scanSwitch]?.string {
            do { switches = try Self.switches(text, mode: mode) } catch { throw UsageError("--scan-switch '\(text)': \(error.message)") }
        } else if let text = values.config[.scanSwitch]?.string {
            do { switches = try Self.switches(text, mode: mode) } catch {
                problems.append(ConfigProblem(file: file, key: "scan.switch", message: error.message))
            }
        }
    }
}

/// Why a `--scan-switch` value was refused: one sentence that says what to give.
struct ScanSwitchProblem: Error, Equatable {
    /// The sentence.
    let message: String
    init(_ message: String) { self.message = message }
}

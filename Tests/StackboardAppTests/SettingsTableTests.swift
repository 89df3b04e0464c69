import Testing
import StackboardCore
import StackboardRender
import StackboardSound
@testable import StackboardApp

/// The settings table is consistent in itself and with the code that reads it: one kind (and
/// so one range) per option name, valid defaults, and lists that other modules own agree.
@Suite struct SettingsTableTests {
    @Test func everyCommandOfTheTableIsACommandOfTheProgramAndBack() {
        #expect(Set(CommandName.allCases.map(\.rawValue)) == Set(CommandRegistry.all.map(\.name)))
    }

    @Test(arguments: CommandName.allCases)
    func aCommandHasEachOptionOnce(command: CommandName) {
        let flags = Setting.accepted(by: command).compactMap(\.spec.flag)
        #expect(flags.count == Set(flags).count, "\(command): \(flags)")
        #expect(!flags.contains("help"), "--help is every command's own")
    }

    @Test func settingsThatShareAnOptionNameShareItsKind() {
        // `--layout` of the keyboard and of entry mode: one option name, one range everywhere.
        // (status's `--layout` is a plain flag of its own.)
        let valued = Setting.allCases.filter { if case .bool = $0.spec.kind { return false } else { return $0.spec.flag != nil } }
        for setting in valued {
            for other in valued where other.spec.flag == setting.spec.flag {
                #expect(other.spec.kind == setting.spec.kind, "--\(setting.spec.flag ?? ""): \(setting) and \(other) differ")
            }
        }
    }

    @Test func configKeysAreUniqueAndNoneIsAGroupOfAnother() {
        let keys = Setting.configKeys
        #expect(keys.count == Set(keys).count)
        for key in keys {
            #expect(!keys.contains { $0.hasPrefix(key + ".") }, "\(key) is both a setting and an object")
            #expect(!key.isEmpty && !key.hasPrefix(".") && !key.hasSuffix("."))
        }
    }

    @Test(arguments: Setting.allCases)
    func everyRowIsComplete(setting: Setting) throws {
        let spec = setting.spec
        #expect(spec.flag != nil || spec.key != nil, "\(setting) is neither an option nor a key")
        #expect(!spec.commands.isEmpty, "\(setting) is for no command")
        #expect(!spec.help.isEmpty && !spec.help.hasSuffix("."), "\(setting): one line of help, no full stop")
        if spec.key != nil {
            #expect(spec.commands.contains { $0.readsConfig }, "\(setting) has a key but no command reads it")
        }
        if case .bool = spec.kind { #expect(spec.flag != nil || spec.defaultValue != nil) }
        if case .choice(let names) = spec.kind { #expect(!names.isEmpty) }
        // The default is a value the setting takes, written as on the command line.
        for command in spec.commands {
            guard let value = spec.defaultValue(for: command) else { continue }
            if case .bool = spec.kind { continue }
            #expect(try spec.parse(value.description).get() == value, "\(setting) default for \(command)")
        }
        // An example in a message is a value the option takes.
        if spec.flag != nil && spec.kind != .bool && spec.kind != .custom {
            #expect((try? spec.parse(spec.example).get()) != nil, "\(setting): the example '\(spec.example)' is not valid")
        }
    }

    @Test func listsOwnedElsewhereAgreeWithTheTable() {
        #expect(Setting.clickKind.spec.kind == .choice(ClickKind.allCases.map(\.rawValue) + ["all"]))
        #expect(Setting.modifiers.spec.kind == .names(choices: Modifier.allCases.map(\.rawValue)))
        #expect(Setting.volume.spec.defaultValue == .int(SoundOptions.defaultVolume))
        #expect(Setting.soundDevice.spec.defaultValue == .string(SoundOptions.defaultDevice))
        #expect(SoundOptions().enabled == Setting.sound.spec.defaultValue?.bool)
    }

    @Test(arguments: CommandName.allCases)
    func everyOptionIsInItsCommandsHelp(command: CommandName) {
        let help = SettingsHelp.options(for: command)
        for setting in Setting.accepted(by: command) {
            guard let usage = SettingsHelp.usage(of: setting) else { continue }
            #expect(help.contains("  " + usage), "\(command) --help lacks \(usage)")
            if let limits = SettingsHelp.limits(of: setting, for: command) {
                #expect(help.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
                    .contains(limits.split(separator: " ").joined(separator: " ")), "\(command) --help: \(usage) lacks '\(limits)'")
            }
        }
        for line in help.split(separator: "\n") { #expect(line.count <= 100, "\(command): \(line)") }
    }

    @Test func helpShowsRangesAndDefaults() {
        let lines = SettingsHelp.options(for: .keyboard)
        #expect(lines.contains("\n  --repeat-delay MS     hold a repeating key"))
        let help = lines.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(100 to 5000 ms, default 500)"))
        #expect(help.contains("(0.25 to 4, default 1)"))
        #expect(help.contains("(0 for off, or 100 to 10000 ms, default 0)"))
        #expect(SettingsHelp.limits(of: .size, for: .render) == "default 1280x400")
        #expect(SettingsHelp.limits(of: .size, for: .entry) == "default: 360x480 for pads, 960x400 for keyboards, times --scale")
        #expect(SettingsHelp.limits(of: .print, for: .keyboard) == nil)
    }

    @Test func theCommandsHelpTextsHoldTheTablesLines() {
        #expect(KeyboardOptions.helpText.contains(SettingsHelp.options(for: .keyboard)))
        #expect(EntryOptions.helpText.contains(SettingsHelp.options(for: .entry)))
        #expect(RenderCommand.help.contains(SettingsHelp.options(for: .render)))
        #expect(KeysCommand.helpText.contains(SettingsHelp.options(for: .keys)))
        #expect(TypeCommand.help.contains(SettingsHelp.options(for: .type)))
        #expect(SoundCheckCommand.help.contains(SettingsHelp.options(for: .soundCheck)))
        #expect(LayoutsCommand.help.contains(SettingsHelp.options(for: .layouts)))
    }
}

import Testing
import Foundation
import StackboardCore

/// What the package installs besides the program: the man page covers every command and
/// option the program has, the desktop files are valid, the autostart entry is disabled.
@Suite struct PackageDocsTests {
    static let manPage = Tools.repoRoot + "/docs/stackboard.1"

    /// The man page source with roff's escaped dashes made plain.
    static func manText() throws -> String {
        try String(contentsOfFile: manPage, encoding: .utf8).replacingOccurrences(of: "\\-", with: "-")
    }

    @Test(.enabled(if: PackageBuild.which("groff") != nil, "groff is not installed (it comes with man-db)"))
    func manPageRendersWithoutWarnings() throws {
        let r = PackageBuild.run("groff", ["-man", "-Tutf8", "-ww", "-z", Self.manPage])
        #expect(r.status == 0)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    @Test func manPageHasAnEntryForEveryCommand() throws {
        let lines = try Self.manText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The words of each .TP item's tag line in COMMANDS.
        var tagged: Set<String> = []
        var inCommands = false
        for (i, line) in lines.enumerated() {
            if line.hasPrefix(".SH ") { inCommands = line == ".SH COMMANDS" }
            guard inCommands, line == ".TP", i + 1 < lines.count else { continue }
            let words = lines[i + 1].split { " \",[]|".contains($0) }.map(String.init)
            tagged.formUnion(words.dropFirst())
        }
        let commands = PackageBuild.commands
        try #require(!commands.isEmpty, "stackboard --help lists no commands")
        for command in commands {
            #expect(tagged.contains(command), "docs/stackboard.1 has no COMMANDS entry for '\(command)'")
        }
    }

    @Test func manPageNamesEveryOptionOfEveryCommand() throws {
        let text = try Self.manText()
        for command in PackageBuild.commands.sorted() {
            let help = PackageBuild.run(Tools.stackboard, [command, "--help"])
            guard help.status == 0 else {
                Issue.record("stackboard \(command) --help failed: \(help.stderr)")
                continue
            }
            let options = Set(help.stdout.split { " ,[]|()=\n\t".contains($0) }
                .filter { $0.hasPrefix("--") && $0.count > 2 && $0.dropFirst(2).allSatisfy { $0.isLetter || $0 == "-" } }
                .map(String.init))
            for option in options.subtracting(["--help"]) {
                #expect(text.contains(option), "docs/stackboard.1 does not mention '\(option)' of 'stackboard \(command)'")
            }
        }
    }

    /// The man page's options are the settings table's: every option of the table is in it,
    /// it names no option the table lacks.
    @Test func manPageOptionsAreTheTablesOptions() throws {
        let page = try ManPage(path: Self.manPage)
        let table = Set(Setting.allCases.compactMap(\.spec.flag).map { "--" + $0 })
        let named = page.allOptions
        for option in table.sorted() {
            #expect(named.contains(option), "docs/stackboard.1 does not describe \(option)")
        }
        for option in named.subtracting(["--help", "--version"]).sorted() {
            let known = option.hasSuffix("-") ? table.contains { $0.hasPrefix(option) } : table.contains(option)
            #expect(known, "docs/stackboard.1 names \(option), which no command has (see SettingsTable.swift)")
        }
    }

    /// Where an option's own paragraph (KEYBOARD OPTIONS, ENTRY MODE) states a range or a
    /// default, it is the table's; every keyboard option has a paragraph, and every number
    /// option of the keyboard states its range.
    @Test(arguments: [("KEYBOARD OPTIONS", CommandName.keyboard), ("ENTRY MODE", .entry)])
    func manPageStatesTheTablesRangesAndDefaults(section: String, command: CommandName) throws {
        let items = try ManPage(path: Self.manPage).items(in: section)
        try #require(!items.isEmpty, "no .TP items in \(section)")
        for item in items {
            let setting = try #require(Setting.option(item.option, of: command), "\(section) describes --\(item.option), not an option of \(command)")
            let spec = setting.spec
            let stated = ManPage.ranges(in: item.body)
            switch spec.kind {
            case .int(let range, _):
                if command == .keyboard { #expect(!stated.isEmpty, "--\(item.option) states no range") }
                for (a, b) in stated { #expect(a == Double(range.lowerBound) && b == Double(range.upperBound), "--\(item.option): \(a) to \(b), the table says \(range)") }
            case .double(let range):
                if command == .keyboard { #expect(!stated.isEmpty, "--\(item.option) states no range") }
                for (a, b) in stated { #expect(a == range.lowerBound && b == range.upperBound, "--\(item.option): \(a) to \(b), the table says \(range)") }
            case .size(let max):
                for (a, b) in stated { #expect(a == 1 && b == Double(max), "--\(item.option): \(a) to \(b), the table says 1 to \(max)") }
            default:
                #expect(stated.isEmpty, "--\(item.option) states a range the table does not have")
            }
            // A plain default (not one the program works out) is the table's.
            if spec.notes[command] == nil, spec.defaultText == nil, let value = spec.defaultValue(for: command), spec.kind != .bool {
                for word in ManPage.defaults(in: item.body) {
                    #expect(word == value.description, "--\(item.option): default \(word), the table says \(value)")
                }
            }
        }
        let described = Set(items.map(\.option))
        for setting in Setting.accepted(by: command) {
            guard let flag = setting.spec.flag else { continue }
            // Entry mode describes the options it shares with the keyboard by naming them.
            if command == .entry && setting.spec.commands.contains(.keyboard) { continue }
            #expect(described.contains(flag), "\(section) has no paragraph for --\(flag)")
        }
    }

    /// CONFIGURATION names every key of the table, and its example sets them all without a problem.
    @Test func manPageConfigurationIsTheTablesKeys() throws {
        let page = try ManPage(path: Self.manPage)
        let text = ManPage.plain(page.section("CONFIGURATION"))
        for key in Setting.configKeys {
            #expect(text.contains(key), "CONFIGURATION does not name \(key)")
        }
        let example = try #require(page.examples(in: "CONFIGURATION").first)
        let (config, problems) = ConfigLoader.parse(Array(example.utf8), file: "the man page's example")
        #expect(problems.isEmpty, "\(problems)")
        #expect(Set(config.values.keys.compactMap(\.spec.key)) == Set(Setting.configKeys), "the example lacks some keys")
    }

    @Test(.enabled(if: PackageBuild.which("desktop-file-validate") != nil,
                   "desktop-file-validate is not installed (run 'make setup': desktop-file-utils)"))
    func desktopFilesAreValid() throws {
        for file in ["data/stackboard.desktop", "data/stackboard-autostart.desktop"] {
            let r = PackageBuild.run("desktop-file-validate", [Tools.repoRoot + "/" + file])
            #expect(r.status == 0 && r.stdout.isEmpty && r.stderr.isEmpty, "\(file): \(r.stdout)\(r.stderr)")
        }
        let menu = try String(contentsOfFile: Tools.repoRoot + "/data/stackboard.desktop", encoding: .utf8)
        #expect(menu.contains("\nExec=stackboard\n"))
        #expect(menu.contains("Categories=Utility;Accessibility;"))
        let autostart = try String(contentsOfFile: Tools.repoRoot + "/data/stackboard-autostart.desktop", encoding: .utf8)
        #expect(autostart.contains("\nHidden=true\n") && autostart.contains("\nX-GNOME-Autostart-enabled=false\n"))
    }
}

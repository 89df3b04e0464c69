import Testing
import Foundation

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

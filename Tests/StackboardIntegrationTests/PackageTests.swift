import Testing
import Foundation

/// The Debian package: `make deb` builds it (release, Swift runtime linked statically), and the
/// binary installed from it into a scratch root (`dpkg -x`) runs with only that root's data.
/// One package build serves the whole suite; skipped with a reason when dpkg-buildpackage or
/// debhelper is missing. The package is a release build of everything, so the suite runs with
/// STACKBOARD_TEST_PACKAGE=1, in `make test-package` (which .ci/run runs after `make test`).
@Suite(.enabled(if: PackageBuild.wanted, "the package is built and checked in make test-package (STACKBOARD_TEST_PACKAGE=1)"),
       .packageBuild, .enabled(if: PackageBuild.canBuild, Comment(rawValue: PackageBuild.missingTools ?? "")))
struct PackageTests {
    @Test func packageHoldsTheProgramItsDataAndDesktopFiles() throws {
        let built = try PackageBuild.get()
        let listing = PackageBuild.run("dpkg-deb", ["-c", built.deb])
        try #require(listing.status == 0, "\(listing.stderr)")
        let files = Set(listing.stdout.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).last.map { String($0.dropFirst()) } // "./usr/..." -> "/usr/..."
        })
        for path in ["/usr/bin/stackboard", "/usr/share/man/man1/stackboard.1.gz",
                     "/usr/share/applications/stackboard.desktop", "/etc/xdg/autostart/stackboard.desktop",
                     "/usr/share/doc/stackboard/copyright",
                     "/usr/share/stackboard/emoji/emoji-test.txt", "/usr/share/stackboard/emoji/LICENSE"] {
            #expect(files.contains(path), "missing \(path)")
        }
        let layouts = PackageBuild.shippedLayouts
        #expect(!layouts.isEmpty, "the repository has no Resources/layouts/*.json")
        for name in layouts {
            #expect(files.contains("/usr/share/stackboard/layouts/\(name).json"), "layout \(name) not packaged")
        }
        #expect(PackageBuild.shippedThemes == ["dark", "high-contrast", "light"])
        for name in PackageBuild.shippedThemes {
            #expect(files.contains("/usr/share/stackboard/themes/\(name).json"), "theme \(name) not packaged")
        }
        #expect(files.contains("/usr/share/doc/stackboard/themes.md.gz") || files.contains("/usr/share/doc/stackboard/themes.md"))
        for model in PackageBuild.shippedWordModels {
            #expect(files.contains("/usr/share/stackboard/words/\(model)"), "word model \(model) not packaged")
        }
        let catalogs = ((try? String(contentsOfFile: Tools.repoRoot + "/po/LINGUAS", encoding: .utf8)) ?? "").split(whereSeparator: \.isWhitespace)
        #expect(catalogs.contains("de") && catalogs.contains("zh_CN"))
        for language in catalogs {
            #expect(files.contains("/usr/share/locale/\(language)/LC_MESSAGES/stackboard.mo"), "catalog \(language) not packaged")
        }
        for sound in PackageBuild.shippedSounds {
            #expect(files.contains("/usr/share/stackboard/sounds/\(sound)"), "sound \(sound) not packaged")
        }
        // Nothing from the build tree or the developer's machine.
        #expect(!files.contains { $0.contains(".build") || $0.contains(".swiftbuild") || $0.hasPrefix("/root") || $0.hasPrefix("/opt") })

        let conffiles = PackageBuild.run("dpkg-deb", ["-I", built.deb, "conffiles"])
        #expect(conffiles.stdout.contains("/etc/xdg/autostart/stackboard.desktop"))
    }

    @Test func dependsOnlyOnDebianLibraries() throws {
        let built = try PackageBuild.get()
        let depends = PackageBuild.run("dpkg-deb", ["-f", built.deb, "Depends"]).stdout
        // Pango, libsystemd and ALSA are opened on first use (Sources/CLazy): debian/control names them.
        for library in ["libc6", "libx11-6", "libcairo2", "libasound2", "libpangocairo-1.0-0", "libpango-1.0-0", "libsystemd0"] {
            #expect(depends.contains(library), "Depends lacks \(library): \(depends)")
        }
        #expect(!depends.lowercased().contains("swift"), "Depends: \(depends)")

        let ldd = PackageBuild.run("ldd", [built.root + "/usr/bin/stackboard"])
        #expect(ldd.status == 0, "\(ldd.stderr)")
        for runtime in ["libswift", "libFoundation", "libdispatch", "libBlocksRuntime", "lib_FoundationICU", "not found"] {
            #expect(!ldd.stdout.contains(runtime), "the installed binary needs \(runtime):\n\(ldd.stdout)")
        }
    }

    @Test func installedBinaryRunsFromTheScratchRoot() throws {
        let built = try PackageBuild.get()
        let binary = built.root + "/usr/bin/stackboard"
        let env = PackageBuild.installedEnvironment(built)
        let version = PackageBuild.run(binary, ["--version"], environment: env)
        #expect(version.status == 0)
        let changelog = try String(contentsOfFile: Tools.repoRoot + "/debian/changelog", encoding: .utf8)
        let packaged = changelog.split(separator: "\n").first.flatMap { line in
            line.split(separator: "(").dropFirst().first?.split(separator: ")").first.map(String.init)
        }
        #expect(version.stdout == "stackboard \(try #require(packaged))\n",
                "debian/changelog and the program disagree about the version")
        let help = PackageBuild.run(binary, ["--help"], environment: env)
        #expect(help.status == 0 && help.stdout.contains("Usage: stackboard"))
    }

    @Test func autostartEntryIsInstalledDisabled() throws {
        let built = try PackageBuild.get()
        let text = try String(contentsOfFile: built.root + "/etc/xdg/autostart/stackboard.desktop", encoding: .utf8)
        let lines = Set(text.split(separator: "\n").map(String.init))
        #expect(lines.contains("Hidden=true"))
        #expect(lines.contains("X-GNOME-Autostart-enabled=false"))
        #expect(lines.contains { $0.hasPrefix("Exec=stackboard") })
    }

    /// Waits for the layout catalog and its `check` command (issue 2 loader).
    @Test(.enabled(if: PackageBuild.commands.contains("check"), "waiting for the layout catalog ('stackboard check' not built yet)"))
    func installedLayoutsComeFromTheScratchRoot() throws {
        let built = try PackageBuild.get()
        let binary = built.root + "/usr/bin/stackboard"
        let env = PackageBuild.installedEnvironment(built)
        let listed = PackageBuild.run(binary, ["layouts"], environment: env)
        #expect(listed.status == 0, "\(listed.stderr)")
        let names = Set(listed.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(names == Set(PackageBuild.shippedLayouts), "\(listed.stdout)")

        // Take one layout out of the scratch root: it must vanish from the list, so the list
        // really comes from there (and not from the repository or /usr/share).
        let removed = PackageBuild.shippedLayouts.contains("binary") ? "binary" : try #require(PackageBuild.shippedLayouts.last)
        let file = built.root + "/usr/share/stackboard/layouts/\(removed).json"
        let saved = built.scratch + "/\(removed).json"
        try FileManager.default.moveItem(atPath: file, toPath: saved)
        defer { try? FileManager.default.moveItem(atPath: saved, toPath: file) }
        let without = PackageBuild.run(binary, ["layouts"], environment: env)
        let namesWithout = Set(without.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) })
        #expect(namesWithout == Set(PackageBuild.shippedLayouts).subtracting([removed]), "\(without.stdout)")

        // The themes too: the installed ones, from the scratch root.
        let themes = PackageBuild.run(binary, ["themes", "--paths"], environment: env)
        #expect(themes.status == 0, "\(themes.stderr)")
        let themeRows = themes.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(themeRows.map { $0.first ?? "" } == PackageBuild.shippedThemes, "\(themes.stdout)")
        let themesDir = (built.root + "/usr/share/stackboard/themes/").replacingOccurrences(of: "//", with: "/")
        #expect(themeRows.allSatisfy { $0.dropFirst().first?.hasPrefix(themesDir) == true },
                "not all under \(built.root): \(themeRows)")
    }

    /// Waits for the painter's `render` command (issue 3).
    @Test(.enabled(if: PackageBuild.commands.contains("render"), "waiting for 'stackboard render' (not built yet)"))
    func installedBinaryRendersAPNGWithoutADisplay() throws {
        let built = try PackageBuild.get()
        let binary = built.root + "/usr/bin/stackboard"
        let output = built.scratch + "/qwerty.png"
        let r = PackageBuild.run(binary, ["render", "--layout", "qwerty", "--size", "800x300", "--output", output],
                                 environment: PackageBuild.installedEnvironment(built))
        #expect(r.status == 0, "\(r.stderr)")
        let png = try #require(FileManager.default.contents(atPath: output))
        try #require(png.count > 24)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 800 && height == 300)
    }

    /// Waits for the click player's `sound-check` command (issue 6).
    @Test(.enabled(if: PackageBuild.commands.contains("sound-check"), "waiting for 'stackboard sound-check' (not built yet)"))
    func installedBinaryFindsItsClickSamples() throws {
        let built = try PackageBuild.get()
        try #require(!PackageBuild.shippedSounds.isEmpty, "the repository has no Resources/sounds")
        let r = PackageBuild.run(built.root + "/usr/bin/stackboard", ["sound-check", "--sound-device", "null", "--count", "1"],
                                 environment: PackageBuild.installedEnvironment(built))
        #expect(r.status == 0, "\(r.stdout)\n\(r.stderr)")
    }

    @Test(.enabled(if: PackageBuild.commands.contains("words"), "waiting for 'stackboard words'"))
    func installedBinaryFindsItsWordModels() throws {
        let built = try PackageBuild.get()
        let r = PackageBuild.run(built.root + "/usr/bin/stackboard", ["words", "languages"],
                                 environment: PackageBuild.installedEnvironment(built))
        #expect(r.status == 0, "\(r.stderr)")
        for model in PackageBuild.shippedWordModels {
            let root = built.root.split(separator: "/").joined(separator: "/")   // the output has no "//"
            #expect(r.stdout.contains(root + "/usr/share/stackboard/words/\(model)"), "\(r.stdout)")
        }
        #expect(!r.stdout.contains("BROKEN"))
    }
}

import Foundation
import Testing

/// The keyboard's own words in the user's language: the repository's catalogs (po/), compiled
/// here with msgfmt as the build does, found through STACKBOARD_LOCALE_DIR and chosen by
/// LANGUAGE or the locale.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"),
                "msgfmt is not installed (scripts/setup.sh installs gettext)"))
struct TranslationCommandTests {
    @Test func keyNamesAndMessagesFollowTheUsersLanguage() throws {
        let locale = NSTemporaryDirectory() + "stackboard-locale-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: locale) }
        let compile = Child.run(Tools.repoRoot + "/scripts/catalogs.sh", [locale], environment: ProcessInfo.processInfo.environment)
        try #require(compile.status == 0, "\(compile.stderr)")
        func keys(_ env: [String: String], layout: String = "qwerty") throws -> String {
            var environment = environmentWithoutDisplay.merging(env) { $1 }
            environment["STACKBOARD_LOCALE_DIR"] = locale
            let r = try runStackboard(["keys", "--layout", layout, "--size", "1280x400"], environment: environment)
            #expect(r.status == 0, "\(r.stderr)")
            return r.stdout
        }
        let german = try keys(["LANGUAGE": "de", "LANG": "C.UTF-8"])
        #expect(german.contains(#""label":"Strg","action":"ctrl""#), "\(german)")
        #expect(german.contains(#""label":"q","action":"text""#), "a text key keeps what it types")
        let chinese = try keys(["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "zh_CN.UTF-8"], layout: "morse")
        #expect(chinese.contains(#""label":"空格""#) && chinese.contains(#""label":"字母""#), "\(chinese)")
        let english = try keys(["LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"])
        #expect(english.contains(#""label":"ctrl","action":"ctrl""#), "\(english)")

        // Messages too, the option's name kept as it was typed.
        var environment = environmentWithoutDisplay.merging(["LANGUAGE": "de", "LANG": "C.UTF-8"]) { $1 }
        environment["STACKBOARD_LOCALE_DIR"] = locale
        let typo = try runStackboard(["--layuot", "qwerty"], environment: environment)
        #expect(typo.status != 0 && typo.stderr.contains("Unbekannte Option '--layuot'. Meinten Sie '--layout'?"), "\(typo.stderr)")
        environment["LANGUAGE"] = "ru"
        let noDisplay = try runStackboard(["--layout", "qwerty"], environment: environment.merging(["DISPLAY": ":97"]) { $1 })
        #expect(noDisplay.stderr.contains("не удаётся открыть дисплей ':97': запущен ли X-сервер?"), "\(noDisplay.stderr)")
    }
}

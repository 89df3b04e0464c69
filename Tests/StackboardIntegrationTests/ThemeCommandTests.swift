import Foundation
import Testing

/// Themes of the user's own, end to end through the program: `stackboard themes` lists them,
/// `--theme NAME` finds them in `$XDG_DATA_HOME/stackboard/themes` and paints their colours,
/// `stackboard themes NAME` prints a file that paints exactly like the theme, and a broken file
/// says where it is wrong.
@Suite struct ThemeCommandTests {
    let dir = NSTemporaryDirectory() + "stackboard-themes-\(UUID().uuidString)"
    var themes: String { dir + "/data/stackboard/themes" }

    init() throws {
        try FileManager.default.createDirectory(atPath: dir + "/logs", withIntermediateDirectories: true)
    }

    func run(_ args: [String]) -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = dir + "/data"
        environment.removeValue(forKey: "STACKBOARD_DATA_DIR")
        return Child.run(Tools.stackboard, args, environment: environment, logDir: dir + "/logs", timeout: 30)
    }

    func write(_ name: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: themes, withIntermediateDirectories: true)
        try text.write(toFile: themes + "/" + name, atomically: true, encoding: .utf8)
    }

    /// The pixel at `x`,`y` of a PNG file as `RRGGBB` (ImageMagick, which set-up installs).
    func pixel(_ png: String, _ x: Int, _ y: Int) -> String {
        let r = Child.run("/usr/bin/convert", [png, "-format", "%[hex:p{\(x),\(y)}]", "info:"], logDir: dir + "/logs", timeout: 30)
        return String(r.stdout.trimmingCharacters(in: .whitespacesAndNewlines).prefix(6))
    }

    func render(_ theme: String, to name: String) throws -> String {
        let out = dir + "/" + name + ".png"
        let r = run(["render", "--layout", "pin", "--size", "300x300", "--theme", theme, "--output", out])
        #expect(r.status == 0, "\(r.stderr)")
        return out
    }

    @Test func aUserThemeIsListedFoundByNameAndPaintsItsColours() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("kiosk.json", ##"{"description": "Kiosk magenta", "extends": "dark", "background": "#FF00FF"}"##)
        let list = run(["themes"])
        #expect(list.status == 0, "\(list.stderr)")
        let rows = list.stdout.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == ["dark", "high-contrast", "kiosk", "light"], "\(list.stdout)")
        #expect(rows.first { $0.first == "kiosk" }?.dropFirst().first == "user", "\(list.stdout)")
        #expect(list.stdout.contains("Kiosk magenta"))

        let kiosk = try render("kiosk", to: "kiosk")
        let dark = try render("dark", to: "dark")
        #expect(pixel(kiosk, 1, 1) == "FF00FF")
        #expect(pixel(dark, 1, 1) == "16181B")

        // The whole theme as printed paints exactly as the theme does.
        let printed = run(["themes", "dark"])
        #expect(printed.status == 0 && printed.stdout.hasPrefix("{\n  \"description\": \"Dark keyboard"), "\(printed.stderr)")
        try write("copy.json", printed.stdout)
        let copy = try render("copy", to: "copy")
        #expect(FileManager.default.contents(atPath: copy) == FileManager.default.contents(atPath: dark))
        // A file by its path works too.
        let byPath = try render(themes + "/kiosk.json", to: "by-path")
        #expect(pixel(byPath, 1, 1) == "FF00FF")
    }

    @Test func aBrokenThemeSaysWhereItIsWrong() throws {
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try write("bad.json", ##"{"accent": {"fill": "#12"}}"##)
        let list = run(["themes"])
        #expect(list.status == 0)
        let where_ = themes + "/bad.json:1:21: accent.fill: expected a colour"
        #expect(list.stdout.contains("BROKEN: " + where_), "\(list.stdout)")
        let r = run(["render", "--layout", "pin", "--size", "300x300", "--theme", "bad", "--output", dir + "/x.png"])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("stackboard: --theme bad: " + where_), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        let show = run(["themes", "bad"])
        #expect(show.status == 1 && show.stderr.contains(where_) && show.stdout.isEmpty, "\(show.stderr)")
        let unknown = run(["--theme", "drak"])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.hasPrefix(#"stackboard: --theme drak: no theme named "drak"; did you mean "dark"? Available themes: bad, dark, high-contrast, light."#),
                "\(unknown.stderr)")
    }
}

import Testing
import Foundation

/// `stackboard words`, run as a user runs it (no X server needed).
@Suite struct WordsCommandTests {
    final class Folder {
        let path = NSTemporaryDirectory() + "stackboard-words-\(UUID().uuidString)"
        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
        func write(_ name: String, _ text: String) throws -> String {
            try text.write(toFile: path + "/" + name, atomically: true, encoding: .utf8)
            return path + "/" + name
        }
    }

    func run(_ args: [String], _ folder: Folder) throws -> (status: Int32, stdout: String, stderr: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = folder.path + "/data"
        environment["LANG"] = "C.UTF-8"
        let child = try Child(Tools.stackboard, ["words"] + args, environment: environment, logDir: folder.path)
        let status = child.wait(timeout: 120) ?? { child.stop(); return -1 }()
        return (status, child.stdout, child.stderr)
    }

    @Test func learnListForgetAndClearTheUsersWords() throws {
        let folder = try Folder()
        let text = try folder.write("mine.txt", "Grobnitz met Zlatwick.\nZlatwick met Grobnitz again.\n")
        let learned = try run(["learn", text, "--language", "en"], folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        let file = folder.path + "/data/stackboard/words-en.txt"
        let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let listed = try run(["list", "--language", "en"], folder)
        #expect(listed.stdout.contains("2\tZlatwick"))
        #expect(listed.stdout.contains("2\tGrobnitz"))
        let forgot = try run(["forget", "zlatwick", "--language", "en"], folder)
        #expect(forgot.status == 0, "\(forgot.stderr)")
        #expect(try !run(["list", "--language", "en"], folder).stdout.contains("Zlatwick"))
        let again = try run(["forget", "zlatwick", "--language", "en"], folder)
        #expect(again.status == 1)
        #expect(!again.stderr.contains("zlatwick"), "the word is not echoed to stderr")
        #expect(try run(["clear", "--language", "en"], folder).status == 0)
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func aDamagedLearnedFileIsSetAsideWithOneLine() throws {
        let folder = try Folder()
        try FileManager.default.createDirectory(atPath: folder.path + "/data/stackboard", withIntermediateDirectories: true)
        _ = try folder.write("data/stackboard/words-en.txt", "stackboard-words 1\nw\tsecretword\n")
        let r = try run(["list", "--language", "en"], folder)
        #expect(r.status == 0)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("set aside"))
        #expect(!r.stderr.contains("secretword"))
        #expect(FileManager.default.fileExists(atPath: folder.path + "/data/stackboard/words-en.txt.damaged"))
    }

    @Test func evaluatePrintsTheKeystrokeSavingsAndLeavesTheLearnedWordsAlone() throws {
        let folder = try Folder()
        let text = try folder.write("prose.txt", "The house is on the hill. The house is old, and the people in the house are kind.\n")
        let r = try run(["evaluate", text, "--language", "en", "--suggestions", "3"], folder)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("keystrokes without suggestions: 82"))
        #expect(r.stdout.contains("keystroke savings: "))
        let json = try run(["evaluate", text, "--language", "en", "--json", "--no-learn"], folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(object?["keystrokes_without"] as? Int == 82)
        #expect(object?["reproduced"] as? Bool == true)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/data/stackboard"))
    }

    @Test func mistakesGetAMessageThatSaysWhatToDo() throws {
        let folder = try Folder()
        let cases: [([String], String)] = [
            ([], "needs an action"),
            (["lisst"], "Did you mean 'list'?"),
            (["evaluate"], "takes one FILE"),
            (["evaluate", "x.txt", "--suggestions", "0"], "give 1 to 9"),
            (["evaluate", "x.txt", "--suggestions", "10"], "from 1 to 9"),
            (["list", "--language", "../x"], "not a language tag"),
            (["list", "--json"], "is for 'stackboard words evaluate'"),
        ]
        for (args, message) in cases {
            let r = try run(args, folder)
            #expect(r.status == 2, "\(args)")
            #expect(r.stderr.contains(message), "\(args): \(r.stderr)")
        }
        let missing = try run(["evaluate", folder.path + "/none.txt"], folder)
        #expect(missing.status == 1 && missing.stderr.contains("cannot read"))
        let unknown = try run(["evaluate", try folder.write("t.txt", "x"), "--language", "xx"], folder)
        #expect(unknown.status == 1 && unknown.stderr.contains("available: cs, da, de, el, en, es, fi, fr, hu, it, nb, nl, pl, pt, ro, ru, sk, sv, tr, uk"))
    }

    @Test func languagesListsTheShippedModels() throws {
        let r = try run(["languages"], try Folder())
        #expect(r.status == 0)
        for language in ["en", "de", "fr", "es", "ru"] { #expect(r.stdout.contains("\(language)  ")) }
    }
}

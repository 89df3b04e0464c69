import Testing
@testable import StackboardWords
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A fresh folder under /tmp, removed at the end.
final class TemporaryFolder {
    let path: String
    init() {
        var template = Array("/tmp/stackboard-words-XXXXXX".utf8CString)
        path = template.withUnsafeMutableBufferPointer { buffer in buffer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) } ?? "/tmp/stackboard-words-mkdtemp-failed" }
    }
    deinit { if path.hasPrefix("/tmp/stackboard-words-") && !path.contains("'") { _ = system("rm -rf '\(path)'") } }
    func put(_ name: String, _ text: String) {
        let fd = open(path + "/" + name, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.utf8CString.withUnsafeBufferPointer { Glibc.write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }
    func read(_ name: String) -> String? {
        (try? LearnedWordsStore.read(path + "/" + name)).map { String(decoding: $0, as: UTF8.self) }
    }
    func exists(_ name: String) -> Bool { access(path + "/" + name, F_OK) == 0 }
    func mode(_ name: String) -> mode_t {
        var info = stat()
        stat(path + "/" + name, &info)
        return info.st_mode & 0o777
    }
    func names() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let e = readdir(dir) {
            let name = withUnsafeBytes(of: e.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }
}

@Suite struct LearnedWordsStoreTests {
    @Test func savedWordsLoadBackFromAPrivateFile() throws {
        let tmp = TemporaryFolder()
        let store = LearnedWordsStore(directory: tmp.path + "/data/stackboard")
        var model = UserWordModel()
        model.learn("zorg", after: .sentenceStart)
        model.learn("blip", after: .after("zorg"))
        try store.save(model, language: "en")
        #expect(tmp.mode("data/stackboard") == 0o700)
        #expect(tmp.mode("data/stackboard/words-en.txt") == 0o600)
        #expect(tmp.names() == ["data"])
        let loaded = store.load("en", fold: .basic)
        #expect(loaded.notice == nil)
        #expect(loaded.model == model)
        #expect(store.load("de", fold: .basic).model.words.isEmpty)
    }

    @Test func savingReplacesTheFileAtomicallyAndLeavesNoTemporaryFile() throws {
        let tmp = TemporaryFolder()
        let store = LearnedWordsStore(directory: tmp.path)
        var model = UserWordModel()
        for i in 0..<200 {
            model.learn("w\(i)", after: .unknown)
            try store.save(model, language: "en")
        }
        #expect(tmp.names() == ["words-en.txt"])
        #expect(store.load("en", fold: .basic).model.words.count == 200)
    }

    @Test func aDamagedFileIsSetAsideWithOneNoticeAndLearningStartsAfresh() throws {
        let tmp = TemporaryFolder()
        tmp.put("words-en.txt", "stackboard-words 1\nw\t1\t1\tsecret\nw\tgarbage\n")
        let store = LearnedWordsStore(directory: tmp.path)
        let loaded = store.load("en", fold: .basic)
        #expect(loaded.model.words.isEmpty)
        let notice = try #require(loaded.notice)
        #expect(notice.hasPrefix("stackboard: " + tmp.path + "/words-en.txt: line 3"))
        #expect(notice.contains("set aside as"))
        #expect(!notice.contains("secret"))
        #expect(!notice.contains("\n"))
        #expect(tmp.names() == ["words-en.txt.damaged"])
        #expect(store.load("en", fold: .basic).notice == nil)
    }

    @Test func aFileCutShortMidLineStillLoadsWhatIsWhole() throws {
        // rename() makes this impossible for our own writes; a copy cut by another tool keeps its whole lines.
        let tmp = TemporaryFolder()
        tmp.put("words-en.txt", "stackboard-words 1\nw\t2\t1\tzorg\nw\t1\t2\tbl")
        let loaded = LearnedWordsStore(directory: tmp.path).load("en", fold: .basic)
        #expect(loaded.notice == nil)
        #expect(loaded.model.words["zorg"]?.count == 2)
    }

    @Test func removeDeletesTheFileAndAnySetAsideOne() throws {
        let tmp = TemporaryFolder()
        tmp.put("words-en.txt", "stackboard-words 1\n")
        tmp.put("words-en.txt.damaged", "x")
        try LearnedWordsStore(directory: tmp.path).remove("en")
        #expect(tmp.names().isEmpty)
        try LearnedWordsStore(directory: tmp.path).remove("en")
    }

    @Test func theFolderComesFromXDGDataHomeThenHome() {
        #expect(LearnedWordsStore(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"])?.directory == "/x/data/stackboard")
        #expect(LearnedWordsStore(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])?.directory == "/home/u/.local/share/stackboard")
        #expect(LearnedWordsStore(environment: [:]) == nil)
    }
}

@Suite struct LearnedWordsStoreReadErrorTests {
    @Test(.enabled(if: getuid() != 0, "root reads any file"))
    func anUnreadableFileIsLeftAloneAndNotToBeSaved() throws {
        let tmp = TemporaryFolder()
        tmp.put("words-en.txt", "stackboard-words 1\n")
        chmod(tmp.path + "/words-en.txt", 0)
        let loaded = LearnedWordsStore(directory: tmp.path).load("en", fold: .basic)
        #expect(!loaded.mayBeSaved)
        #expect(loaded.notice?.contains("cannot read") == true)
        #expect(tmp.names() == ["words-en.txt"])
    }

    @Test func aFolderWhereTheFileShouldBeIsNotSetAside() throws {
        let tmp = TemporaryFolder()
        mkdir(tmp.path + "/words-en.txt", 0o700)
        let loaded = LearnedWordsStore(directory: tmp.path).load("en", fold: .basic)
        #expect(!loaded.mayBeSaved)
        #expect(tmp.names() == ["words-en.txt"])
    }
}

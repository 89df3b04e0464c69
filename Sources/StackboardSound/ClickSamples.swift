import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The five click samples (`character.wav`, `delete.wav`, `return.wav`, `modifier.wav`,
/// `error.wav`) in a folder, and where that folder is found.
public enum ClickSamples {
    /// The file name of the sample for `kind`.
    public static func fileName(for kind: ClickKind) -> String { kind.rawValue + ".wav" }

    /// Reads and decodes every sample in `directory`, mixed to mono. All must share one sample rate.
    public static func load(from directory: String) throws(SoundError) -> [ClickKind: WAVAudio] {
        var clips: [ClickKind: WAVAudio] = [:]
        for kind in ClickKind.allCases {
            let path = directory + "/" + fileName(for: kind)
            let bytes = try readFile(path)
            let audio: WAVAudio
            do {
                audio = try WAVDecoder.decode(bytes)
            } catch {
                throw .samples("cannot use click sample \"\(path)\": \(error.message)")
            }
            guard audio.frameCount > 0 else { throw .samples("click sample \"\(path)\" holds no sound") }
            clips[kind] = audio.mixedToMono()
        }
        let rates = Set(clips.values.map(\.sampleRate))
        guard rates.count == 1 else {
            let list = ClickKind.allCases.map { "\(fileName(for: $0)) \(clips[$0]?.sampleRate ?? 0) Hz" }
            throw .samples("the click samples in \"\(directory)\" differ in sample rate (\(list.joined(separator: ", "))); make them all one rate")
        }
        return clips
    }

    /// The first folder holding the samples: next to an installed binary (`../share/stackboard/sounds`),
    /// in `$XDG_DATA_DIRS` (`stackboard/sounds`), or `Resources/sounds` of the source tree the binary
    /// was built in. Nil when none has them.
    public static func defaultDirectory() -> String? {
        var candidates: [String] = []
        if let exeDir = executableDirectory() {
            candidates.append(exeDir + "/../share/stackboard/sounds")
        }
        let dataDirs = getenv("XDG_DATA_DIRS").map { String(cString: $0) } ?? ""
        for dir in (dataDirs.isEmpty ? "/usr/local/share:/usr/share" : dataDirs).split(separator: ":") {
            candidates.append(dir + "/stackboard/sounds")
        }
        if var dir = executableDirectory() {
            for _ in 0..<5 { // .build/<triple>/debug/stackboard: the tree is a few levels up
                candidates.append(dir + "/Resources/sounds")
                dir += "/.."
            }
        }
        let probe = fileName(for: .character)
        return candidates.first { access($0 + "/" + probe, R_OK) == 0 }.map(normalized)
    }

    /// Reads a whole (small) file.
    static func readFile(_ path: String) throws(SoundError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw .samples("cannot read click sample \"\(path)\": \(String(cString: strerror(errno)))")
        }
        defer { Glibc.close(fd) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                throw .samples("cannot read click sample \"\(path)\": \(String(cString: strerror(errno)))")
            }
            out += chunk[0..<n]
            if out.count > 16 << 20 { throw .samples("click sample \"\(path)\" is over 16 MiB; a click is a few kilobytes") }
        }
        return out
    }

    private static func executableDirectory() -> String? {
        var buf = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buf, buf.count - 1)
        guard n > 0 else { return nil }
        let path = String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = path.lastIndex(of: "/") else { return nil }
        return String(path[..<slash])
    }

    /// The path with `.` and `..` components resolved (for messages).
    private static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for p in path.split(separator: "/") {
            if p == "." || p.isEmpty { continue }
            if p == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(p)
        }
        return "/" + parts.joined(separator: "/")
    }
}

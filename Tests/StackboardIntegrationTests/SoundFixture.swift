import Foundation
import StackboardCore
import StackboardSound
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A sound "card" for tests: the ALSA configuration in Tests/Fixtures/alsa/stackboardtest.conf,
/// filled in with a recording path in a private temp folder and loaded after the system
/// configuration (ALSA_CONFIG_PATH). Only child processes get that environment, because ALSA
/// reads its configuration once per process. Usable by any test that wants to count clicks.
final class SoundFixture: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// The private folder (removed at the end).
    let dir: String
    /// Where the `stackboardtest` PCM (and `default`) records what it is given: raw S16_LE frames.
    let output: String
    /// The filled-in configuration file.
    let configPath: String

    /// The system configuration, loaded first.
    static let systemConfig = "/usr/share/alsa/alsa.conf"

    /// A fixture recording into `dir/out.raw`, or into a FIFO there when `fifo` is true.
    init(fifo: Bool = false) throws {
        var template = Array((NSTemporaryDirectory() + "/stackboard-sound-XXXXXX").utf8CString)
        guard let p = mkdtemp(&template) else { throw Failure(description: "mkdtemp failed") }
        dir = String(cString: p)
        output = dir + (fifo ? "/out.fifo" : "/out.raw")
        configPath = dir + "/alsa-test.conf"
        guard FileManager.default.fileExists(atPath: Self.systemConfig) else {
            throw Failure(description: "no \(Self.systemConfig): install libasound2-data (make test does)")
        }
        if fifo, mkfifo(output, 0o600) != 0 { throw Failure(description: "mkfifo \(output) failed") }
        let fixture = Tools.repoRoot + "/Tests/Fixtures/alsa/stackboardtest.conf"
        let text = try String(contentsOfFile: fixture, encoding: .utf8)
        try text.replacingOccurrences(of: "@OUTPUT@", with: output).write(toFile: configPath, atomically: true, encoding: .utf8)
    }

    deinit {
        if ProcessInfo.processInfo.environment["STACKBOARD_KEEP_TEST_LOGS"] == nil {
            try? FileManager.default.removeItem(atPath: dir)
        }
    }

    /// This process's environment with ALSA pointed at the test configuration.
    var environment: [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["ALSA_CONFIG_PATH"] = Self.systemConfig + ":" + configPath
        return env
    }

    /// Runs `stackboard ARGS` with `env` (default: the test configuration) to completion.
    func stackboard(_ args: [String], env: [String: String]? = nil, timeout: Double = 60)
        throws -> (status: Int32, stdout: String, stderr: String) {
        let child = try Child(Tools.stackboard, args, environment: env ?? environment, logDir: dir)
        guard let status = child.wait(timeout: timeout) else {
            child.stop()
            throw Failure(description: "stackboard \(args.joined(separator: " ")) did not finish in \(timeout) s")
        }
        return (status, child.stdout, child.stderr)
    }

    /// Everything recorded so far.
    func recorded() throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: output))) }

    /// What one click of `kind` must look like in the recording: the shipped sample, decoded,
    /// scaled for `volume` (sample × volume² / 10000, toward zero: the player's documented rule,
    /// computed here on its own), followed by silence up to a whole number of `period` frames,
    /// as little-endian 16-bit mono.
    static func expectedClick(_ kind: ClickKind, volume: Int, period: Int) throws -> [UInt8] {
        let path = Tools.repoRoot + "/Resources/sounds/" + kind.rawValue + ".wav"
        let audio = try WAVDecoder.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))))
        var samples = audio.samples.map { Int16(Int($0) * volume * volume / 10_000) }
        let frames = (samples.count + period - 1) / period * period
        samples += [Int16](repeating: 0, count: frames - samples.count)
        return samples.flatMap { s -> [UInt8] in
            let u = UInt16(bitPattern: s)
            return [UInt8(u & 0xFF), UInt8(u >> 8)]
        }
    }
}

/// Nil when `actual == expected`, else where they first differ (arrays of audio bytes are too long
/// to print whole in a failure).
func firstDifference(_ actual: [UInt8], _ expected: [UInt8]) -> String? {
    if actual == expected { return nil }
    let n = min(actual.count, expected.count)
    let i = (0..<n).first { actual[$0] != expected[$0] } ?? n
    let around = { (a: [UInt8]) in Array(a[min(i, a.count)..<min(i + 8, a.count)]) }
    return "\(actual.count) bytes recorded, \(expected.count) expected; first difference at byte \(i) "
        + "(frame \(i / 2)): \(around(actual)) vs \(around(expected))"
}

/// The lines `stackboard sound-check` prints, parsed.
struct SoundCheckReport {
    var periodFrames = 0
    var channels = 0
    var requested = -1, started = -1, replaced = -1, cut = -1, failed = -1

    init(_ stdout: String) {
        for line in stdout.split(separator: "\n") {
            if let m = line.firstMatch(of: /(\d+) channels?, period (\d+) frames/) {
                channels = Int(m.1) ?? 0
                periodFrames = Int(m.2) ?? 0
            }
            if let m = line.firstMatch(of: /requested (\d+), started (\d+), replaced (\d+), cut (\d+), failed (\d+)/) {
                (requested, started, replaced, cut, failed) =
                    (Int(m.1) ?? -1, Int(m.2) ?? -1, Int(m.3) ?? -1, Int(m.4) ?? -1, Int(m.5) ?? -1)
            }
        }
    }
}

/// The sound thread of a keyboard or entry process as /proc shows it: the one thread besides
/// the main one. It sleeps waiting for a click request; woken by one, it takes it, hands it to
/// ALSA and sleeps again. So once its count of voluntary sleeps has gone up after a tap, it has
/// taken that tap's click (it wakes for nothing else while no other request is made). A request
/// not taken yet is replaced by a newer one, or dropped when the program exits: a test that
/// counts clicks waits for this before the next tap (`waitUntilTaken`).
struct SoundThread {
    /// Voluntary context switches of the sound thread so far.
    let sleeps: Int

    /// Reads the sound thread of process `pid`; throws unless there is exactly one thread
    /// besides the main one.
    init(pid: pid_t) throws {
        let taskDir = "/proc/\(pid)/task"
        let others = ((try? FileManager.default.contentsOfDirectory(atPath: taskDir)) ?? []).filter { $0 != "\(pid)" }
        guard others.count == 1, let count = ProcStatus.voluntarySwitches("\(taskDir)/\(others[0])/status") else {
            throw XSession.Failure(description: "expected one thread besides the main one in stackboard (\(pid)), found \(others.count): "
                                   + "if the keyboard has more threads now, tell SoundThread which one plays")
        }
        sleeps = count
    }
}

extension XSession {
    /// Waits until the sound thread of `pid` has slept more often than `before`: it has taken
    /// the click requested since `before` was read.
    func waitUntilTaken(_ what: String, by pid: pid_t, since before: SoundThread, timeout: Double = 10) throws {
        try waitUntil(timeout: timeout, "the sound thread to take the \(what) click") {
            ((try? SoundThread(pid: pid))?.sleeps ?? 0) > before.sleeps
        }
    }
}

import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Helpers of the fault tests (Fault*Tests.swift): finding a session's processes, a layout with
/// characters that are not in the us keymap, seeded random choices.
enum FaultSupport {
    /// The pids of processes called `name` (comm) whose environment has `DISPLAY=display`.
    static func pids(named name: String, display: String) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry),
                  let comm = try? String(contentsOfFile: "/proc/\(entry)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .whitespacesAndNewlines) == name,
                  let environ = FileManager.default.contents(atPath: "/proc/\(entry)/environ") else { return nil }
            let variables = environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            return variables.contains("DISPLAY=\(display)") ? pid : nil
        }
    }

    /// A layout file in `dir` whose keys type ASCII letters and characters the us keymap lacks
    /// (so that taps borrow keycodes), with a repeating backspace.
    static func burstLayout(in dir: String) throws -> String {
        let path = dir + "/burst.json"
        let json = """
            {"name": "burst", "description": "fault tests: mapped and unmapped characters",
             "layers": [{"name": "main", "rows": [
               ["a", "€", "ж", "ä", "你", "😀"],
               ["s", "λ", "ß", "千", {"action": "shift"}, {"action": "backspace"}]
             ]}]}
            """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Expects the keyboard to have exited with status 0 and nothing on stderr. (These tests
    /// found a crash there: the heap corrupted by XFreePixmap on a Display already closed, once
    /// the keyboard had borrowed keycodes; fixed in 29ea952, "Back buffers keep their X
    /// connection open until the pixmap is freed".)
    static func expectCleanExit(_ status: Int32?, stderr: String, _ context: String) {
        #expect(status == 0, "\(context): exit status \(String(describing: status)); stderr: \(stderr.prefix(600))")
        #expect(stderr.isEmpty, "\(context): \(stderr.prefix(600))")
    }

    /// A seed for a test's random choices, printed in its failure messages so that a failure can
    /// be replayed (STACKBOARD_FAULT_SEED=N picks it).
    static func seed() -> UInt64 {
        if let text = ProcessInfo.processInfo.environment["STACKBOARD_FAULT_SEED"], let n = UInt64(text) { return n }
        return UInt64.random(in: 1...999_999)
    }
}

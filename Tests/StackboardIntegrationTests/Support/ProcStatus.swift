import Foundation

/// What /proc says about a process or thread.
enum ProcStatus {
    /// `voluntary_ctxt_switches` of the status file at `path` (`/proc/PID/task/TID/status`):
    /// how often the thread slept and was woken. Nil when the file or the line is not there.
    static func voluntarySwitches(_ path: String) -> Int? {
        guard let status = try? String(contentsOfFile: path, encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("voluntary_ctxt_switches:") }) else {
            return nil
        }
        return Int(line.split(separator: ":")[1].trimmingCharacters(in: .whitespaces))
    }
}

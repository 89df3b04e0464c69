import Foundation

/// Sentinels for "nothing more happened": instead of sleeping and hoping that anything extra
/// would have shown by then, cause a known later event and wait for it.
///
/// The X server sends each client its events in the order it generated them. So once a program
/// that typed or remapped (through XTest or keymap requests) has finished, and the root window's
/// `_STACKBOARD_TEST_MARK` is then set to N, a client that prints `MARK ... N` on the
/// PropertyNotify (Tests/Tools/keysink.c, `xkbtool watch`) has printed every event caused
/// before: what it has not printed by then never came.
extension XSession {
    /// Sets the root window's `_STACKBOARD_TEST_MARK` to a new number and returns it once the
    /// server has processed the change.
    func mark() throws -> Int {
        let n = nextMark()
        let r = run("xprop", ["-root", "-f", "_STACKBOARD_TEST_MARK", "32c", "-set", "_STACKBOARD_TEST_MARK", "\(n)"])
        guard r.status == 0 else { throw Failure(description: "xprop could not set the test mark on \(display): \(r.stderr)") }
        return n
    }

    /// Sets a new mark and waits until `helper` (keysink or `xkbtool watch`) has printed it:
    /// from then on its output holds everything the server sent it before this call.
    func roundTrip(_ helper: Child, timeout: Double = 30) throws {
        let n = try mark()
        guard helper.waitForMark(n, timeout: timeout) else {
            throw Failure(description: "\(helper.name) did not print MARK \(n) within \(timeout) s (stdout ends: \(helper.stdout.suffix(300)))")
        }
    }
}

extension Child {
    /// Waits until stdout holds a `MARK ... k` line with k >= `n` (the helper reads the value
    /// when it handles the event, so a later mark can show in its place).
    func waitForMark(_ n: Int, timeout: Double) -> Bool {
        waitForLine(timeout: timeout) { line in
            let words = line.split(separator: " ")
            return words.first == "MARK" && (words.last.flatMap { Int($0) } ?? -1) >= n
        } != nil
    }
}

import Testing
import Foundation

/// The harness itself: a private server with a WM, a target window that takes the focus.
@Suite struct HarnessTests {
    @Test func xvfbWithOpenboxAndKeysink() throws {
        let session = try XSession()
        let sink = try session.spawn(try Tools.cTool("keysink"), ["-r"])
        #expect(sink.waitForLine(timeout: 10) { $0.hasPrefix("READY") } != nil)
        #expect(sink.waitForLine(timeout: 5) { $0.hasPrefix("FOCUSIN") } != nil)
        let r = session.run("xdotool", ["key", "a"])
        #expect(r.status == 0)
        #expect(sink.waitForLine(timeout: 5) { $0.hasPrefix("KEY ") && $0.contains("\"a\"") } != nil)
        session.close()
    }
}

import Foundation
import Testing

/// Helpers of the key preview, grip and swipe tests: the preview's popup, the state file,
/// drags through the pointer tool.
extension RunningKeyboard {
    /// The key preview's popup (WM_CLASS instance `stackboard-preview`), if it exists.
    func previewWindow() -> (info: WindowInfo, overrideRedirect: Bool)? {
        let ids = session.run("xdotool", ["search", "--classname", "^stackboard-preview$"]).stdout
            .split(separator: "\n").map(String.init)
        for id in ids {
            let hex = "0x" + String(UInt(id) ?? 0, radix: 16)
            guard let info = RunningKeyboard.windowInfo(session, id: hex) else { continue }
            let raw = session.run("xwininfo", ["-id", hex]).stdout
            return (info, raw.contains("Override Redirect State: yes"))
        }
        return nil
    }

    /// Whether the preview popup is on screen now.
    var previewShown: Bool { previewWindow()?.info.viewable == true }

    /// Pointer steps that drag from `from` to `to` (window pixels) in `steps` moves a finger's
    /// pace apart, pressing and releasing at the ends.
    func drag(from: (Int, Int), to: (Int, Int), steps: Int = 12) -> [String] {
        var out = [at(from.0, from.1), "press"]
        for k in 1...steps {
            out += [at(from.0 + (to.0 - from.0) * k / steps, from.1 + (to.1 - from.1) * k / steps), "pause:15"]
        }
        return out + ["up"]
    }

    /// Waits until the window's frame is `frame` (x, y, width, height in root pixels).
    func waitForFrame(_ frame: (Int, Int, Int, Int), timeout: Double = 15) throws {
        try session.waitUntil(timeout: timeout, "the keyboard at \(frame) (it is at \(info))") {
            (try? refresh()) != nil && (info.x, info.y, info.width, info.height) == frame
        }
    }
}

extension XSession {
    /// The file where the keyboard remembers its places in this session (HOME is the session's folder).
    var geometryFile: String { dir + "/.local/state/stackboard/geometry.json" }
}

import Foundation
import Testing

/// `--dock`: a dock window with struts, so the work area (where maximized windows go) shrinks.
@Suite struct WindowDockTests {
    private func workArea(_ session: XSession) -> [Int] {
        let out = session.run("xprop", ["-root", "_NET_WORKAREA"]).stdout
        guard let eq = out.range(of: "=") else { return [] }
        return out[eq.upperBound...].split(separator: ",").prefix(4).compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func dockedAtTheBottomShrinksTheWorkArea() throws {
        let session = try XSession(screen: "1280x800x24")
        defer { session.close() }
        try session.waitUntil(timeout: 10, "openbox to publish the work area") { workArea(session) == [0, 0, 1280, 800] }
        let kb = try RunningKeyboard(session, ["--dock", "bottom"])
        #expect(kb.info.y + kb.info.height == 800)
        let h = kb.info.height
        try session.waitUntil(timeout: 10, "the work area to shrink (\(workArea(session)))") {
            workArea(session) == [0, 0, 1280, 800 - h]
        }
        let p = kb.xprop(["_NET_WM_WINDOW_TYPE", "_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL"])
        #expect(p.contains("_NET_WM_WINDOW_TYPE(ATOM) = _NET_WM_WINDOW_TYPE_DOCK"))
        #expect(p.contains("_NET_WM_STRUT(CARDINAL) = 0, 0, 0, \(h)\n"))
        #expect(p.contains("_NET_WM_STRUT_PARTIAL(CARDINAL) = 0, 0, 0, \(h), 0, 0, 0, 0, 0, 0, 0, 1279\n"))
    }

    @Test func dockedAtTheTopMovesTheWorkAreaDown() throws {
        let session = try XSession(screen: "1280x800x24")
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--dock", "top"])
        #expect(kb.info.y == 0)
        let h = kb.info.height
        try session.waitUntil(timeout: 10, "the work area to start below the keyboard (\(workArea(session)))") {
            workArea(session) == [0, h, 1280, 800 - h]
        }
        let p = kb.xprop(["_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL"])
        #expect(p.contains("_NET_WM_STRUT(CARDINAL) = 0, 0, \(h), 0\n"))
        #expect(p.contains("_NET_WM_STRUT_PARTIAL(CARDINAL) = 0, 0, \(h), 0, 0, 0, 0, 0, 0, 1279, 0, 0\n"))
    }

    @Test func partialStrutCoversOnlyTheKeyboardsColumns() throws {
        let session = try XSession(screen: "1280x800x24")
        defer { session.close() }
        let kb = try RunningKeyboard(session, ["--dock", "bottom", "--geometry", "800x200+100-0"])
        #expect(kb.info.x == 100 && kb.info.width == 800 && kb.info.y == 600)
        let p = kb.xprop(["_NET_WM_STRUT", "_NET_WM_STRUT_PARTIAL"])
        #expect(p.contains("_NET_WM_STRUT(CARDINAL) = 0, 0, 0, 200\n"))
        #expect(p.contains("_NET_WM_STRUT_PARTIAL(CARDINAL) = 0, 0, 0, 200, 0, 0, 0, 0, 0, 0, 100, 899\n"))
    }
}

@testable import StackboardApp
import StackboardCore
import StackboardBus
import StackboardRuntime
import StackboardX11
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The keyboard's key preview, grip, corners and swipes through its controller, on fakes.
@Suite struct TouchControllerTests {
    static let grip = TestLayouts.make("grip", [
        Key(label: "a", action: .text("a")), Key(label: "✥", action: .move, style: .function), Key(label: "b", action: .text("b")),
    ])

    /// A fresh directory for a store file.
    static func directory() throws -> String {
        var template = Array("/tmp/stackboard-touch-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let path = mkdtemp(base) else { return nil }
            return String(cString: path)
        }
        guard let made else { throw FixtureError("cannot make a directory in /tmp") }
        return made
    }

    static func centre(_ f: ControllerFixture, _ label: String) throws -> Point {
        let key = try #require(f.controller.runtime.placedGeometry.keys.first { $0.key.label == label })
        return Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
    }

    func mover(_ f: ControllerFixture, store: GeometryStore?) {
        f.controller.mover = WindowMover(window: f.window, store: store, layout: Self.grip, home: f.window.frame,
                                         minimumKey: Size(width: 24, height: 24), followsMemory: true)
    }

    @Test func theSmallestWindowKeepsKeysTouchableButNeverExceedsTheSizeGiven() {
        let key = WindowMover.minimumKey(scale: 1)
        #expect(key == Size(width: 24, height: 16))
        #expect(WindowMover.minimumKey(scale: 2) == Size(width: 48, height: 32))
        let keys = Self.grip.minimumSize(key: key)
        #expect(WindowMover.minimum(of: Self.grip, key: key, within: Size(width: 2000, height: 2000)) == keys)
        // A --geometry smaller than that is what the user asked for: the hints do not grow it.
        let small = WindowMover.minimum(of: Self.grip, key: key, within: Size(width: 30, height: 10))
        #expect(small == Size(width: min(keys.width, 30), height: min(keys.height, 10)))
    }

    @Test func aPressedKeyIsPreviewedAboveItAndNotInAPasswordField() throws {
        let f = try ControllerFixture(layouts: [Self.grip], config: KeyboardConfig(keyPreview: true))
        let a = try Self.centre(f, "a")
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 1)
        f.controller.runtime.repaint(now: 1)
        let bubble = try #require(f.window.previewFrame)
        #expect(bubble.maxY <= a.y)
        f.controller.handle(.input(.release(pointer: 0, at: a)), now: 1.1)
        f.controller.runtime.repaint(now: 1.1)
        #expect(f.window.previewFrame == bubble, "it lingers after the release")
        #expect(f.controller.runtime.nextDeadline == 1.1 + KeyPreview.linger)
        f.controller.runtime.advance(to: 1.1 + KeyPreview.linger)
        f.controller.runtime.repaint(now: 1.1 + KeyPreview.linger)
        #expect(f.window.previewFrame == nil)
        f.controller.autoShow(.show(FieldRequest(id: nil, kind: .password, rect: nil, caret: nil)), now: 2)
        f.controller.handle(.input(.press(pointer: 0, at: a)), now: 3)
        f.controller.runtime.repaint(now: 3)
        #expect(f.window.previewFrame == nil)
        #expect(!f.log.entries.suffix(3).contains("preview"))
    }

    @Test func draggingTheGripMovesTheWindowByTheDragAndRemembersIt() throws {
        let f = try ControllerFixture(layouts: [Self.grip])
        let dir = try Self.directory()
        let store = GeometryStore(path: dir + "/state/geometry.json", report: { f.box.reported.append($0) })
        mover(f, store: store)
        let grip = try Self.centre(f, "✥")
        let start = f.window.frame
        f.controller.handle(.rootPosition(pointer: 0, Point(x: start.x + grip.x, y: start.y + grip.y)), now: 1)
        f.controller.handle(.input(.press(pointer: 0, at: grip)), now: 1)
        // The window moves under the finger: window pixels lag behind, the root position does not.
        for step in 1...5 {
            f.controller.handle(.rootPosition(pointer: 0, Point(x: start.x + grip.x - 20 * step, y: start.y + grip.y - 30 * step)), now: 1)
            f.controller.handle(.input(.move(pointer: 0, to: Point(x: grip.x - 20 * step + 20 * (step - 1), y: grip.y - 30))), now: 1 + Double(step) / 10)
        }
        f.controller.handle(.input(.release(pointer: 0, at: grip)), now: 2)
        #expect(f.window.frame == Rect(x: start.x - 100, y: start.y - 150, width: start.width, height: start.height))
        #expect(f.typer.typed.isEmpty)
        let again = GeometryStore(path: store.path, report: { _ in })
        #expect(again.entry(layout: "grip", screen: f.window.screenSize)?.frame == f.window.frame)
        #expect(f.box.reported.isEmpty)
    }

    @Test func withAWindowManagerTheDragIsItsAndThePlaceIsReadBackOnceSettled() throws {
        let f = try ControllerFixture(layouts: [Self.grip])
        let dir = try Self.directory()
        let store = GeometryStore(path: dir + "/geometry.json", report: { _ in })
        mover(f, store: store)
        f.window.windowManagerMovesWindows = true
        let grip = try Self.centre(f, "✥")
        f.controller.handle(.input(.press(pointer: 0, at: grip)), now: 1)
        f.controller.handle(.input(.move(pointer: 0, to: Point(x: grip.x + 40, y: grip.y))), now: 1.1)
        #expect(f.window.managerDrags == [.move])
        // The window manager moves it; the button is still down, then up.
        f.window.frame = Rect(x: 300, y: 100, width: 400, height: 200)
        f.window.pointerButtonDown = true
        let first = try #require(f.controller.nextDeadline)
        f.controller.advance(to: first)
        f.window.pointerButtonDown = false
        #expect(store.entry(layout: "grip", screen: f.window.screenSize) == nil) // still dragging
        f.controller.advance(to: try #require(f.controller.nextDeadline))
        #expect(store.entry(layout: "grip", screen: f.window.screenSize)?.frame == Rect(x: 300, y: 100, width: 400, height: 200))
        #expect(f.controller.nextDeadline == nil)
    }

    @Test func aDoubleTapOnTheGripDocksAndAnotherFloatsItBack() throws {
        let f = try ControllerFixture(layouts: [Self.grip])
        let dir = try Self.directory()
        let store = GeometryStore(path: dir + "/geometry.json", report: { _ in })
        mover(f, store: store)
        let home = f.window.frame
        try f.tap("✥", at: 1)
        try f.tap("✥", at: 1.2)
        #expect(f.window.placement == .dock(.bottom))
        #expect(f.window.frame == Rect(x: 0, y: 800 - home.height, width: 1280, height: home.height))
        #expect(f.controller.runtime.state.windowControl == .docked)
        #expect(store.entry(layout: "grip", screen: f.window.screenSize)?.dock == .bottom)
        try f.tap("✥", at: 3)
        try f.tap("✥", at: 3.2)
        #expect(f.window.placement == .floating)
        #expect(f.window.frame == home)
        #expect(f.controller.runtime.state.windowControl == .floating)
    }

    @Test func aDamagedStoreIsReportedOnceAndIgnored() throws {
        let dir = try Self.directory()
        let path = dir + "/geometry.json"
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        _ = "{not json".withCString { write(fd, $0, 9) }
        close(fd)
        var reports: [String] = []
        let store = GeometryStore(path: path, report: { reports.append($0) })
        #expect(reports.count == 1)
        #expect(reports.first?.contains(path) == true)
        #expect(store.memory == WindowMemory())
        #expect(GeometryStore.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/stackboard/geometry.json")
        #expect(GeometryStore.path(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/stackboard/geometry.json")
        #expect(GeometryStore.path(environment: [:]) == nil)
    }
}

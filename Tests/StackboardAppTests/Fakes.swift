@testable import StackboardApp
import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardX11

/// What the fakes saw, in order, shared so that tests can check the order of effects.
final class FakeLog {
    var entries: [String] = []
}

/// A keyboard window painted into an image: records shows, hides, presents and popups.
final class FakeWindow: KeyboardWindowing {
    let image: ImageSurface
    let log: FakeLog
    var size: Size
    var bufferGeneration = 0
    var isUsable = true
    var shown = false
    var presented: [Rect] = []
    var presentedAll = 0
    var popupFrame: Rect?
    var previewFrame: Rect?
    var placement: WindowPlacement = .floating
    var screenSize = Size(width: 1280, height: 800)
    var windowManagerMovesWindows = false
    var pointerButtonDown = false
    var frame = Rect(x: 100, y: 500, width: 400, height: 200)
    var managerDrags: [WindowDragKind] = []
    var minimumSize = Size(width: 1, height: 1)

    init(size: Size = Size(width: 400, height: 200), log: FakeLog) throws {
        self.size = size
        self.log = log
        image = try ImageSurface(width: size.width, height: size.height)
    }

    func retainedSurface() -> OpaquePointer { image.newReference() }
    func present(_ rects: [Rect]) { presented += rects }
    func presentAll() { presentedAll += 1 }
    func showPopup(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        popupFrame = frame
        log.entries.append("popup")
    }
    func hidePopup() { popupFrame = nil }
    func showPreview(frame: Rect, paint: (OpaquePointer, Size) -> Void) throws(WindowError) {
        previewFrame = frame
        log.entries.append("preview")
    }
    func hidePreview() { previewFrame = nil }
    func beginWindowManagerDrag(_ kind: WindowDragKind, at root: Point) { managerDrags.append(kind) }
    func rootFrame() -> Rect? { frame }
    func move(to frame: Rect) {
        self.frame = frame
        log.entries.append("move \(frame)")
    }
    func setMinimumSize(_ minimum: Size, frame: Rect) { minimumSize = minimum }
    func setPlacement(_ placement: WindowPlacement, frame: Rect, remap: Bool) {
        self.placement = placement
        self.frame = frame
        log.entries.append("placement \(placement) \(frame)")
    }
    func show(now: Double) { shown = true; log.entries.append("show") }
    func hide() { shown = false; log.entries.append("hide") }
    func suspendScanSwitchGrab() {}
    func resumeScanSwitchGrab() {}
    /// What the next release fires first, as KeyboardWindow keeps it.
    var releaseTrigger: ReleaseTrigger?
    /// Refuse triggers (as a window with a grabbed scan switch does).
    var refusesTriggers = false
    func setReleaseTrigger(_ trigger: ReleaseTrigger?) -> Bool {
        guard trigger == nil || !refusesTriggers else { releaseTrigger = nil; return false }
        releaseTrigger = trigger
        return true
    }
    /// A release arrives at the window: the trigger fires if it waits for it, as in KeyboardWindow.
    func releaseArrives(pointer: Int, at point: Point, now: Double) {
        guard let trigger = releaseTrigger else { return }
        releaseTrigger = nil
        if trigger.waitsFor(pointer: pointer, at: point, now: now) { trigger.fire() }
    }
}

/// An injector that records what it was asked to type, and fails on demand.
final class FakeTyper: KeyTyping {
    let log: FakeLog
    var failWith: InjectorError?
    var typed: [String] = []
    var keys: [NamedKey] = []
    var releases = 0

    init(log: FakeLog) { self.log = log }

    func type(_ text: String, modifiers: Set<Modifier>) throws(InjectorError) {
        if let failWith { throw failWith }
        typed.append(text)
        log.entries.append("type \(text)")
    }
    func key(_ key: NamedKey, modifiers: Set<Modifier>) throws(InjectorError) {
        if let failWith { throw failWith }
        keys.append(key)
        log.entries.append("key \(key)")
    }
    func releaseAll() { releases += 1 }
    /// The text armed ahead of its release, and whether arming is allowed.
    var armed: String?
    var armable = true
    func armKey(_ text: String) -> Bool {
        armed = armable ? text : nil
        return armable
    }
    func disarmKey() { armed = nil }
    func sendArmedKey() -> Bool {
        guard let text = armed else { return false }
        armed = nil
        typed.append(text)
        log.entries.append("type \(text) ahead")
        return true
    }
    /// Keys waiting for the application (as a deferring injector keeps them), and what was dropped.
    var waiting = 0
    var dropped: DroppedKeys?
    func dropDeferred() {
        guard waiting > 0 else { return }
        dropped = DroppedKeys(count: waiting, reason: .fieldLeft)
        waiting = 0
        log.entries.append("drop deferred")
    }
    func takeDropped() -> DroppedKeys? {
        defer { dropped = nil }
        return dropped
    }
}

/// A control channel that records what was published.
final class FakePublisher: KeyboardPublishing {
    var states: [String] = []
    var layouts: [String] = []
    func publish(state: String) { states.append(state) }
    func publish(layout: String) { layouts.append(layout) }
}

/// A keyboard controller on fakes, with the fakes and what it printed and reported.
struct ControllerFixture {
    let log = FakeLog()
    let window: FakeWindow
    let typer: FakeTyper
    let publisher = FakePublisher()
    let controller: KeyboardController
    let box: Box

    final class Box {
        var printed: [String] = []
        var reported: [String] = []
        var stopped: [Int32] = []
        var clicks: [ClickKind] = []
    }

    init(layouts: [Layout], config: KeyboardConfig = KeyboardConfig(), print: Bool = false,
         extra: [String: Layout] = [:]) throws {
        window = try FakeWindow(log: log)
        typer = FakeTyper(log: log)
        let box = Box()
        self.box = box
        let log = self.log
        let painter = try KeyboardPainter(theme: .light)
        let runtime = KeypadRuntime(layout: layouts[0], surface: window, painter: painter, config: config, role: .typing)
        runtime.click = { kind in box.clicks.append(kind); log.entries.append("click \(kind)") }
        controller = KeyboardController(
            runtime: runtime, layouts: LayoutCycle(layouts), window: window, typer: typer, publisher: publisher,
            load: { (name: String) throws(LayoutError) -> Layout in
                guard let layout = extra[name] else { throw LayoutError(file: name, message: "no layout named \(name)") }
                return layout
            },
            printKey: print ? { box.printed.append($0); log.entries.append("print") } : nil,
            report: { box.reported.append($0) })
        controller.stop = { box.stopped.append($0) }
    }

    /// Taps the key labelled `label` (press and release at its centre) at `now`.
    func tap(_ label: String, at now: Double = 1) throws {
        let centre = try centre(of: label)
        controller.handle(.input(.press(pointer: 0, at: centre)), now: now)
        controller.handle(.input(.release(pointer: 0, at: centre)), now: now + 0.05)
        controller.runtime.repaint(now: now + 0.05)
    }

    /// Taps slot `slot` of the suggestion bar (or the candidate grid) at time 5.
    func tapSlot(_ slot: Int) throws {
        guard let key = controller.runtime.placedGeometry.keys.first(where: { $0.key.action == .suggestion(slot) }) else {
            throw FixtureError("no suggestion slot \(slot)")
        }
        let centre = Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
        controller.handle(.input(.press(pointer: 0, at: centre)), now: 5)
        controller.handle(.input(.release(pointer: 0, at: centre)), now: 5.05)
        controller.runtime.repaint(now: 5.05)
    }

    /// The centre of the key labelled `label`, in window pixels.
    func centre(of label: String) throws -> Point {
        guard let key = controller.runtime.placedGeometry.keys.first(where: { $0.key.label == label }) else {
            throw FixtureError("no key labelled \(label)")
        }
        return Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
    }

    /// A release of `pointer` at `point` at `now` as the X side delivers it: the window's
    /// trigger first, then the controller.
    func release(_ pointer: Int = 0, at point: Point, now: Double) {
        window.releaseArrives(pointer: pointer, at: point, now: now)
        controller.handle(.input(.release(pointer: pointer, at: point)), now: now)
    }
}

/// A fixture that cannot be set up.
struct FixtureError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Small layouts for the tests.
enum TestLayouts {
    static func row(_ keys: [Key]) -> StackItem { .stack(Stack(axis: .horizontal, items: keys.map { .key($0) })) }

    static func make(_ name: String, _ keys: [Key]) -> Layout {
        Layout(name: name, description: name, layers: [Layer(name: "main", root: Stack(axis: .vertical, items: [row(keys)]))])
    }

    static let letters = make("letters", [
        Key(label: "a", action: .text("a")), Key(label: "b", action: .text("b")),
        Key(label: "⏎", action: .key(.returnKey)), Key(label: "hide", action: .hide), Key(label: "next", action: .nextLayout),
    ])
    static let digits = make("digits", [Key(label: "1", action: .text("1")), Key(label: "next", action: .nextLayout)])
}

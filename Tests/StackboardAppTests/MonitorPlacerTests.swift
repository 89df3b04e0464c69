@testable import StackboardApp
import StackboardCore
import StackboardBus
import StackboardX11
import Testing

/// Monitors the fake display reports, and the active window it has.
final class FakeMonitorDisplay: MonitorDisplay {
    var current: MonitorLayout
    var active: Rect?
    init(_ layout: MonitorLayout) { current = layout }
    func layout() -> MonitorLayout { current }
    func activeWindowFrame() -> Rect? { active }
}

/// A window that records where it was put (and on which monitor), and may be moved by "the user".
final class FakePlacedWindow: MonitorPlacedWindow {
    var frame: Rect?
    var placed: [(frame: Rect, monitor: String)] = []
    var moves: [Rect] = []
    func place(_ frame: Rect, on monitor: Monitor, in layout: MonitorLayout) {
        self.frame = frame
        placed.append((frame, monitor.name))
    }
    func move(to frame: Rect) {
        self.frame = frame
        moves.append(frame)
    }
    func rootFrame() -> Rect? { frame }
}

/// The keyboard's monitor, carried out on a fake display and window: placing, publishing,
/// following changes, `focus` on show and auto-show's fields, and the lines it reports.
@Suite struct MonitorPlacerTests {
    static let left = Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true)
    static let right = Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1280, height: 800))
    static let both = MonitorLayout(screen: Size(width: 2560, height: 800), monitors: [left, right])
    static let leftOnly = MonitorLayout(screen: Size(width: 1280, height: 800), monitors: [left])
    static let floating = KeyboardSizing(geometry: WindowGeometry(parsing: "1000x300+100+450"), dock: nil, scale: 1)

    final class Box {
        var reported: [String] = []
        var published: [String] = []
    }

    static func placer(_ choice: MonitorChoice, sizing: KeyboardSizing = floating, layout: MonitorLayout = both,
                       focus: Rect? = nil) -> (MonitorPlacer, FakeMonitorDisplay, FakePlacedWindow, Box) {
        let display = FakeMonitorDisplay(layout)
        display.active = focus
        let window = FakePlacedWindow()
        let box = Box()
        let placer = MonitorPlacer(placement: KeyboardPlacement(choice: choice, sizing: sizing, layout: layout, focus: focus),
                                   display: display, window: window, report: { box.reported.append($0) })
        placer.publish = { box.published.append($0) }
        return (placer, display, window, box)
    }

    @Test func atStartTheWindowIsPlacedOnItsMonitorAndTheMonitorPublished() {
        let (placer, _, window, box) = Self.placer(.named("RIGHT"))
        placer.start(now: 0)
        #expect(window.placed.map(\.monitor) == ["RIGHT"])
        #expect(window.frame == Rect(x: 1380, y: 450, width: 1000, height: 300))
        #expect(box.published == ["RIGHT 1280x800+1280+0"])
        #expect(box.reported.isEmpty)
    }

    @Test func aDockOfTheGripIsPutOnTheKeyboardsMonitorAndKeptThroughAChangeOfTheMonitors() {
        let (placer, display, window, _) = Self.placer(.named("RIGHT"))
        placer.start(now: 0)
        // The mover docks along the screen's bottom; the placer makes it the monitor's.
        placer.placed(.dock(.bottom), frame: Rect(x: 0, y: 520, width: 2560, height: 280))
        #expect(window.placed.last?.monitor == "RIGHT")
        #expect(window.frame == Rect(x: 1280, y: 520, width: 1280, height: 280))
        display.current = MonitorLayout(screen: Size(width: 2560, height: 1024), monitors: [
            Self.left, Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1280, height: 1024))])
        placer.monitorsChanged(now: 10)
        #expect(window.frame == Rect(x: 1280, y: 744, width: 1280, height: 280), "docked at the new bottom")
        #expect(placer.placement.isDocked)
    }

    @Test func aMissingNamedMonitorIsReportedAndThePrimaryUsed() {
        let (placer, _, window, box) = Self.placer(.named("HDMI-9"))
        placer.start(now: 0)
        #expect(window.placed.map(\.monitor) == ["LEFT"])
        #expect(box.reported.count == 1)
        #expect(box.reported.first?.hasPrefix("there is no monitor 'HDMI-9'") == true)
    }

    @Test func aMonitorThatGoesMovesTheKeyboardAndSaysSoOnce() {
        let (placer, display, window, box) = Self.placer(.named("RIGHT"))
        placer.start(now: 0)
        display.current = Self.leftOnly
        placer.monitorsChanged(now: 10)
        placer.monitorsChanged(now: 11) // the same monitors again: nothing
        #expect(window.placed.map(\.monitor) == ["RIGHT", "LEFT"])
        #expect(window.frame == Rect(x: 100, y: 450, width: 1000, height: 300))
        #expect(box.published == ["RIGHT 1280x800+1280+0", "LEFT 1280x800+0+0"])
        #expect(box.reported == ["monitor RIGHT is gone: the keyboard moves to LEFT"])
    }

    @Test func whereTheUserMovedTheWindowIsKeptThroughAChange() {
        let (placer, display, window, _) = Self.placer(.primary)
        placer.start(now: 0)
        window.frame = Rect(x: 200, y: 50, width: 1000, height: 300) // moved with the window manager
        placer.windowConfigured(now: 5)
        display.current = MonitorLayout(screen: Size(width: 1024, height: 768),
                                        monitors: [Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1024, height: 768), isPrimary: true)])
        placer.monitorsChanged(now: 10)
        #expect(window.frame == Rect(x: 24, y: 50, width: 1000, height: 300))
    }

    @Test func aWindowManagerThatUndoesTheNewFrameIsAskedAgain() {
        let (placer, display, window, _) = Self.placer(.primary, layout: Self.leftOnly)
        placer.start(now: 0)
        display.current = MonitorLayout(screen: Size(width: 800, height: 600), monitors: [])
        placer.monitorsChanged(now: 10)
        let asked = Rect(x: 0, y: 360, width: 800, height: 240)
        #expect(window.frame == asked)
        window.frame = Rect(x: 0, y: 300, width: 1000, height: 300) // the window manager's old frame
        placer.windowConfigured(now: 10.1)
        #expect(window.moves.last == asked)
        placer.windowConfigured(now: 10.2) // seen where asked: nothing more
        #expect(window.moves.count == 1)
    }

    @Test func withFocusAShowGoesToTheActiveWindowsMonitor() {
        let (placer, display, window, box) = Self.placer(.focus, focus: Rect(x: 1400, y: 100, width: 400, height: 300))
        placer.start(now: 0)
        #expect(window.placed.last?.monitor == "RIGHT")
        display.active = Rect(x: 10, y: 10, width: 400, height: 300)
        placer.willShow(field: nil)
        #expect(window.placed.last?.monitor == "LEFT")
        #expect(box.published.last == "LEFT 1280x800+0+0")
    }

    @Test func withoutFocusAShowLeavesTheKeyboardWhereItIs() {
        let (placer, display, window, _) = Self.placer(.primary)
        placer.start(now: 0)
        display.active = Rect(x: 1400, y: 100, width: 400, height: 300)
        placer.willShow(field: nil)
        #expect(window.placed.count == 1)
        #expect(window.moves.isEmpty)
    }

    @Test func autoShowTakesAFocusKeyboardToTheFieldsMonitorThenOutOfTheFieldsWay() {
        let (placer, _, window, _) = Self.placer(.focus, focus: Rect(x: 10, y: 10, width: 400, height: 300))
        placer.start(now: 0)
        // A field on the right monitor, where the keyboard would cover it.
        let field = Rect(x: 1280 + 300, y: 600, width: 300, height: 40)
        placer.place(for: FieldRequest(id: nil, kind: .text, rect: field, caret: nil))
        #expect(window.placed.last?.monitor == "RIGHT")
        let avoided = window.moves.last
        #expect(avoided.map { !$0.intersects(field) && Self.right.frame.contains(Point(x: $0.x, y: $0.y)) } == true, "\(window.moves)")
        // The field's own monitor is chosen already: the show that follows does not move it again.
        let placedBefore = window.placed.count
        placer.willShow(field: FieldRequest(id: nil, kind: .text, rect: field, caret: nil))
        #expect(window.placed.count == placedBefore)
        // A field that goes: home again.
        placer.place(for: FieldRequest(id: nil, kind: .text, rect: nil, caret: nil))
        #expect(window.moves.last == Rect(x: 1380, y: 450, width: 1000, height: 300))
    }

    @Test func aDockStaysDockedWhenAutoShowShowsItForAField() {
        let dock = KeyboardSizing(geometry: nil, dock: .bottom, scale: 1)
        let (placer, _, window, _) = Self.placer(.primary, sizing: dock)
        placer.start(now: 0)
        placer.place(for: FieldRequest(id: nil, kind: .text, rect: Rect(x: 100, y: 600, width: 300, height: 40), caret: nil))
        #expect(window.moves.isEmpty)
        #expect(window.frame == Rect(x: 0, y: 533, width: 1280, height: 267))
    }

    @Test func aDockWhoseStrutsWouldCoverAnotherMonitorSaysSo() {
        let stacked = MonitorLayout(screen: Size(width: 1280, height: 1600), monitors: [
            Monitor(name: "UPPER", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true),
            Monitor(name: "LOWER", frame: Rect(x: 0, y: 800, width: 1280, height: 800)),
        ])
        let (placer, _, _, box) = Self.placer(.primary, sizing: KeyboardSizing(geometry: nil, dock: .bottom, scale: 1), layout: stacked)
        placer.start(now: 0)
        #expect(box.reported.count == 1)
        #expect(box.reported.first?.contains("monitor LOWER lies between it and the screen's edge") == true)
    }
}

/// The controller asks the placer before it shows a hidden keyboard (and auto-show's field).
@Suite struct ControllerMonitorTests {
    @Test func aHiddenKeyboardAsksWhereToGoBeforeItIsShownAndAVisibleOneDoesNot() throws {
        let f = try ControllerFixture(layouts: [TestLayouts.letters])
        var asked: [FieldRequest?] = []
        f.controller.willShow = { field in
            asked.append(field)
            f.log.entries.append("willShow")
        }
        f.controller.start(hidden: true, now: 0)
        f.controller.handle(.show, now: 1)
        f.controller.handle(.show, now: 2)
        #expect(asked.count == 1)
        #expect(f.log.entries == ["willShow", "show", "show"])
        let field = FieldRequest(id: nil, kind: .text, rect: Rect(x: 0, y: 0, width: 10, height: 10), caret: nil)
        f.controller.handle(.hide, now: 3)
        f.controller.autoShow(.show(field), now: 4)
        #expect(asked.last == .some(field))
    }
}

import Testing
@testable import StackboardCore

/// The keyboard on one monitor through RandR changes: re-docked, kept on its monitor (clamped
/// and scaled), moved to the primary one when its monitor goes, and back when a named one returns.
@Suite struct KeyboardPlacementTests {
    static let left = Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true)
    static let right = Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1280, height: 800))
    static let both = MonitorLayout(screen: Size(width: 2560, height: 800), monitors: [left, right])
    static let leftOnly = MonitorLayout(screen: Size(width: 1280, height: 800), monitors: [left])
    static let dock = KeyboardSizing(geometry: nil, dock: .bottom, scale: 1)
    static let floating = KeyboardSizing(geometry: WindowGeometry(parsing: "1000x300+100+450"), dock: nil, scale: 1)

    static func single(_ w: Int, _ h: Int, name: String = "DUMMY0") -> MonitorLayout {
        MonitorLayout(screen: Size(width: w, height: h),
                      monitors: [Monitor(name: name, frame: Rect(x: 0, y: 0, width: w, height: h), isPrimary: true)])
    }

    @Test func aDockCoversExactlyThePrimaryMonitorsBottom() {
        let p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both)
        #expect(p.monitor == Self.left)
        #expect(p.frame == Rect(x: 0, y: 533, width: 1280, height: 267))
        #expect(p.struts(at: p.frame)?.partial == [0, 0, 0, 267, 0, 0, 0, 0, 0, 0, 0, 1279])
        #expect(p.strutBlocker == nil)
    }

    @Test func aRememberedDockDocksOnItsEdgeOfTheChosenMonitorWithItsHeight() {
        let entry = WindowMemory.Entry(frame: Rect(x: 100, y: 300, width: 900, height: 300), dock: .top)
        let p = KeyboardPlacement(choice: .named("RIGHT"), sizing: Self.floating, layout: Self.both, remembered: entry)
        #expect(p.isDocked)
        #expect(p.frame == Rect(x: 1280, y: 0, width: 1280, height: 300))
    }

    @Test func aRememberedFloatingFrameIsThePlaceFromTheStart() {
        let entry = WindowMemory.Entry(frame: Rect(x: 1400, y: 200, width: 600, height: 250))
        let p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both, remembered: entry)
        #expect(!p.isDocked)
        #expect(p.monitor == Self.right, "the monitor of its centre")
        #expect(p.frame == entry.frame && p.homeFrame == entry.frame)
        let none = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both, remembered: nil)
        #expect(none == KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both))
    }

    @Test func aRememberedFrameOffEveryMonitorIsBroughtInside() {
        // Off the right edge of the left-only screen: on the primary monitor, kept inside it.
        let off = WindowMemory.Entry(frame: Rect(x: 3000, y: 900, width: 600, height: 250))
        let p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.leftOnly, remembered: off)
        #expect(p.monitor == Self.left)
        #expect(p.frame == Rect(x: 680, y: 550, width: 600, height: 250))
        // Half over the edge between the monitors: on the one of its centre, moved inside it.
        let straddling = WindowMemory.Entry(frame: Rect(x: 1100, y: -100, width: 600, height: 250))
        let q = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both, remembered: straddling)
        #expect(q.monitor == Self.right)
        #expect(q.frame == Rect(x: 1280, y: 0, width: 600, height: 250))
        // Larger than its monitor: scaled down to fit.
        let huge = WindowMemory.Entry(frame: Rect(x: 0, y: 0, width: 2560, height: 1000))
        let r = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.leftOnly, remembered: huge)
        #expect(r.frame.width <= 1280 && r.frame.height <= 800 && r.frame.x >= 0 && r.frame.y >= 0)
    }

    @Test func aKeyboardDockedByTheUserStaysDockedThroughAChangeOfTheMonitorsAndFloatsWhereItWasLeft() {
        var p = KeyboardPlacement(choice: .named("RIGHT"), sizing: Self.floating, layout: Self.both)
        p.placed(dock: .bottom, frame: Rect(x: 0, y: 500, width: 2560, height: 300))
        #expect(p.isDocked)
        #expect(p.frame == Rect(x: 1280, y: 500, width: 1280, height: 300), "along its own monitor's edge")
        let change = p.monitorsChanged(to: MonitorLayout(screen: Size(width: 2560, height: 768), monitors: [
            Self.left, Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1024, height: 768))]), now: 0)
        #expect(change?.frame == Rect(x: 1280, y: 468, width: 1024, height: 300), "still docked, at the new bottom")
        #expect(p.struts(at: p.frame) != nil)
        // Floated again: where the user left it, and that stays its place after a change.
        p.placed(dock: nil, frame: Rect(x: 1400, y: 100, width: 600, height: 200))
        #expect(!p.isDocked && p.frame == Rect(x: 1400, y: 100, width: 600, height: 200))
        #expect(p.monitorsChanged(to: Self.both, now: 10)?.frame == Rect(x: 1400, y: 100, width: 600, height: 200))
        #expect(p.struts(at: p.frame) == nil)
    }

    @Test func aNamedMonitorTakesTheKeyboard() {
        let p = KeyboardPlacement(choice: .named("RIGHT"), sizing: Self.dock, layout: Self.both)
        #expect(p.frame == Rect(x: 1280, y: 533, width: 1280, height: 267))
        #expect(p.struts(at: p.frame)?.partial == [0, 0, 0, 267, 0, 0, 0, 0, 0, 0, 1280, 2559])
    }

    @Test func aFloatingKeyboardHasNoStruts() {
        let p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.both)
        #expect(p.struts(at: p.frame) == nil)
        #expect(p.frame == Rect(x: 100, y: 450, width: 1000, height: 300))
    }

    @Test func aSmallerResolutionDocksAtTheNewBottomWithTheNewHeight() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.single(1280, 800))
        let change = p.monitorsChanged(to: Self.single(1024, 768), now: 0)
        #expect(change?.frame == Rect(x: 0, y: 512, width: 1024, height: 256))
        #expect(change?.notice == nil)
        #expect(p.struts(at: p.frame)?.partial == [0, 0, 0, 256, 0, 0, 0, 0, 0, 0, 0, 1023])
    }

    @Test func theSameMonitorsAgainChangeNothing() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both)
        #expect(p.monitorsChanged(to: Self.both, now: 0) == nil)
    }

    @Test func aKeyboardWhoseMonitorWentMovesToThePrimaryAndBackWhenItReturns() {
        var p = KeyboardPlacement(choice: .named("RIGHT"), sizing: Self.dock, layout: Self.both)
        let gone = p.monitorsChanged(to: Self.leftOnly, now: 0)
        #expect(gone?.monitor == Self.left)
        #expect(gone?.frame == Rect(x: 0, y: 533, width: 1280, height: 267))
        #expect(gone?.notice == "monitor RIGHT is gone: the keyboard moves to LEFT")
        let back = p.monitorsChanged(to: Self.both, now: 0)
        #expect(back?.monitor == Self.right)
        #expect(back?.frame == Rect(x: 1280, y: 533, width: 1280, height: 267))
        #expect(back?.notice == "monitor RIGHT is back: the keyboard moves to it")
    }

    @Test func aKeyboardOnThePrimaryStaysOnItsMonitorWhenAnotherBecomesPrimary() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both)
        let swapped = MonitorLayout(screen: Self.both.screen, monitors: [
            Monitor(name: "LEFT", frame: Self.left.frame), Monitor(name: "RIGHT", frame: Self.right.frame, isPrimary: true),
        ])
        let change = p.monitorsChanged(to: swapped, now: 0)
        #expect(change?.monitor.name == "LEFT")
        #expect(change?.frame == Rect(x: 0, y: 533, width: 1280, height: 267))
    }

    @Test func aMonitorThatMovesInTheRootWindowTakesItsKeyboardAlong() {
        // The monitor on the left is unplugged: RIGHT is now at x 0.
        var p = KeyboardPlacement(choice: .named("RIGHT"), sizing: Self.floating, layout: Self.both)
        #expect(p.frame == Rect(x: 1380, y: 450, width: 1000, height: 300))
        let moved = MonitorLayout(screen: Size(width: 1280, height: 800), monitors: [Monitor(name: "RIGHT", frame: Self.left.frame)])
        #expect(p.monitorsChanged(to: moved, now: 0)?.frame == Rect(x: 100, y: 450, width: 1000, height: 300))
    }

    @Test func aFloatingKeyboardThatNoLongerFitsIsScaledAndKeptInsideThenRestored() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        // The options' place, on a monitor too small for 1000 pixels: scaled to 800 wide, kept inside.
        #expect(p.monitorsChanged(to: Self.single(800, 600), now: 0)?.frame == Rect(x: 0, y: 360, width: 800, height: 240))
        #expect(p.monitorsChanged(to: Self.single(1280, 800), now: 0)?.frame == Rect(x: 100, y: 450, width: 1000, height: 300))
    }

    @Test func aDefaultFloatingKeyboardSpansTheMonitorAgainAfterARotation() {
        let sizing = KeyboardSizing(geometry: nil, dock: nil, scale: 1)
        var p = KeyboardPlacement(choice: .primary, sizing: sizing, layout: Self.single(1280, 800))
        #expect(p.monitorsChanged(to: Self.single(800, 1280), now: 0)?.frame == Rect(x: 0, y: 853, width: 800, height: 427))
        #expect(p.monitorsChanged(to: Self.single(1280, 800), now: 0)?.frame == Rect(x: 0, y: 533, width: 1280, height: 267))
    }

    @Test func aKeyboardTheUserMovedKeepsItsPlaceScaledWhenItNoLongerFitsAndExactlyWhenItFitsAgain() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        let dragged = Rect(x: 200, y: 100, width: 1000, height: 300)
        // The window is seen somewhere else than asked: the user (or the window manager) put it there.
        #expect(p.windowConfigured(current: dragged, now: 10) == nil)
        #expect(p.home == .moved(dragged, monitorSize: Size(width: 1280, height: 800)))
        let small = p.monitorsChanged(to: Self.single(1024, 768), now: 20)
        #expect(small?.frame == Rect(x: 24, y: 100, width: 1000, height: 300))
        let tiny = p.monitorsChanged(to: Self.single(800, 600), now: 30)
        #expect(tiny?.frame == Rect(x: 0, y: 100, width: 800, height: 240))
        #expect(p.monitorsChanged(to: Self.single(1280, 800), now: 40)?.frame == dragged)
    }

    @Test func aKeyboardDraggedOntoAnotherMonitorLivesThereFromThenOn() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.both)
        p.moved(to: Rect(x: 1500, y: 200, width: 1000, height: 300))
        #expect(p.monitor == Self.right)
        #expect(p.placeOnMonitor.frame == Rect(x: 220, y: 200, width: 1000, height: 300))
        #expect(p.placeOnMonitor.monitorSize == Size(width: 1280, height: 800))
        // RIGHT goes: to the primary, at the same offset.
        #expect(p.monitorsChanged(to: Self.leftOnly, now: 0)?.frame == Rect(x: 220, y: 200, width: 1000, height: 300))
    }

    @Test func aPlaceRememberedForTheNewMonitorSizeWins() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        let remembered = Rect(x: 10, y: 20, width: 500, height: 200)
        let change = p.monitorsChanged(to: Self.single(1024, 768), now: 0) { size in
            size == Size(width: 1024, height: 768) ? remembered : nil
        }
        #expect(change?.frame == remembered)
    }

    @Test func aDockIsNeverMovedByWhereTheWindowIs() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.single(1280, 800))
        #expect(p.windowConfigured(current: Rect(x: 5, y: 5, width: 10, height: 10), now: 10) == nil)
        let change = p.monitorsChanged(to: Self.single(1024, 768), now: 20)
        #expect(change?.frame == Rect(x: 0, y: 512, width: 1024, height: 256))
    }

    @Test func withFocusEachShowGoesToTheActiveWindowsMonitor() {
        let onRight = Rect(x: 1400, y: 100, width: 600, height: 400)
        var p = KeyboardPlacement(choice: .focus, sizing: Self.floating, layout: Self.both, focus: onRight)
        #expect(p.monitor == Self.right)
        #expect(p.shown(focus: onRight) == nil)
        let toLeft = p.shown(focus: Rect(x: 100, y: 100, width: 300, height: 300))
        #expect(toLeft?.monitor == Self.left)
        #expect(toLeft?.frame == Rect(x: 100, y: 450, width: 1000, height: 300))
        // No active window: it stays.
        #expect(p.shown(focus: nil) == nil)
    }

    @Test func withoutFocusShowingNeverMovesTheKeyboard() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.dock, layout: Self.both)
        #expect(p.shown(focus: Rect(x: 1400, y: 100, width: 600, height: 400)) == nil)
        #expect(p.monitor == Self.left)
    }

    @Test func movingOutOfAFieldsWayIsNoNewPlace() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        p.avoided(Rect(x: 100, y: 50, width: 1000, height: 300))
        #expect(p.homeFrame == Rect(x: 100, y: 450, width: 1000, height: 300))
        #expect(p.monitorsChanged(to: Self.single(1024, 768), now: 0)?.frame == Rect(x: 24, y: 450, width: 1000, height: 300))
    }

    @Test func shortlyAfterAChangeTheWindowManagersOwnMovesAreUndoneAndAreNoPlaceOfTheUsers() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        let asked = Rect(x: 0, y: 360, width: 800, height: 240)
        #expect(p.monitorsChanged(to: Self.single(800, 600), now: 100)?.frame == asked)
        // Our own resize is seen; then openbox moves the old frame onto the smaller screen: undone.
        #expect(p.windowConfigured(current: asked, now: 100.1) == nil)
        #expect(p.windowConfigured(current: Rect(x: 0, y: 300, width: 1000, height: 300), now: 100.2) == asked)
        #expect(p.windowConfigured(current: asked, now: 100.3) == nil)
        #expect(p.home == .options)
        // Later, a move is the user's again.
        let dragged = Rect(x: 0, y: 0, width: 800, height: 240)
        #expect(p.windowConfigured(current: dragged, now: 100 + KeyboardPlacement.settleTime + 1) == nil)
        #expect(p.home == .moved(dragged, monitorSize: Size(width: 800, height: 600)))
    }

    @Test func aWindowManagerThatInsistsHasItsWayAfterThreeTries() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        _ = p.monitorsChanged(to: Self.single(800, 600), now: 0)
        let insisted = Rect(x: 0, y: 300, width: 1000, height: 300)
        for _ in 0..<KeyboardPlacement.settleTries { #expect(p.windowConfigured(current: insisted, now: 0.5) != nil) }
        #expect(p.windowConfigured(current: insisted, now: 0.6) == nil)
        #expect(p.frame == insisted && p.homeFrame == insisted)
        #expect(p.home == .options)
    }

    @Test func theWindowManagersPlacementAtStartIsTakenButIsNoMoveOfTheUsers() {
        var p = KeyboardPlacement(choice: .primary, sizing: Self.floating, layout: Self.single(1280, 800))
        p.started(now: 0)
        let placed = Rect(x: 140, y: 460, width: 1000, height: 300)
        #expect(p.windowConfigured(current: placed, now: 0.2) == nil)
        #expect(p.homeFrame == placed && p.home == .options)
        // The options' place is worked out again for a new monitor size.
        #expect(p.monitorsChanged(to: Self.single(1024, 768), now: 10)?.frame == Rect(x: 24, y: 450, width: 1000, height: 300))
    }
}

import Testing
@testable import StackboardCore

/// `_NET_WM_STRUT_PARTIAL` of a dock on one monitor: root-relative, limited to the dock's columns.
@Suite struct DockStrutsTests {
    let screen = Size(width: 2560, height: 800)

    @Test func aBottomDockOnTheLeftMonitorReservesOnlyItsColumns() {
        let struts = DockStruts(edge: .bottom, frame: Rect(x: 0, y: 533, width: 1280, height: 267), screen: screen)
        #expect(struts.strut == [0, 0, 0, 267])
        #expect(struts.partial == [0, 0, 0, 267, 0, 0, 0, 0, 0, 0, 0, 1279])
    }

    @Test func aTopDockOnTheRightMonitorStartsAtItsLeftEdge() {
        let struts = DockStruts(edge: .top, frame: Rect(x: 1280, y: 0, width: 1280, height: 200), screen: screen)
        #expect(struts.partial == [0, 0, 200, 0, 0, 0, 0, 0, 1280, 2559, 0, 0])
    }

    @Test func aDockOnAShorterMonitorReservesTheStripBelowItToo() {
        // 1920x1080 beside 1280x1024: the right monitor ends 56 rows above the screen's bottom.
        let layout = MonitorLayout(screen: Size(width: 3200, height: 1080), monitors: [
            Monitor(name: "BIG", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true),
            Monitor(name: "SMALL", frame: Rect(x: 1920, y: 0, width: 1280, height: 1024)),
        ])
        let small = layout.monitors[1]
        let frame = Rect(x: 1920, y: 1024 - 300, width: 1280, height: 300)
        #expect(DockStruts.blocker(edge: .bottom, frame: frame, monitor: small, in: layout) == nil)
        #expect(DockStruts(edge: .bottom, frame: frame, monitor: small, in: layout).partial
                == [0, 0, 0, 356, 0, 0, 0, 0, 0, 0, 1920, 3199])
    }

    @Test func aDockAboveAnotherMonitorReservesNothing() {
        // Stacked: a bottom strut of the upper monitor would cover the whole lower one.
        let layout = MonitorLayout(screen: Size(width: 1920, height: 2160), monitors: [
            Monitor(name: "UPPER", frame: Rect(x: 0, y: 0, width: 1920, height: 1080), isPrimary: true),
            Monitor(name: "LOWER", frame: Rect(x: 0, y: 1080, width: 1920, height: 1080)),
        ])
        let upper = layout.monitors[0], lower = layout.monitors[1]
        let bottomOfUpper = Rect(x: 0, y: 720, width: 1920, height: 360)
        #expect(DockStruts.blocker(edge: .bottom, frame: bottomOfUpper, monitor: upper, in: layout) == lower)
        #expect(DockStruts(edge: .bottom, frame: bottomOfUpper, monitor: upper, in: layout) == .none)
        // Its top edge is the screen's: a top dock there is fine, and so is a bottom dock on the lower one.
        #expect(DockStruts(edge: .top, frame: Rect(x: 0, y: 0, width: 1920, height: 360), monitor: upper, in: layout).strut
                == [0, 0, 360, 0])
        #expect(DockStruts(edge: .bottom, frame: Rect(x: 0, y: 1800, width: 1920, height: 360), monitor: lower, in: layout).strut
                == [0, 0, 0, 360])
    }

    @Test func aDockHangingOffTheScreenIsCutToIt() {
        let struts = DockStruts(edge: .bottom, frame: Rect(x: -10, y: 700, width: 3000, height: 200), screen: screen)
        #expect(struts.partial == [0, 0, 0, 100, 0, 0, 0, 0, 0, 0, 0, 2559])
    }
}

import Testing
@testable import StackboardCore

/// Which monitor: the layout the keyboard reads from RandR, and `--monitor`.
@Suite struct MonitorLayoutTests {
    let left = Monitor(name: "LEFT", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true)
    let right = Monitor(name: "RIGHT", frame: Rect(x: 1280, y: 0, width: 1280, height: 800))
    var sideBySide: MonitorLayout { MonitorLayout(screen: Size(width: 2560, height: 800), monitors: [left, right]) }

    @Test func theMonitorRandRCallsPrimaryIsThePrimaryWhereverItIsListed() {
        let layout = MonitorLayout(screen: Size(width: 2560, height: 800),
                                   monitors: [Monitor(name: "RIGHT", frame: right.frame, isPrimary: true),
                                              Monitor(name: "LEFT", frame: left.frame)])
        #expect(layout.primary.name == "RIGHT")
    }

    @Test func withoutAPrimaryTheFirstMonitorIsIt() {
        let layout = MonitorLayout(screen: Size(width: 2560, height: 800),
                                   monitors: [Monitor(name: "A", frame: left.frame), Monitor(name: "B", frame: right.frame)])
        #expect(layout.primary.name == "A")
    }

    @Test func aServerWithoutMonitorsIsOneMonitorTheSizeOfTheScreen() {
        let layout = MonitorLayout(screen: Size(width: 1024, height: 768), monitors: [])
        #expect(layout.monitors == [Monitor(name: "screen", frame: Rect(x: 0, y: 0, width: 1024, height: 768), isPrimary: true)])
    }

    @Test func aMonitorOffTheShrunkScreenIsGoneAndOneHalfOnItIsCut() {
        // RandR keeps user-made monitors when the screen shrinks under them.
        let layout = MonitorLayout(screen: Size(width: 1600, height: 800), monitors: [left, right,
                                   Monitor(name: "FAR", frame: Rect(x: 3000, y: 0, width: 100, height: 100))])
        #expect(layout.monitors.map(\.name) == ["LEFT", "RIGHT"])
        #expect(layout.monitor(named: "RIGHT")?.frame == Rect(x: 1280, y: 0, width: 320, height: 800))
    }

    @Test func aWindowBelongsToTheMonitorOfItsCentreElseToTheOneItOverlapsMost() {
        #expect(sideBySide.monitor(for: Rect(x: 1200, y: 100, width: 400, height: 100)).name == "RIGHT") // centre at 1400
        #expect(sideBySide.monitor(for: Rect(x: 1000, y: 100, width: 400, height: 100)).name == "LEFT")  // centre at 1200
        // Centre off both (below the screen): the one it overlaps most.
        #expect(sideBySide.monitor(for: Rect(x: 1500, y: 700, width: 200, height: 400)).name == "RIGHT")
        // Off every monitor: the primary one.
        #expect(sideBySide.monitor(for: Rect(x: 5000, y: 5000, width: 10, height: 10)).name == "LEFT")
    }

    @Test func theChoiceNamesPrimaryFocusOrAMonitor() {
        #expect(MonitorChoice(parsing: "primary") == .primary)
        #expect(MonitorChoice(parsing: "focus") == .focus)
        #expect(MonitorChoice(parsing: "HDMI-1") == .named("HDMI-1"))
        for bad in ["", "HDMI 1", "\t", "a\u{7}b", String(repeating: "x", count: 256)] {
            #expect(MonitorChoice(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func eachChoicePicksItsMonitor() {
        let onRight = Rect(x: 1400, y: 100, width: 300, height: 200)
        #expect(MonitorChoice.primary.monitor(in: sideBySide, focus: onRight) == left)
        #expect(MonitorChoice.focus.monitor(in: sideBySide, focus: onRight) == right)
        #expect(MonitorChoice.focus.monitor(in: sideBySide, focus: nil) == left)
        #expect(MonitorChoice.named("RIGHT").monitor(in: sideBySide, focus: nil) == right)
    }

    @Test func aMissingNamedMonitorMeansThePrimaryAndSaysWhichOnesThereAre() {
        #expect(MonitorChoice.named("HDMI-9").monitor(in: sideBySide, focus: nil) == left)
        let line = MonitorChoice.named("HDMI-9").missing(in: sideBySide)
        #expect(line == "there is no monitor 'HDMI-9' (the display has LEFT, RIGHT); the keyboard is on LEFT until it is "
                + "connected. 'xrandr --listmonitors' lists the names")
        #expect(MonitorChoice.named("RIGHT").missing(in: sideBySide) == nil)
        #expect(MonitorChoice.primary.missing(in: sideBySide) == nil)
    }

    @Test func theStatusLineIsTheNameAndTheGeometry() {
        #expect(right.description == "RIGHT 1280x800+1280+0")
    }
}

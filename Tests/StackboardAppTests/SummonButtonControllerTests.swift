@testable import StackboardApp
import StackboardCore
import StackboardX11
import Testing

/// A summon button window that records what it was asked.
final class FakeSummonWindow: SummonWindowing {
    let diameter = 56
    var shownAt: Rect?
    var log: [String] = []
    func show(at frame: Rect) { shownAt = frame; log.append("show \(frame)") }
    func move(to frame: Rect) { shownAt = frame; log.append("move \(frame)") }
    func hide() { shownAt = nil; log.append("hide") }
}

/// The summon button follows the keyboard's state, taps show the keyboard, drags move the button
/// and are remembered on the monitor it is dropped on.
@Suite struct SummonButtonControllerTests {
    let left = Monitor(name: "DP-1", frame: Rect(x: 0, y: 0, width: 1280, height: 800), isPrimary: true)
    let right = Monitor(name: "HDMI-1", frame: Rect(x: 1280, y: 0, width: 1920, height: 1080))

    func make(home: Monitor? = nil, saved: @escaping (SummonPlaces) -> Void = { _ in }) -> (SummonButton, FakeSummonWindow) {
        let window = FakeSummonWindow()
        let layout = MonitorLayout(screen: Size(width: 3200, height: 1080), monitors: [left, right])
        let button = SummonButton(window: window, monitors: { layout }, home: { home }, places: SummonPlaces(),
                                  save: saved, margin: 16)
        return (button, window)
    }

    @Test func theButtonIsShownWhileTheKeyboardIsHiddenOnTheKeyboardsMonitor() {
        let (button, window) = make(home: right)
        button.publish(state: "hidden")
        #expect(window.shownAt == Rect(x: 3128, y: 1008, width: 56, height: 56))
        button.publish(state: "shown")
        #expect(window.shownAt == nil && !button.isShown)
        button.publish(state: "shown") // nothing more to hide
        #expect(window.log.filter { $0 == "hide" }.count == 1)
    }

    @Test func turnedOffTheButtonStaysAwayUntilTurnedOnAgain() {
        let (button, window) = make(home: right)
        button.publish(state: "hidden")
        button.enabled = false
        #expect(window.shownAt == nil && !button.isShown)
        button.publish(state: "shown")
        button.publish(state: "hidden") // the keyboard hidden again: still off
        #expect(window.shownAt == nil)
        button.enabled = true // on while the keyboard is hidden: at once
        #expect(window.shownAt == Rect(x: 3128, y: 1008, width: 56, height: 56))
        button.publish(state: "hidden") // a repeated state does not move it
        #expect(window.log.filter { $0.hasPrefix("show") }.count == 2)
    }

    @Test func aTapShowsTheKeyboardAndADragDoesNot() {
        let (button, window) = make()
        var taps = 0
        button.onTap = { _ in taps += 1 }
        button.publish(state: "hidden")
        let at = window.shownAt ?? Rect(x: 0, y: 0, width: 0, height: 0)
        button.handle(.press(Point(x: at.x + 20, y: at.y + 20)), now: 1)
        button.handle(.release(Point(x: at.x + 22, y: at.y + 19)), now: 1.1)
        #expect(taps == 1)
        button.handle(.press(Point(x: at.x + 20, y: at.y + 20)), now: 2)
        button.handle(.move(Point(x: at.x - 80, y: at.y - 80)), now: 2.1)
        button.handle(.release(Point(x: at.x - 80, y: at.y - 80)), now: 2.2)
        #expect(taps == 1)
        #expect(window.shownAt == Rect(x: at.x - 100, y: at.y - 100, width: 56, height: 56))
    }

    @Test func aDropIsRememberedOnTheMonitorThatShowsMostOfTheButton() {
        var saved: [SummonPlaces] = []
        let (button, window) = make(saved: { saved.append($0) })
        button.publish(state: "hidden") // the primary monitor: no home given
        let at = window.shownAt ?? Rect(x: 0, y: 0, width: 0, height: 0)
        button.handle(.press(Point(x: at.x + 28, y: at.y + 28)), now: 1)
        // Dropped across the edge, mostly on HDMI-1: it moves fully onto it.
        button.handle(.release(Point(x: 1300, y: 400)), now: 1.2)
        #expect(window.shownAt == Rect(x: 1280, y: 372, width: 56, height: 56))
        #expect(saved.count == 1)
        #expect(saved.last?.frame(on: right, diameter: 56, margin: 16) == Rect(x: 1280, y: 372, width: 56, height: 56))
        // Hidden and shown again: on HDMI-1, where it was left.
        button.publish(state: "shown")
        button.publish(state: "hidden")
        #expect(window.shownAt == Rect(x: 1280, y: 372, width: 56, height: 56))
    }

    @Test func aPressCutShortByTheKeyboardShowingComesToNothing() {
        let (button, window) = make()
        var taps = 0
        button.onTap = { _ in taps += 1 }
        button.publish(state: "hidden")
        let at = window.shownAt ?? Rect(x: 0, y: 0, width: 0, height: 0)
        button.handle(.press(Point(x: at.x + 20, y: at.y + 20)), now: 1)
        button.publish(state: "shown") // `stackboard show` meanwhile
        button.handle(.release(Point(x: at.x + 20, y: at.y + 20)), now: 1.1)
        #expect(taps == 0)
    }
}

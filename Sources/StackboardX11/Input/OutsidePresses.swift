import StackboardCore

/// The clicks and taps outside the keyboard, which start the word context again: the display's
/// raw presses (`PressWatcher`, a connection of their own that the pump reads) against the
/// keyboard's own presses (`PressMatcher`), which `WindowInput` brings as it reads them. The raw
/// presses are waited on only while the pointer is not over the keyboard, and read before each
/// press of the keyboard's own, so that a tap on the keyboard wakes it once, not twice
/// (PressWatcher says why that matters).
final class OutsidePresses: XEventHandler {
    private let watcher: PressWatcher
    private var matcher = PressMatcher()
    /// The pump's reader of the watcher's connection (the pump holds it, and it holds this).
    weak var source: XEventSource?

    init(watcher: PressWatcher) { self.watcher = watcher }

    /// A press on the keyboard, read in `batch`; returns how many presses were outside the
    /// keyboard by then (each counted once). The raw presses that came before it are read
    /// first, its own too: the server may write that one to the watcher's connection after the
    /// press to the window's (it flushes its clients one by one, and a loaded machine can
    /// preempt it in between), so when it is not there yet a round trip on the watcher's
    /// connection fetches it (`XEventSource.catchUp`; no timeout to guess). Then a click
    /// elsewhere before this press is known before the press's key goes out.
    func ownPress(_ press: OwnPress, in batch: inout XEventBatch) -> Int {
        source?.read(into: &batch)
        if let time = press.time, let source, !matcher.hasRaw(time: time) {
            source.catchUp()
            source.read(into: &batch)
        }
        matcher.ownPress(press, at: batch.now)
        return matcher.outsidePresses(now: batch.now)
    }

    // MARK: XEventHandler

    /// The watcher's raw presses.
    var routes: [XEventRoute] { watcher.routes }

    /// A raw press of the display.
    func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        if let time = watcher.pressTime(event) { matcher.rawPress(time: time, at: batch.now) }
        return true
    }

    /// When a raw press has waited long enough for its own press.
    var nextDeadline: Double? { matcher.nextDeadline }

    /// After every turn (the pump has read the watcher's connection, waited on or not: presses
    /// the keyboard does not type for, the wheel over it, do not pile up): the presses outside.
    func advance(_ batch: inout XEventBatch) {
        if matcher.outsidePresses(now: batch.now) > 0 { batch.append(.pressedOutside) }
    }
}

import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardX11

/// Switch scanning of one keypad, the same for the keyboard (`KeyboardController`) and the
/// entry window (`EntryApp`): a `KeyboardScan` (StackboardScan, pure) follows what the keypad
/// shows, takes the switches (the window's buttons and keys, a switch device, `stackboard
/// switch`) and its own deadline, and hands what it picks to `fire` as `.pick(key:)` or
/// `.pickOption`, which fire the key as a tap would. What it highlights reaches the keypad, and
/// `onHighlight`, in one place: `highlightChanged`.
///
/// Rules: a pick fires at once, unless a grabbed switch key is down: then it waits for that
/// key's release (the server gives the whole keyboard to the grab, so a key typed in answer
/// would go to it). Pausing highlights nothing and forgets held switches and waiting picks.
final class KeypadScanner {
    /// The scan (pure).
    private(set) var scan: KeyboardScan
    /// The keypad scanned: what it shows is followed, the highlight painted on it.
    let runtime: KeypadRuntime
    /// Fires a pick as its host fires a tap's input (at `now`).
    var fire: (_ pick: InputEvent, _ now: Double) -> Void
    /// Told each time the highlight changed, with what it is now.
    var onHighlight: ((ScanMarks) -> Void)?
    /// The grabbed switch keys that are down (their picks wait in `waitingPicks`).
    private var heldSwitchKeys: Set<Int> = []
    /// Picks waiting for the switch keys' release.
    private var waitingPicks: [ScanPick] = []
    /// The highlight last shown and told (nil: none yet).
    private var shownMarks: ScanMarks?

    /// A paused scan of `runtime` as `setup` says, following what it shows at `now`; picks go to `fire`.
    init(_ setup: ScanSetup, runtime: KeypadRuntime, now: Double, fire: @escaping (_ pick: InputEvent, _ now: Double) -> Void) {
        scan = KeyboardScan(mode: setup.mode, pattern: setup.pattern, timing: setup.timing)
        self.runtime = runtime
        self.fire = fire
        _ = scan.follow(view, now: now)
    }

    /// What the keypad shows, as scanning sees it (the suggestion bar's empty slots left out).
    var view: ScanView { ScanView(state: runtime.state, skipping: runtime.emptySlotKeys) }

    /// When `advance` is next needed (nil: only a switch moves the scan).
    var nextDeadline: Double? { scan.nextDeadline }

    /// Starts at the top (the keypad was shown).
    func start(now: Double) {
        scan.start(now: now)
        follow(now: now)
    }

    /// Pauses: nothing highlighted, held switches and waiting picks forgotten.
    func pause(now: Double) {
        scan.pause()
        heldSwitchKeys = []
        waitingPicks = []
        highlightChanged(now: now)
    }

    /// Switch `event.number` went down or up. A pick fires at once, unless a grabbed switch key
    /// is down: then it waits for that key's release.
    func switched(_ event: SwitchEvent, now: Double) {
        _ = scan.follow(view, now: now)
        let pick = event.pressed ? scan.press(switch: event.number, now: now) : scan.release(switch: event.number, now: now)
        if event.holdsKeyboard {
            if event.pressed { heldSwitchKeys.insert(event.number) } else { heldSwitchKeys.remove(event.number) }
        }
        if let pick { waitingPicks.append(pick) }
        firePicks(now: now)
        follow(now: now)
    }

    /// Moves the scan on when it is due and follows what the keypad shows now (each loop turn,
    /// after the keypad's own timers).
    func advance(to now: Double) {
        if let due = scan.nextDeadline, due <= now, let pick = scan.advance(now: now) {
            waitingPicks.append(pick)
            firePicks(now: now)
        }
        follow(now: now)
    }

    /// Gives the scan a new tree when what the keypad shows changed (a layer, the bar filled or
    /// emptied, the popup), then shows the highlight.
    func follow(now: Double) {
        _ = scan.follow(view, now: now)
        highlightChanged(now: now)
    }

    /// The one place where the highlight is shown, after every switch, step and new tree: the
    /// keypad paints it and `onHighlight` hears it (when it changed).
    func highlightChanged(now: Double) {
        let marks = scan.marks
        guard marks != runtime.state.scanMarks || marks != shownMarks else { return }
        shownMarks = marks
        runtime.setScanMarks(marks, now: now)
        onHighlight?(marks)
    }

    /// Fires the waiting picks, unless a grabbed switch key is down.
    private func firePicks(now: Double) {
        guard heldSwitchKeys.isEmpty else { return }
        let picks = waitingPicks
        waitingPicks = []
        for pick in picks {
            switch pick {
            case .key(let index): fire(.pick(key: index), now)
            case .option(let option): fire(.pickOption(option), now)
            }
        }
    }
}

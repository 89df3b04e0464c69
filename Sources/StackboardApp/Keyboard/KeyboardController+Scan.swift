import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardX11

/// Switch scanning of the keyboard: a `KeyboardScan` (StackboardScan, pure) follows what the
/// keypad shows, takes the switches (the window's buttons and keys, `stackboard switch`, D-Bus,
/// a switch device) and its own deadline, and hands what it picks to the keypad as `.pick`,
/// which fires the key as a tap would. What it highlights reaches the keypad, and
/// `onScanHighlight`, in one place: `scanHighlightChanged`.
extension KeyboardController {
    /// Scans with `setup` from now on (nil: scanning off). A shown keyboard starts at the top.
    func setScanning(_ setup: ScanSetup?, now: Double) {
        heldSwitchKeys = []
        waitingPicks = []
        if let setup {
            var fresh = KeyboardScan(mode: setup.mode, pattern: setup.pattern, timing: setup.timing)
            _ = fresh.follow(scanView, now: now)
            if visible { fresh.start(now: now) }
            scan = fresh
        } else {
            scan = nil
            publishScan?("off")
        }
        scanHighlightChanged(now: now)
    }

    /// What the keypad shows, as scanning sees it (the suggestion bar's empty slots left out).
    var scanView: ScanView { ScanView(state: runtime.state, skipping: runtime.emptySlotKeys) }

    /// Starts scanning at the top (the keyboard was shown).
    func startScan(now: Double) {
        guard scan != nil else { return }
        scan?.start(now: now)
        followScan(now: now)
    }

    /// Pauses scanning: nothing highlighted, held switches and waiting picks forgotten.
    func pauseScan(now: Double) {
        guard scan != nil else { return }
        scan?.pause()
        heldSwitchKeys = []
        waitingPicks = []
        scanHighlightChanged(now: now)
    }

    /// Switch `event.number` went down or up. A pick fires at once, unless a grabbed switch key
    /// is down: then it waits for that key's release (the keyboard's typing would go to the grab).
    func switched(_ event: SwitchEvent, now: Double) {
        guard visible, var machine = scan else { return }
        _ = machine.follow(scanView, now: now)
        let pick = event.pressed ? machine.press(switch: event.number, now: now) : machine.release(switch: event.number, now: now)
        scan = machine
        if event.holdsKeyboard {
            if event.pressed { heldSwitchKeys.insert(event.number) } else { heldSwitchKeys.remove(event.number) }
        }
        if let pick { waitingPicks.append(pick) }
        firePicks(now: now)
        followScan(now: now)
    }

    /// Moves the scan on when it is due and follows what the keypad shows now (each loop turn,
    /// after the keypad's own timers).
    func advanceScan(to now: Double) {
        guard scan != nil else { return }
        if let due = scan?.nextDeadline, due <= now, let pick = scan?.advance(now: now) {
            waitingPicks.append(pick)
            firePicks(now: now)
        }
        followScan(now: now)
    }

    /// Gives the scan a new tree when what the keypad shows changed (a layer, the bar filled or
    /// emptied, the popup), then shows the highlight.
    func followScan(now: Double) {
        guard scan != nil else { return }
        _ = scan?.follow(scanView, now: now)
        scanHighlightChanged(now: now)
    }

    /// The one place where the keyboard learns what scanning highlights now, after every switch,
    /// step and new tree: the keypad paints it, `stackboard status --scan` reads it, and
    /// `onScanHighlight` hears it.
    func scanHighlightChanged(now: Double) {
        let marks = scan?.marks ?? .none
        guard marks != runtime.state.scanMarks || marks != shownScanMarks else { return }
        shownScanMarks = marks
        runtime.setScanMarks(marks, now: now)
        if scan != nil { publishScan?(marks.published) }
        onScanHighlight?(marks)
    }

    /// Fires the waiting picks, unless a grabbed switch key is down.
    private func firePicks(now: Double) {
        guard heldSwitchKeys.isEmpty else { return }
        let picks = waitingPicks
        waitingPicks = []
        for pick in picks {
            switch pick {
            case .key(let index): handle(.input(.pick(key: index)), now: now)
            case .option(let option): handle(.input(.pickOption(option)), now: now)
            }
        }
    }
}

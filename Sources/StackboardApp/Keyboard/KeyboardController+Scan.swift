import StackboardCore
import StackboardRuntime
import StackboardScan
import StackboardX11

/// Switch scanning of the keyboard: a `KeypadScanner` (shared with the entry window) scans the
/// keypad while the keyboard is shown; its picks go through `handle` as a tap's input would, and
/// each highlight is published for `stackboard status --scan` and told to `onScanHighlight`.
extension KeyboardController {
    /// Scans with `setup` from now on (nil: scanning off). A shown keyboard starts at the top.
    func setScanning(_ setup: ScanSetup?, now: Double) {
        scan?.pause(now: now) // the old scan's highlight goes
        guard let setup else {
            scan = nil
            publishScan?("off")
            return
        }
        let fresh = KeypadScanner(setup, runtime: runtime, now: now) { [weak self] pick, now in
            self?.handle(.input(pick), now: now)
        }
        fresh.onHighlight = { [weak self] marks in
            self?.publishScan?(marks.published)
            self?.onScanHighlight?(marks)
        }
        scan = fresh
        if visible { fresh.start(now: now) } else { fresh.highlightChanged(now: now) }
    }

    /// Starts scanning at the top (the keyboard was shown).
    func startScan(now: Double) {
        scan?.start(now: now)
    }

    /// Pauses scanning: nothing highlighted, held switches and waiting picks forgotten.
    func pauseScan(now: Double) {
        scan?.pause(now: now)
    }

    /// Switch `event.number` went down or up (nothing while the keyboard is hidden).
    func switched(_ event: SwitchEvent, now: Double) {
        guard visible else { return }
        scan?.switched(event, now: now)
    }

    /// Moves the scan on when it is due and follows what the keypad shows now (each loop turn,
    /// after the keypad's own timers).
    func advanceScan(to now: Double) {
        scan?.advance(to: now)
    }
}

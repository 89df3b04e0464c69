/// The pointer resting on a key, for dwell clicking (one at a time: the last hovering pointer).
struct DwellTracker: Sendable, Equatable {
    /// The key under the pointer.
    var key: Int
    /// The pointer's last position.
    var point: Point
    /// Counting towards a fire. False after a fire (or a press): the pointer must leave the key,
    /// or move away from `anchor`, before it can fire again.
    var armed: Bool
    /// When the dwell on this key began.
    var start: Double
    /// Progress-ring steps passed, 0 to `KeyTiming.dwellSteps`.
    var step: Int
    /// Where the last fire (or press) happened.
    var anchor: Point
}

extension KeyboardState {
    /// A pointer with no button down moved: start, keep or restart a dwell.
    ///
    /// Onto another key: the dwell restarts there. On the same key after a fire: it re-arms once
    /// the pointer is more than half the key's smaller side (at least 4 px) from where it fired.
    mutating func hover(_ pointer: Int, at point: Point, now: Double) {
        guard timing.dwell != nil else { return }
        guard let index = geometry.hit(point) else {
            dwell = nil
            return
        }
        guard var tracker = dwell, tracker.key == index else {
            dwell = DwellTracker(key: index, point: point, armed: true, start: now, step: 0, anchor: point)
            return
        }
        tracker.point = point
        if !tracker.armed, let frame = frame(of: index) {
            let reach = max(4, min(frame.width, frame.height) / 2)
            let dx = point.x - tracker.anchor.x, dy = point.y - tracker.anchor.y
            if dx * dx + dy * dy > reach * reach {
                tracker.armed = true
                tracker.start = now
                tracker.step = 0
            }
        }
        dwell = tracker
    }

    /// A press ends any dwell: the key pressed does not also dwell-fire until the pointer moves on.
    mutating func dwellInterrupted(at point: Point) {
        guard timing.dwell != nil else { return }
        guard let index = geometry.hit(point) else {
            dwell = nil
            return
        }
        dwell = DwellTracker(key: index, point: point, armed: false, start: 0, step: 0, anchor: point)
    }

    /// The keys moved under a resting pointer (layer change): whatever is under it now must not
    /// fire until the pointer moves on.
    mutating func dwellLayerChanged() {
        guard let tracker = dwell else { return }
        dwellInterrupted(at: tracker.point)
    }

    /// Counts the progress steps due at `now`; at the last one the key fires like a tap
    /// (click included) and the dwell disarms.
    mutating func advanceDwell(now: Double) -> [Effect] {
        guard let duration = timing.dwell, var tracker = dwell, tracker.armed else { return [] }
        while tracker.step < KeyTiming.dwellSteps, KeyboardState.dwellTime(tracker, duration) <= now {
            tracker.step += 1
        }
        guard tracker.step >= KeyTiming.dwellSteps, let key = key(at: tracker.key) else {
            dwell = tracker
            return []
        }
        tracker.armed = false
        tracker.step = 0
        tracker.anchor = tracker.point
        dwell = tracker
        return [.click(KeyboardState.clickKind(of: key.action))] + perform(key, heldUsed: false)
    }

    /// When the next progress step of the dwell is due (nil: not dwelling).
    var dwellDeadline: Double? {
        guard let duration = timing.dwell, let tracker = dwell, tracker.armed else { return nil }
        return KeyboardState.dwellTime(tracker, duration)
    }

    /// The dwell progress shown on the key at `index` (0 to 1 in steps; nil: not dwelling there).
    func dwellProgress(ofKey index: Int) -> Double? {
        guard timing.dwell != nil, let tracker = dwell, tracker.armed, tracker.key == index else { return nil }
        return Double(tracker.step) / Double(KeyTiming.dwellSteps)
    }

    /// The time the step after `tracker.step` is due; the same expression decides and schedules,
    /// so `advance(to: nextDeadline)` always makes progress.
    private static func dwellTime(_ tracker: DwellTracker, _ duration: Double) -> Double {
        tracker.start + duration * Double(tracker.step + 1) / Double(KeyTiming.dwellSteps)
    }
}

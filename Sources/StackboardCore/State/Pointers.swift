/// A timer of one pressed pointer.
enum PointerTimer: Sendable, Equatable {
    /// The held repeating key fires at this time.
    case repeatAt(Double)
    /// The held key's alternates open at this time.
    case longPressAt(Double)

    var time: Double {
        switch self {
        case .repeatAt(let t), .longPressAt(let t): return t
        }
    }
}

/// One pointer that is down on the keyboard.
struct PointerTrack: Sendable, Equatable {
    /// The key under the pointer (the one its release fires).
    var key: Int
    /// Where the pointer is.
    var point: Point
    /// Its pending repeat or long press.
    var timer: PointerTimer?
    /// The key has repeated: its release fires nothing more.
    var repeated = false
    /// The pointer holds a modifier that was applied to a key another pointer fired.
    var heldUsed = false
    /// The pointer owns the open alternates popup: its moves choose an option.
    var choosingAlternate = false
    /// Where the pointer was when the popup opened, until it moves clearly away: small jitter
    /// there keeps the first option highlighted.
    var popupAnchor: Point?
    /// Where the pointer went down.
    var start: Point = Point(x: 0, y: 0)
    /// The order of presses (a later press has a larger number): the key preview follows the newest.
    var serial = 0
    /// The press is on the grip of a movable keyboard: it stays there, and dragging it moves the window.
    var grip = false
    /// The press began in this corner of a floating keyboard: dragging it resizes the window.
    var corner: Corner?
    /// The press began on a letter with swiping on: the path so far, and whether it is a swipe yet.
    var swipe: SwipeTrack?
    /// A long press on the space bar made it a trackpad: its moves send arrows, its release nothing.
    var trackpad: CaretTrackpad?

    /// Whether the key under the pointer is painted pressed (a swipe highlights no key).
    var showsPressed: Bool { swipe?.active != true }

    /// The same pointer, now on the key at `index` with the timer that key starts: a fresh press
    /// of that key, keeping where and in which order the pointer went down.
    func moved(onto index: Int, at point: Point, timer: PointerTimer?) -> PointerTrack {
        var fresh = PointerTrack(key: index, point: point, timer: timer)
        fresh.start = start
        fresh.serial = serial
        fresh.corner = corner
        fresh.swipe = swipe
        return fresh
    }
}

extension KeyboardState {
    /// A pointer went down: highlight the key under it and click. Outside the window: nothing.
    /// On the grip, in a corner of a floating keyboard or on a letter with swiping on, the press
    /// also remembers what a drag from there would do.
    mutating func press(_ pointer: Int, at point: Point, now: Double) -> [Effect] {
        cancelPointer(pointer)
        dwellInterrupted(at: point)
        lingering = nil
        guard let index = geometry.hit(point), let key = key(at: index) else { return [] }
        pressSerial += 1
        var track = PointerTrack(key: index, point: point, timer: timer(for: key, now: now))
        track.start = point
        track.serial = pressSerial
        track.grip = key.action == .move && windowControl != .none
        // A grip's long press fires its first alternate (the settings panel), with no popup.
        if track.grip, key.alternates.isEmpty { track.timer = nil }
        track.corner = windowControl == .floating ? corner(at: point) : nil
        if track.corner == nil, !track.grip, swipeStarts(on: key) { track.swipe = SwipeTrack(startKey: index, path: [point]) }
        pointers[pointer] = track
        return [.click(KeyboardState.clickKind(of: key.action))]
    }

    /// A pointer moved: choose among the alternates (the option nearest in x, once the pointer is
    /// more than a quarter cell from where the popup opened), or follow it onto another key
    /// (restarting its timers); out of the window the gesture is cancelled. A grip or corner
    /// dragged past the slop hands the pointer to the host (`.dragWindow`); a letter press that
    /// slides onto other keys becomes a swipe.
    mutating func move(_ pointer: Int, to point: Point, now: Double) -> [Effect] {
        guard var track = pointers[pointer], point != track.point else { return [] }
        track.point = point
        if var pad = track.trackpad {
            let arrows = pad.move(to: point)
            track.trackpad = pad
            pointers[pointer] = track
            return arrows.flatMap { perform(Key(label: "", action: .key($0)), heldUsed: false) }
        }
        if track.choosingAlternate {
            if var popup = alternates, let frame = frame(of: popup.keyIndex) {
                if let anchor = track.popupAnchor {
                    let slop = max(4, (popup.frames.first?.width ?? 0) / 4)
                    if abs(point.x - anchor.x) <= slop && abs(point.y - anchor.y) <= slop {
                        pointers[pointer] = track
                        return []
                    }
                    track.popupAnchor = nil
                }
                popup.highlighted = popup.option(at: point, keyFrame: frame)
                alternates = popup
            }
            pointers[pointer] = track
            return []
        }
        if let drag = windowDrag(of: track) {
            guard KeyboardState.distanceSquared(track.start, point) > Self.dragSlop * Self.dragSlop else {
                pointers[pointer] = track
                return []
            }
            pointers[pointer] = nil
            return [.dragWindow(pointer: pointer, kind: drag, from: track.start, to: point)]
        }
        if track.grip {
            pointers[pointer] = track // the grip stays pressed where it is
            return []
        }
        if track.swipe != nil, swipeOn {
            if continueSwipe(&track, to: point) {
                pointers[pointer] = track
                return []
            }
        }
        guard let index = geometry.hit(point), let key = key(at: index) else {
            pointers[pointer] = nil
            return []
        }
        if index != track.key {
            track = track.moved(onto: index, at: point, timer: timer(for: key, now: now))
        }
        pointers[pointer] = track
        return []
    }

    /// A pointer went up: fire the key under it (or the chosen alternate) unless it repeated; a
    /// swipe hands its path over (`.swipe`), a tap on the grip may be the second of a double tap.
    /// A grip or corner released farther than the slop from where it went down (a flick too fast
    /// for any move to arrive) does nothing.
    mutating func release(_ pointer: Int, at point: Point, now: Double) -> [Effect] {
        guard let down = pointers[pointer] else { return [] }
        if down.grip || windowDrag(of: down) != nil {
            pointers[pointer] = nil
            if KeyboardState.distanceSquared(down.start, point) > Self.dragSlop * Self.dragSlop { return [] }
            if down.grip { return gripTapped(now: now) }
            guard !down.repeated, let key = key(at: down.key) else { return [] }
            return perform(key, heldUsed: down.heldUsed)
        }
        if pointers[pointer]?.trackpad != nil {
            let effects = move(pointer, to: point, now: now)
            pointers[pointer] = nil
            return effects // a trackpad's release types no space
        }
        _ = move(pointer, to: point, now: now)
        let shown = preview
        guard let track = pointers.removeValue(forKey: pointer) else { return [] }
        if track.choosingAlternate {
            guard let popup = alternates else { return [] }
            alternates = nil
            guard let chosen = popup.highlighted, popup.options.indices.contains(chosen) else { return [] }
            return perform(popup.options[chosen], heldUsed: false)
        }
        if let swipe = track.swipe, swipe.active { return finishSwipe(swipe) }
        guard !track.repeated, let key = key(at: track.key) else { return [] }
        lingerPreview(shown, ofKey: track.key, now: now)
        return perform(key, heldUsed: track.heldUsed)
    }

    /// Drops a pointer without firing anything (closing its alternates).
    mutating func cancelPointer(_ pointer: Int) {
        guard let track = pointers.removeValue(forKey: pointer) else { return }
        if track.choosingAlternate { alternates = nil }
    }

    /// The timer a key starts when a pointer lands on it: long press for keys with alternates
    /// and for the space bar when it is a trackpad (`config.spaceTrackpad`), else repeat for
    /// repeating keys.
    func timer(for key: Key, now: Double) -> PointerTimer? {
        if !key.alternates.isEmpty || isTrackpad(key) { return .longPressAt(now + timing.longPressDelay) }
        if key.repeats && KeyboardState.mayRepeat(key.action) { return .repeatAt(now + timing.repeatDelay) }
        return nil
    }

    /// Keys that change the keyboard's own state never repeat.
    static func mayRepeat(_ action: Action) -> Bool {
        switch action {
        case .modifier, .capsLock, .layer, .nextLayout, .hide, .move, .click, .settings, .setting: return false
        default: return true
        }
    }

    /// Fires the due timer of one pointer: opens the alternates, or repeats the key.
    mutating func firePointerTimer(_ id: Int, now: Double) -> [Effect] {
        guard var track = pointers[id], let timer = track.timer, timer.time <= now,
              let key = key(at: track.key) else { return [] }
        switch timer {
        case .longPressAt:
            track.timer = nil
            if isTrackpad(key), let frame = frame(of: track.key) {
                track.trackpad = CaretTrackpad(start: track.point, step: KeyboardState.trackpadStep(keyFrame: frame))
                pointers[id] = track
                return []
            }
            if track.grip, let first = key.alternates.first {
                // Held still on the grip (a drag would have handed the pointer over): the panel.
                pointers[id] = nil
                return perform(first, heldUsed: false)
            }
            if alternates == nil, let frame = frame(of: track.key) {
                alternates = AlternatesPopup(keyIndex: track.key, options: key.alternates, keyFrame: frame,
                                             window: geometry.size, spacing: layout.defaults.spacing)
                track.choosingAlternate = true
                track.popupAnchor = track.point
            }
            pointers[id] = track
            return []
        case .repeatAt(let due):
            let next = due + timing.repeatInterval
            track.timer = .repeatAt(next > now ? next : now + timing.repeatInterval)
            track.repeated = true
            pointers[id] = track
            return perform(key, heldUsed: false)
        }
    }

    /// The frame of the key at `index` of the current layer.
    func frame(of index: Int) -> Rect? {
        geometry.keys.indices.contains(index) ? geometry.keys[index].frame : nil
    }
}

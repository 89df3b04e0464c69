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
}

extension KeyboardState {
    /// A pointer went down: highlight the key under it and click. Outside the window: nothing.
    mutating func press(_ pointer: Int, at point: Point, now: Double) -> [Effect] {
        cancelPointer(pointer)
        dwellInterrupted(at: point)
        guard let index = geometry.hit(point), let key = key(at: index) else { return [] }
        pointers[pointer] = PointerTrack(key: index, point: point, timer: timer(for: key, now: now))
        return [.click(KeyboardState.clickKind(of: key.action))]
    }

    /// A pointer moved: choose among the alternates (the option nearest in x, once the pointer is
    /// more than a quarter cell from where the popup opened), or follow it onto another key
    /// (restarting its timers); out of the window the gesture is cancelled.
    mutating func move(_ pointer: Int, to point: Point, now: Double) {
        guard var track = pointers[pointer], point != track.point else { return }
        track.point = point
        if track.choosingAlternate {
            if var popup = alternates, let frame = frame(of: popup.keyIndex) {
                if let anchor = track.popupAnchor {
                    let slop = max(4, (popup.frames.first?.width ?? 0) / 4)
                    if abs(point.x - anchor.x) <= slop && abs(point.y - anchor.y) <= slop {
                        pointers[pointer] = track
                        return
                    }
                    track.popupAnchor = nil
                }
                popup.highlighted = popup.option(at: point, keyFrame: frame)
                alternates = popup
            }
            pointers[pointer] = track
            return
        }
        guard let index = geometry.hit(point), let key = key(at: index) else {
            pointers[pointer] = nil
            return
        }
        if index != track.key {
            track = PointerTrack(key: index, point: point, timer: timer(for: key, now: now))
        }
        pointers[pointer] = track
    }

    /// A pointer went up: fire the key under it (or the chosen alternate) unless it repeated.
    mutating func release(_ pointer: Int, at point: Point, now: Double) -> [Effect] {
        move(pointer, to: point, now: now)
        guard let track = pointers.removeValue(forKey: pointer) else { return [] }
        if track.choosingAlternate {
            guard let popup = alternates else { return [] }
            alternates = nil
            guard let chosen = popup.highlighted, popup.options.indices.contains(chosen) else { return [] }
            return perform(popup.options[chosen], heldUsed: false)
        }
        guard !track.repeated, let key = key(at: track.key) else { return [] }
        return perform(key, heldUsed: track.heldUsed)
    }

    /// Drops a pointer without firing anything (closing its alternates).
    mutating func cancelPointer(_ pointer: Int) {
        guard let track = pointers.removeValue(forKey: pointer) else { return }
        if track.choosingAlternate { alternates = nil }
    }

    /// The timer a key starts when a pointer lands on it: long press for keys with alternates,
    /// else repeat for repeating keys.
    func timer(for key: Key, now: Double) -> PointerTimer? {
        if !key.alternates.isEmpty { return .longPressAt(now + timing.longPressDelay) }
        if key.repeats && KeyboardState.mayRepeat(key.action) { return .repeatAt(now + timing.repeatDelay) }
        return nil
    }

    /// Keys that change the keyboard's own state never repeat.
    static func mayRepeat(_ action: Action) -> Bool {
        switch action {
        case .modifier, .capsLock, .layer, .nextLayout, .hide: return false
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

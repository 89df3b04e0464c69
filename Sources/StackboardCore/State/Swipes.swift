/// How a swiped word is written: as the word list has it, with a capital first letter (shift
/// latched or held), or in capitals (caps lock or shift locked).
public enum SwipeCase: String, Hashable, Sendable {
    /// As the word list writes it (`the`, `I`, `London`).
    case asListed
    /// The first letter in upper case.
    case capitalized
    /// Every letter in upper case.
    case upper

    /// `word` written this way.
    public func apply(to word: String) -> String {
        switch self {
        case .asListed: return word
        case .capitalized: return word.prefix(1).uppercased() + word.dropFirst()
        case .upper: return word.uppercased()
        }
    }
}

/// A finished swipe: the path the finger took over the keys (window pixels, in order) and how
/// the word must be written. The host decodes it into words (`SwipeDecoder`).
public struct SwipeGesture: Hashable, Sendable {
    /// The points of the path, at least two, at most `SwipeTrack.maxPoints`.
    public var path: [Point]
    /// The shift state when the finger lifted.
    public var casing: SwipeCase

    /// A gesture with every property given.
    public init(path: [Point], casing: SwipeCase = .asListed) {
        self.path = path
        self.casing = casing
    }
}

/// The path of a press that began on a letter while swiping is on.
struct SwipeTrack: Sendable, Equatable {
    /// The key the press began on.
    var startKey: Int
    /// The points so far (window pixels; points closer than `minStep` to the last are dropped).
    var path: [Point]
    /// The press left its key for good: it is a swipe (no key is highlighted or fired).
    var active = false

    /// Points closer than this (pixels) to the last one are not recorded.
    static let minStep = 3
    /// The most points a path keeps (later points replace the last one).
    static let maxPoints = 2000
}

extension KeyboardState {
    /// Whether swiping works now: on in the configuration, a word list ready, not secure entry,
    /// and the layer shows a suggestion bar (where the other candidates go).
    public var swipeOn: Bool {
        config.swipe && swipeReady && !secureEntry && layout.suggestionBar?.shows(layer: layerName) == true
    }

    /// The paths of the swipes in progress, by pointer id (for the fading trail).
    public var swipeTrails: [(pointer: Int, path: [Point])] {
        pointers.filter { $0.value.swipe?.active == true }.sorted { $0.key < $1.key }
            .map { (pointer: $0.key, path: $0.value.swipe?.path ?? []) }
    }

    /// The host has (true) or has not (false) a word list to decode swipes with. Without one a
    /// slide across letters keeps the press following the finger.
    public mutating func setSwipeReady(_ ready: Bool) -> [Effect] {
        mutate(now: nil) { state in
            state.swipeReady = ready
            if !ready { state.dropSwipes() }
            return []
        }
    }

    /// Whether a press on `key` may become a swipe: a single letter, with swiping on and no
    /// shortcut modifier (ctrl, alt, super) active.
    func swipeStarts(on key: Key) -> Bool {
        guard swipeOn, case .text(let text) = key.action, text.count == 1, text.first?.isLetter == true else { return false }
        return activeModifiers.isDisjoint(with: [.ctrl, .alt, .super])
    }

    /// Records a move of a press that began on a letter. It becomes a swipe once it is on
    /// another key and farther than three quarters of its first key's smaller side from where it
    /// went down. Returns true when the move belongs to a swipe (then no key follows the finger;
    /// points outside the window are pulled onto its edge).
    func continueSwipe(_ track: inout PointerTrack, to point: Point) -> Bool {
        guard var swipe = track.swipe else { return false }
        let size = geometry.size
        let inside = Point(x: min(max(0, point.x), max(0, size.width - 1)), y: min(max(0, point.y), max(0, size.height - 1)))
        if let last = swipe.path.last, KeyboardState.distanceSquared(last, inside) >= SwipeTrack.minStep * SwipeTrack.minStep {
            if swipe.path.count < SwipeTrack.maxPoints { swipe.path.append(inside) } else { swipe.path[swipe.path.count - 1] = inside }
        }
        if !swipe.active, let first = frame(of: swipe.startKey), Rect(size: size).contains(point), geometry.hit(point) != swipe.startKey {
            let reach = Double(min(first.width, first.height)) * 0.75
            if Double(KeyboardState.distanceSquared(track.start, point)) >= reach * reach {
                swipe.active = true
                track.timer = nil
                if let last = swipe.path.last, last != inside { swipe.path.append(inside) }
            }
        }
        track.swipe = swipe
        return swipe.active
    }

    /// The finger of a swipe lifted: the path goes to the host with the casing shift asks for,
    /// and latched modifiers are used up as by a typed key.
    mutating func finishSwipe(_ swipe: SwipeTrack) -> [Effect] {
        let casing: SwipeCase
        if capsLock || locked.contains(.shift) {
            casing = .upper
        } else if activeModifiers.contains(.shift) || autoShift.latched {
            casing = .capitalized
        } else {
            casing = .asListed
        }
        consumeModifiers()
        guard swipe.path.count >= 2 else { return [] }
        return [.swipe(SwipeGesture(path: swipe.path, casing: casing))]
    }

    /// Cancels every swipe in progress, and stops presses on letters from becoming swipes.
    mutating func dropSwipes() {
        for (id, track) in pointers where track.swipe != nil {
            if track.swipe?.active == true { pointers[id] = nil } else { pointers[id]?.swipe = nil }
        }
    }
}

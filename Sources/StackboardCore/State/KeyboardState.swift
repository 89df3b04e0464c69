
/// The keyboard's behaviour as a pure value: pointer events and time go in, effects come out.
///
/// Nothing here reads a clock: every event carries `now` (seconds, any monotonic origin), and
/// `nextDeadline` says when `advance(to:)` must be called next (nil: never, until the next
/// event). `handle` first fires whatever timers are due at `now`, so a late shell loses nothing.
/// The same events at the same times always give the same effects.
///
/// Rules in brief (each is tested in `Tests/StackboardCoreTests/State*.swift`):
/// - A press highlights the key under it and clicks; the key fires on release. Moving onto
///   another key moves the highlight (the release fires that one); moving out of the window
///   cancels the gesture for good; `.cancel` fires nothing.
/// - Modifiers latch on a tap, lock on a second, release on a third. Latched ones apply to the
///   next key that types or sends something, then clear. A modifier held down by one pointer
///   applies to keys fired by other pointers; if it was used that way its release changes nothing.
/// - Caps lock shifts letters (keys whose text is a cased letter and whose shifted text, if
///   any, is an upper-case letter) until tapped again. Shift together with caps lock still
///   shifts: caps lock never inverts shift.
/// - Holding a repeating key fires it after `repeatDelay`, then every `repeatInterval` (no click
///   for repeats); its release then fires nothing. Modifier, caps lock, layer, next-layout and
///   hide keys never repeat. Holding a key with alternates opens them instead (long press wins).
/// - Dwell (`config.timing.dwell`): `.hover` resting on a key fires it like a tap; it must leave the
///   key (or move well away on it) before it fires again. Progress shows in 20 steps.
/// - Scanning is driven from outside (`StackboardScan`): the state paints what it is told is
///   highlighted (`setScanMarks`; a new layer clears it) and `.pick` fires a key as a tap would,
///   click included; `.pickOption` chooses an option of the open alternates.
/// - Key preview (`config.keyPreview`, never in secure entry): the newest press on a character
///   key shows its label enlarged above it (`preview`), until slid off or swiped, or for
///   `KeyPreview.linger` after the release that types it (the next press ends that).
/// - The grip (`move` keys) and the corners (`setWindowControl`): floating, dragging the grip
///   or a corner zone more than `dragSlop` hands the pointer to the host (`.dragWindow`, move or
///   resize); a corner press released sooner is an ordinary tap. Floating or docked, two taps on
///   the grip within `doubleTapInterval` dock or undock (`.toggleDock`). Otherwise it is inert. A
///   grip with alternates (the ⚙ of the settings panel) fires the first when held still for
///   `longPressDelay`, without a popup.
/// - Swiping (`swipeOn`: configured, a word list ready, not secure, a layer with a suggestion
///   bar): a press on a letter that slides onto another key, farther than three quarters of its
///   key, becomes a swipe: no key is highlighted or fired, its path is a trail, and its release
///   hands the path over (`.swipe`). A slide that stays on its key, or begins elsewhere, is an
///   ordinary press. Each pointer swipes on its own.
/// - Trackpad (`config.spaceTrackpad`): a long press on a space bar without alternates makes it a
///   trackpad: the pointer's slides send arrow keys (`CaretTrackpad`; in entry mode they move the
///   field's cursor), and its release types no space. Such a space bar does not repeat.
/// - Shortcut keys send their chord with the active modifiers added; in a terminal
///   (`setTerminalField`) copy and paste go as ctrl+shift+c and ctrl+shift+v.
public struct KeyboardState: Sendable {
    /// The layout shown.
    public internal(set) var layout: Layout
    /// The name of the layer shown.
    public internal(set) var layerName: String
    /// The keys of the current layer at the current size.
    public internal(set) var geometry: KeyboardGeometry
    /// The open long-press popup, if any.
    public internal(set) var alternates: AlternatesPopup?
    /// Whether caps lock is on.
    public internal(set) var capsLock: Bool = false
    /// Typing mode: the Morse code entered since the last gap (dots `.` and dashes `-`).
    public internal(set) var pendingMorse: String = ""
    /// The configuration the state was made with (or given since, `setConfig`).
    public internal(set) var config: KeyboardConfig

    /// The configuration's timing, made safe to schedule with.
    var timing: KeyTiming
    var pointers: [Int: PointerTrack] = [:]
    var latched: Set<Modifier> = []
    var locked: Set<Modifier> = []
    /// The shift latched by the keyboard itself at a sentence start (AutoShift.swift).
    var autoShift = AutoShift()
    var dwell: DwellTracker?
    /// What switch scanning highlights (`setScanMarks`).
    public internal(set) var scanMarks = ScanMarks.none
    /// Bumped whenever every key must be repainted (layer, layout or size changed).
    var generation = 0
    /// Counts presses, to tell the newest.
    var pressSerial = 0
    /// What the grip and the corners may do to the window.
    public internal(set) var windowControl: WindowControl = .none
    /// Dwell clicking's next click type, shown locked on the click panel's key (nil: off).
    public internal(set) var clickType: ClickType?
    /// When the grip was last tapped (the first of a possible double tap).
    var lastGripTap: Double?
    /// Secure entry: no preview, no swiping.
    public internal(set) var secureEntry = false
    /// The preview kept up after its key typed (see `preview`).
    var lingering: LingeringPreview?
    /// Whether the host can decode swipes (it has a word list).
    public internal(set) var swipeReady = false
    /// Whether the focused field is a terminal (`setTerminalField`).
    public internal(set) var terminalField = false

    /// A keyboard showing the first layer of `layout` at `size`.
    public init(layout: Layout, size: Size, config: KeyboardConfig) {
        self.layout = layout
        self.config = config
        self.timing = config.timing.safe
        let layer = layout.layers.first ?? KeyboardState.emptyLayer
        self.layerName = layer.name
        self.geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
    }

    static let emptyLayer = Layer(name: "", root: Stack(axis: .vertical, items: []))

    // MARK: Modifiers

    /// Whether labels show shifted: shift latched, locked or held, caps lock on, or the
    /// keyboard's own shift latched (letters only, as caps lock).
    public var shifted: Bool { activeModifiers.contains(.shift) || capsLock || autoShift.latched }

    /// The modifiers that apply to the next key: latched, locked and held ones. In entry mode only
    /// shift can be active.
    public var activeModifiers: Set<Modifier> {
        var active = latched.union(locked)
        for track in pointers.values where !track.choosingAlternate && track.showsPressed {
            if case .modifier(let m) = key(at: track.key)?.action, acceptsModifier(m) { active.insert(m) }
        }
        return active
    }

    /// The state of modifier `m`: locked, else latched (by the user, or shift by the keyboard at
    /// a sentence start), else held, else off.
    public func modifierState(_ m: Modifier) -> ModifierLatch {
        if locked.contains(m) { return .locked }
        if latched.contains(m) || (m == .shift && autoShift.latched) { return .latched }
        if activeModifiers.contains(m) { return .held }
        return .off
    }

    /// Whether modifier `m` does anything in this mode (entry mode: shift only).
    func acceptsModifier(_ m: Modifier) -> Bool { config.mode == .typing || m == .shift }

    // MARK: Painting

    /// How the key at `index` of the current layer is painted now.
    public func visual(ofKey index: Int) -> KeyVisual {
        visual(ofKey: index, pressed: pressedKeys)
    }

    /// The keys painted pressed: those under a pointer that is not swiping.
    var pressedKeys: Set<Int> { Set(pointers.values.filter(\.showsPressed).map(\.key)) }

    func visual(ofKey index: Int, pressed: Set<Int>) -> KeyVisual {
        guard let key = key(at: index) else { return KeyVisual() }
        var v = KeyVisual(pressed: pressed.contains(index), shifted: typesShifted(key))
        switch key.action {
        case .modifier(let m):
            let state = modifierState(m)
            v.latched = state == .latched
            v.locked = state == .locked
        case .capsLock:
            v.locked = capsLock
        case .click(let type):
            v.locked = type == clickType
        default:
            break
        }
        v.dwellProgress = dwellProgress(ofKey: index)
        v.scanHighlighted = scanMarks.keys.contains(index)
        v.scanBack = v.scanHighlighted && scanMarks.back
        if isTrackpadKey(index) { v.label = KeyboardState.trackpadLabel }
        return v
    }

    /// Whether the key at `index` types its shifted text: shift is active, or caps lock is on and
    /// its text is a cased letter.
    public func typesShifted(keyAt index: Int) -> Bool {
        key(at: index).map(typesShifted) ?? false
    }

    /// The label the key at `index` shows now (shifted by the same rule as what it types).
    public func displayLabel(ofKey index: Int) -> String {
        guard let key = key(at: index) else { return "" }
        return key.displayLabel(shifted: typesShifted(key))
    }

    func typesShifted(_ key: Key) -> Bool {
        if activeModifiers.contains(.shift) { return true }
        guard capsLock || autoShift.latched, case .text(let text) = key.action else { return false }
        // ß whose shift is ? (xkb:de) or è whose shift is ü (xkb:ch(fr)) stay as they are.
        return KeyboardState.isCasedLetter(text) && key.shiftedLabel.map(KeyboardState.isUppercaseLetter) ?? true
    }

    static func isUppercaseLetter(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isLetter && $0.isUppercase }
    }

    static func isCasedLetter(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy(\.isLetter) && text.lowercased() != text.uppercased()
    }

    func key(at index: Int) -> Key? {
        geometry.keys.indices.contains(index) ? geometry.keys[index].key : nil
    }

    // MARK: Events and time

    /// Fires the timers due at `now`, then handles `event`. Returns what the shell must do.
    public mutating func handle(_ event: InputEvent, now: Double) -> [Effect] {
        mutate(now: now) { state in state.step(event, now: now) }
    }

    /// The due timers, then `event`: the effects without repaints.
    mutating func step(_ event: InputEvent, now: Double) -> [Effect] {
        var effects = fireDueTimers(now: now)
        switch event {
        case .press(let pointer, let point): effects += press(pointer, at: point, now: now)
        case .move(let pointer, let point): effects += move(pointer, to: point, now: now)
        case .release(let pointer, let point): effects += release(pointer, at: point, now: now)
        case .cancel(let pointer): cancelPointer(pointer)
        case .hover(let pointer, let point): hover(pointer, at: point, now: now)
        case .leave: dwell = nil
        case .pick(let index): effects += pick(keyAt: index)
        case .pickOption(let option): effects += pick(option: option)
        }
        return effects
    }

    /// Fires every timer due at `now` (repeat, long press, dwell).
    public mutating func advance(to now: Double) -> [Effect] {
        mutate(now: now) { $0.fireDueTimers(now: now) }
    }

    /// When `advance(to:)` must be called next; nil when nothing is pending (idle means idle).
    /// A time in the past means as soon as possible.
    public var nextDeadline: Double? {
        var times = pointers.values.compactMap { $0.timer?.time }
        if let d = dwellDeadline { times.append(d) }
        if let l = lingering { times.append(l.until) }
        return times.min()
    }

    mutating func fireDueTimers(now: Double) -> [Effect] {
        var effects: [Effect] = []
        let due = pointers.compactMap { id, track in track.timer.map { (time: $0.time, id: id) } }
            .filter { $0.time <= now }
            .sorted { ($0.time, $0.id) < ($1.time, $1.id) }
        for timer in due { effects += firePointerTimer(timer.id, now: now) }
        effects += advanceDwell(now: now)
        expireLingeringPreview(now: now)
        return effects
    }

    // MARK: Shell commands

    /// Lays the current layer out again for a new window size.
    public mutating func resize(to size: Size) -> [Effect] {
        guard size != geometry.size else { return [] }
        return mutate(now: nil) { state in
            state.geometry = KeyboardGeometry(layout: state.layout, layer: state.currentLayer, size: size)
            state.generation += 1
            state.lingering = nil
            if let popup = state.alternates, let frame = state.geometry.keys.first(where: { $0.index == popup.keyIndex })?.frame {
                var moved = AlternatesPopup(keyIndex: popup.keyIndex, options: popup.options, keyFrame: frame,
                                            window: size, spacing: state.layout.defaults.spacing)
                moved.highlighted = popup.highlighted
                state.alternates = moved
            }
            return []
        }
    }

    /// Shows the first layer of a new layout; every pointer is cancelled, pending Morse dropped.
    /// Modifiers and caps lock stay as they are.
    public mutating func setLayout(_ layout: Layout) -> [Effect] {
        mutate(now: nil) { state in
            state.layout = layout
            state.pendingMorse = ""
            state.show(layout.layers.first ?? KeyboardState.emptyLayer)
            return []
        }
    }

    /// Shows `layout` at its layer `name` (its first when it has none of that name): a layout made
    /// again with new layers (the settings panel showing new values) stays on the same page.
    public mutating func setLayout(_ layout: Layout, showing name: String) -> [Effect] {
        mutate(now: nil) { state in
            state.layout = layout
            state.pendingMorse = ""
            state.show(layout.layer(named: name) ?? layout.layers.first ?? KeyboardState.emptyLayer)
            return []
        }
    }

    /// Takes `config` (its mode stays the state's): key preview, swiping, repeat, long press,
    /// dwell and scanning as the settings panel changed them. Every pointer is let go of and the
    /// preview ends; a resting pointer must move on before it dwells again.
    public mutating func setConfig(_ config: KeyboardConfig) -> [Effect] {
        mutate(now: nil) { state in
            var config = config
            config.mode = state.config.mode
            state.config = config
            state.timing = config.timing.safe
            state.pointers = [:]
            state.alternates = nil
            state.lingering = nil
            // A pointer resting where a dwell just fired a control stays disarmed there.
            if state.timing.dwell == nil { state.dwell = nil } else { state.dwellLayerChanged() }
            state.generation += 1
            return []
        }
    }

    /// Shows the named layer; every pointer is cancelled. Unknown names (or the current layer)
    /// change nothing.
    public mutating func switchLayer(to name: String) -> [Effect] {
        mutate(now: nil) { $0.changeLayer(to: name); return [] }
    }

    /// For hiding or exiting: cancels every pointer, drops latched and locked modifiers, caps lock
    /// and pending Morse, closes the alternates, stops dwell and clears the scan highlight.
    public mutating func releaseAll() -> [Effect] {
        mutate(now: nil) { state in
            state.pointers = [:]
            state.alternates = nil
            state.lingering = nil
            state.latched = []
            state.locked = []
            state.autoShift = AutoShift()
            state.capsLock = false
            state.pendingMorse = ""
            state.dwell = nil
            state.scanMarks = .none
            return []
        }
    }

    var currentLayer: Layer { layout.layer(named: layerName) ?? layout.layers.first ?? KeyboardState.emptyLayer }

    mutating func changeLayer(to name: String) {
        guard name != layerName, let layer = layout.layer(named: name) else { return }
        show(layer)
    }

    private mutating func show(_ layer: Layer) {
        pointers = [:]
        alternates = nil
        lingering = nil
        layerName = layer.name
        geometry = KeyboardGeometry(layout: layout, layer: layer, size: geometry.size)
        generation += 1
        scanMarks = .none
        dwellLayerChanged()
    }
}

extension KeyboardState {
    /// What the keys of the layer on screen type, each text once: first as they type now (shift
    /// and caps lock as they are), then as they type in the other shift state. An injector that
    /// must borrow keycodes for one of them borrows for the others in the same keymap change, so
    /// that the next taps on the layer type without changing the keymap (and, for an application
    /// that cannot say it has handled its keys, without waiting).
    public var typeableTexts: [String] {
        let keys = currentLayer.root.keys
        var seen = Set<String>()
        var texts: [String] = []
        for shiftedFirst in [true, false] {
            for key in keys {
                let shifted = shiftedFirst ? typesShifted(key) : !typesShifted(key)
                if let text = key.text(shifted: shifted), !text.isEmpty, seen.insert(text).inserted { texts.append(text) }
            }
        }
        return texts
    }
}

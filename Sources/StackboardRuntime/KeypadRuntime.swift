import StackboardCore
import StackboardRender

/// What a keypad's keys ask of a host that types into other applications (the keyboard).
public enum TypingRequest: Equatable, Sendable {
    /// Type this text with these modifiers held.
    case type(String, modifiers: Set<Modifier>)
    /// Send this named key with these modifiers held.
    case key(NamedKey, modifiers: Set<Modifier>)
    /// Hide the keyboard.
    case hide
    /// Choose what the next dwell click outside the keyboard does (the click panel).
    case chooseClick(ClickType)
    /// Show the next layout of the cycle.
    case nextLayout
    /// Show the layout of that name.
    case showLayout(String)
    /// A key opens a layer the layout shown does not have yet (the emoji panel, made on first use).
    case openLayer(String)
    /// Pointer `pointer`, which went down at `from` and is now at `to` (surface pixels), drags
    /// the window (`kind`): its later events are the host's.
    case dragWindow(pointer: Int, kind: WindowDragKind, from: Point, to: Point)
    /// Dock the floating keyboard, or undock the docked one (a double tap on the grip).
    case toggleDock
    /// Open the settings panel (⚙), if the host offers it.
    case openSettings
    /// A control of the settings panel: write the change and apply it.
    case settings(SettingsCommand)
}

/// The host of a typing keypad: carries out what its keys ask for.
public protocol TypingHost: AnyObject {
    /// Does `request` (called in the order the keys fired, before clicks and repaints).
    func keypad(_ keypad: KeypadRuntime, perform request: TypingRequest)
    /// What the release of the pointer that is down will type (`ahead.point` in surface
    /// pixels), or nil when that is no longer known: a host that sends the key the moment the
    /// release arrives, before the release reaches the keypad, returns true, and then does not
    /// send the same text again when the keypad asks for it right after (the default: false).
    func keypad(_ keypad: KeypadRuntime, releaseAhead ahead: ReleaseAhead?) -> Bool
}

extension TypingHost {
    public func keypad(_ keypad: KeypadRuntime, releaseAhead ahead: ReleaseAhead?) -> Bool { false }
}

/// How a field was changed: by a key (or a host's own call) with a buffer command, by done,
/// cancel, or a tap that moved the cursor.
public enum FieldChange: Equatable, Sendable {
    /// A buffer command (insert, delete, move, multiply, Morse).
    case edit(BufferCommand)
    /// The user accepted the field.
    case done
    /// The user cancelled.
    case cancel
    /// The cursor was put somewhere by a tap on the field.
    case cursor
}

/// The host of an entry keypad: told about every change of the field the keypad edits.
public protocol FieldHost: AnyObject {
    /// Whether `text` may be inserted into the field, which holds `current` (after the field's
    /// own rules agreed). Refusing makes a `.reject` event.
    func keypad(_ keypad: KeypadRuntime, shouldInsert text: String, into current: String) -> Bool
    /// The field changed: `events` (in order) came of `change`. Read `keypad.field` for the text.
    func keypad(_ keypad: KeypadRuntime, field events: [EntryEvent], by change: FieldChange)
}

/// What a keypad's keys act on.
public enum KeypadRole {
    /// Keys type into the focused application: `typingHost` carries out typing, hiding and
    /// layouts.
    case typing
    /// Keys edit a field of the keypad's own (starting as `editor`); `fieldHost` hears about
    /// every change. An entry keypad has one layout and stays up: hide and next-layout keys do
    /// nothing.
    case entry(FieldEditor)
}

/// One keypad at work: the state machine, its painter and surface, the dirty keys, the
/// alternates popup, the clicks, the timers, and (entry role) the field it edits. The keyboard,
/// `stackboard entry` and StackboardKit's `Keypad` each own one and handle only what is theirs.
///
/// Every effect of the state machine is carried out here (`perform`): the host's requests
/// first, in order (the key is sent before anything else is done), then clicks, then the
/// repaint marks. `repaint(now:)` draws what changed, once per turn of the host's loop.
public final class KeypadRuntime {
    /// The state machine. Any change of it withdraws the release offered ahead.
    public internal(set) var state: KeyboardState {
        didSet { if offersReleaseAhead { withdrawReleaseAhead() } }
    }
    /// Whether the typing host holds a `ReleaseAhead` of the state as it is.
    var offersReleaseAhead = false
    /// Paints the keys and the popup (another theme or scale: `setPainter`).
    public private(set) var painter: KeyboardPainter
    /// Where the keys are painted.
    public let surface: KeypadSurface
    /// The keypad's rectangle on the surface (the entry window's field sits above it).
    public private(set) var frame: Rect
    /// The field being edited (entry role; nil when typing).
    public internal(set) var field: FieldEditor?
    /// Plays a click of a kind (nil: silent, as StackboardKit's keypad is).
    public var click: ((ClickKind) -> Void)?
    /// Paints the host's own part of the surface after the keys (the entry field).
    public weak var overlay: KeypadOverlay?
    /// Told once the alternates popup could not be shown (one line for stderr).
    public var onProblem: ((String) -> Void)?
    /// The word engine behind the suggestion bar (nil: no suggestions; the bar stays empty).
    public var words: KeypadWords? {
        didSet {
            swipeChoices = nil
            wordsChanged()
            words?.showing(slots: state.layout.suggestionSlots(inLayer: state.layerName))
            slotsLayer = state.layerName
            refreshSuggestions()
        }
    }
    /// The layer the candidate grid was opened from, while it is shown (`Layout.candidateGridLayer`).
    var gridOpenedFrom: String?
    /// The layer whose slots the word engine was last told of.
    var slotsLayer: String?
    /// A layer to show once the effects being carried out are done (the candidate grid, or back).
    var layerAfterEffects: String?
    /// What the bar's slots show, best first.
    public internal(set) var suggestionLabels: [String] = []
    /// A short notice the bar shows in place of its words until `until` (`showNotice`).
    public internal(set) var barNotice: (text: String, until: Double)?

    /// Carries out what the keys of a typing keypad ask for (held weakly: the host owns the keypad).
    public weak var typingHost: TypingHost?
    /// Hears about every change of an entry keypad's field (held weakly).
    public weak var fieldHost: FieldHost?
    var canvas = SurfaceCanvas()
    var dirtyKeys: Set<Int> = []
    var dirtyAll = true
    var overlayDirty = true
    var popupDirty = false
    var previewDirty = false
    var trailDirty = false
    /// Where the swipe trails were painted (repainted without them next time).
    var paintedTrails: [Rect] = []
    /// Where each pointer that is down went down (the keypad's pixels).
    var pressedAt: [Int: Point] = [:]
    /// Where the tap that the input being handled ends went down, for the word engine.
    var tapAt: Point?
    /// The swipe's word and its other candidates, until anything else is typed.
    public internal(set) var swipeChoices: SwipeChoices?

    /// A keypad of `layout` in `frame` of `surface`, painted by `painter`, acting as `role` with
    /// the state machine configured by `config` (its mode follows the role).
    public init(layout: Layout, surface: KeypadSurface, frame: Rect? = nil, painter: KeyboardPainter,
                config: KeyboardConfig, role: KeypadRole) {
        let frame = frame ?? Rect(size: surface.size)
        var config = config
        switch role {
        case .typing:
            config.mode = .typing
        case .entry(let editor):
            config.mode = .entry
            field = editor
        }
        self.surface = surface
        self.frame = frame
        self.painter = painter
        state = KeyboardState(layout: layout, size: Size(width: frame.width, height: frame.height), config: config)
    }

    /// When `advance(to:)` must be called next: a held key repeats, a long press opens, dwell
    /// steps, the field's flash ends. Nil when idle.
    public var nextDeadline: Double? {
        [state.nextDeadline, field?.nextDeadline, barNotice?.until].compactMap { $0 }.min()
    }

    /// A pointer event in surface pixels (moved into the keypad's own).
    public func handle(_ input: InputEvent, now: Double) {
        // The key goes out first; what to repaint is worked out after.
        let local = input.offset(by: Point(x: -frame.x, y: -frame.y))
        switch local {
        case .press(let pointer, let at): pressedAt[pointer] = at; tapAt = at
        case .release(let pointer, _): tapAt = pressedAt.removeValue(forKey: pointer)
        case .cancel(let pointer): pressedAt[pointer] = nil
        default: break
        }
        defer { tapAt = nil }
        let (effects, pending) = state.handleDeferringRedraws(local, now: now)
        perform(effects, now: now)
        perform(state.redraws(since: pending), now: now)
        offerReleaseAhead(now: now)
    }

    /// Does what is due at `now`.
    public func advance(to now: Double) {
        // Only when something is due: advancing changes the state, which withdraws the release
        // offered ahead.
        if let due = state.nextDeadline, due <= now {
            perform(state.advance(to: now), now: now)
            offerReleaseAhead(now: now)
        }
        if field != nil, field?.advance(to: now) == true { overlayDirty = true }
        if let notice = barNotice, notice.until <= now { clearNotice() }
    }

    /// Puts the keypad at `frame` of the surface (after the surface was resized): the keys are
    /// laid out again and everything is repainted.
    public func setFrame(_ frame: Rect, now: Double) {
        self.frame = frame
        perform(state.resize(to: Size(width: frame.width, height: frame.height)), now: now)
        markAllDirty()
    }

    /// Shows `layout` (its first layer) at the keypad's size; the popup closes.
    public func setLayout(_ layout: Layout, now: Double) {
        perform(state.setLayout(layout), now: now)
        swipeChoices = nil
        closePopup()
        closePreview()
        markAllDirty()
    }

    /// Shows `layout` at its layer `name` (the first when it has none of that name): the
    /// settings panel made again with the values it changed, on the page it was on.
    public func setLayout(_ layout: Layout, showing name: String, now: Double) {
        perform(state.setLayout(layout, showing: name), now: now)
        swipeChoices = nil
        closePopup()
        closePreview()
        markAllDirty()
    }

    /// Paints with `painter` from now on (the settings panel changed the theme or the size):
    /// everything is painted again.
    public func setPainter(_ painter: KeyboardPainter) {
        self.painter = painter
        closePopup()
        closePreview()
        markAllDirty()
    }

    /// Takes `config` (key preview, swiping, timing, dwell, scanning) as the settings panel
    /// changed it; the mode stays the keypad's.
    public func setConfig(_ config: KeyboardConfig, now: Double) {
        perform(state.setConfig(config), now: now)
        closePopup()
        closePreview()
        markAllDirty()
    }

    /// Shows the layer called `name` of the layout shown (unknown names change nothing).
    public func showLayer(_ name: String, now: Double) {
        perform(state.switchLayer(to: name), now: now)
    }

    /// Lets go of everything: pointers, latched and locked modifiers, caps lock, the popup, the
    /// scan highlight.
    public func releaseAll(now: Double) {
        perform(state.releaseAll(), now: now)
        closePopup()
        closePreview()
    }

    /// Repaints every key, the overlay and the popup on the next `repaint`.
    public func markAllDirty() {
        dirtyAll = true
        popupDirty = state.alternates != nil
        previewDirty = state.preview != nil
    }

    /// Repaints the overlay on the next `repaint`.
    public func markOverlayDirty() {
        overlayDirty = true
    }

    /// Hides the alternates popup window (the state's popup, if any, is not changed).
    func closePopup() {
        popupDirty = false
        (surface as? PopupSurface)?.hidePopup()
    }

    /// Hides the key preview window.
    func closePreview() {
        previewDirty = false
        (surface as? PreviewSurface)?.hidePreview()
    }

    /// Secure entry on or off (a password field): no key preview, no swiping.
    public func setSecureEntry(_ secure: Bool, now: Double) {
        perform(state.setSecureEntry(secure), now: now)
    }

    /// The focused field is or is not a terminal (`KeyboardState.setTerminalField`: copy and
    /// paste keys send ctrl+shift+c and ctrl+shift+v there).
    public func setTerminalField(_ terminal: Bool, now: Double) {
        guard state.terminalField != terminal else { return }
        perform(state.setTerminalField(terminal), now: now)
    }

    /// The keyboard's own shift at a sentence start, wanted or not (`KeyboardState.setAutoShift`).
    /// The state is left alone when nothing would change: a change withdraws the key offered
    /// ahead of a release.
    public func setAutoShift(_ wanted: Bool, now: Double) {
        guard state.autoShiftChanges(wanted) else { return }
        perform(state.setAutoShift(wanted), now: now)
        offerReleaseAhead(now: now)
    }

    /// What the grip and the corners may do to the window (the host knows where it lives).
    public func setWindowControl(_ control: WindowControl, now: Double) {
        perform(state.setWindowControl(control), now: now)
    }

    /// Shows what switch scanning highlights (the keys, or an option of the open alternates).
    public func setScanMarks(_ marks: ScanMarks, now: Double) {
        guard state.scanMarks != marks else { return }
        perform(state.setScanMarks(marks), now: now)
    }

    /// Shows dwell clicking's next click type on the click panel's keys (nil: off).
    public func setClickType(_ type: ClickType?, now: Double) {
        perform(state.setClickType(type), now: now)
    }

    /// The current layer's geometry in surface pixels.
    public var placedGeometry: KeyboardGeometry {
        frame.x == 0 && frame.y == 0 ? state.geometry : EntryLayout.offset(state.geometry, by: Point(x: frame.x, y: frame.y))
    }
}

extension InputEvent {
    /// The same event with its point moved by `delta`.
    func offset(by delta: Point) -> InputEvent {
        guard delta.x != 0 || delta.y != 0 else { return self }
        func moved(_ p: Point) -> Point { Point(x: p.x + delta.x, y: p.y + delta.y) }
        switch self {
        case .press(let id, let p): return .press(pointer: id, at: moved(p))
        case .move(let id, let p): return .move(pointer: id, to: moved(p))
        case .release(let id, let p): return .release(pointer: id, at: moved(p))
        case .hover(let id, let p): return .hover(pointer: id, at: moved(p))
        case .cancel, .leave, .pick, .pickOption: return self
        }
    }
}

extension KeypadRuntime {
    /// Lets go of the drawing context (before the surface's window goes).
    public func dropCanvas() {
        canvas.reset()
    }
}

extension KeypadRuntime {
    /// `base` (the program's and the screen's ingredients) with what the next full `repaint`
    /// would paint: the painter's theme, scale and libraries, the keypad's frame on the surface,
    /// and every key as the painter will be given it. Nil for a keypad with an overlay (the
    /// entry field is not cached).
    public func firstFrameKey(base: FirstFrameKey) -> FirstFrameKey? {
        guard overlay == nil else { return nil }
        var key = base
        painter.addFingerprint(to: &key)
        key.add("surface") { [size = surface.size, frame] in
            $0.combine(size.width)
            $0.combine(size.height)
            $0.combine(frame)
        }
        key.add("shifted", 0) // repaint paints with `shifted: false`; each key's visual says the rest
        key.addPaintList(geometry: placedGeometry, visual: { [unowned self] in paintedVisual(ofKey: $0) },
                         pendingMorse: pendingMorse)
        return key
    }

    /// The surface already shows exactly what a full repaint would paint now (a cached first
    /// frame of the same key was put there): nothing is painted until something changes.
    public func adoptShownFrame() {
        dirtyAll = false
        dirtyKeys = []
        overlayDirty = false
    }

    /// Paints the whole keypad as a full `repaint` would, but without its text (labels, hints,
    /// the bar's words), and shows it: that needs no Pango and no fontconfig, so a first start
    /// can map its window before its fonts are up. Everything stays to be painted: the next
    /// `repaint` paints it all again, with the text.
    public func paintWithoutText() {
        guard surface.isUsable, let ctx = canvas.context(for: surface, report: onProblem) else { return }
        painter.paintAll(ctx, geometry: placedGeometry, shifted: false, states: { [unowned self] in paintedVisual(ofKey: $0) },
                         pendingMorse: pendingMorse, labels: false)
        surface.presentAll()
        dirtyAll = true
    }

    /// `completed` in place of the layout shown: without a repaint when it is the same layout
    /// with layers added (the emoji panel, loaded after the first frame), else as `setLayout`.
    public func takeCompleted(_ completed: Layout, now: Double) {
        if !state.takeLayers(of: completed) { setLayout(completed, now: now) }
    }

    /// Whether the next `repaint` paints everything.
    public var needsFullRepaint: Bool { dirtyAll }
}

extension KeypadRuntime {
    /// Carries out the state machine's effects: the one place where they happen, for every host.
    /// First what the keys ask of the host (typing, editing), in order, so that the key goes out
    /// before anything else is done; then the clicks; then what must be repainted.
    func perform(_ effects: [Effect], now: Double) {
        guard !effects.isEmpty else { return }
        var wordsTold = false
        for effect in effects {
            switch effect {
            case .type, .key, .acceptSuggestion:
                wordsTold = (field == nil ? typingRequest(effect, now: now) : fieldRequest(effect, now: now)) || wordsTold
            case .edit:
                wordsTold = fieldRequest(effect, now: now) || wordsTold
            case .hide: typingHost?.keypad(self, perform: .hide)
            case .chooseClick(let type): typingHost?.keypad(self, perform: .chooseClick(type))
            case .nextLayout: typingHost?.keypad(self, perform: .nextLayout)
            case .showLayout(let name): typingHost?.keypad(self, perform: .showLayout(name))
            case .openLayer(let name): typingHost?.keypad(self, perform: .openLayer(name))
            case .dragWindow(let pointer, let kind, let from, let to):
                let dx = frame.x, dy = frame.y
                typingHost?.keypad(self, perform: .dragWindow(pointer: pointer, kind: kind, from: Point(x: from.x + dx, y: from.y + dy),
                                                              to: Point(x: to.x + dx, y: to.y + dy)))
            case .toggleDock: typingHost?.keypad(self, perform: .toggleDock)
            case .openSettings: typingHost?.keypad(self, perform: .openSettings)
            case .settings(let command): typingHost?.keypad(self, perform: .settings(command))
            case .swipe(let gesture): wordsTold = typeSwipe(gesture, now: now) || wordsTold
            case .done:
                // What is being composed (pinyin, a syllable) goes into the field first.
                if field != nil, let composed = words?.endingComposition() { fieldEdit(composed, now: now) }
                finishField(now: now)
            case .cancel: cancelField()
            case .click, .redraw, .redrawAll, .showAlternates, .hideAlternates, .redrawAlternates,
                 .showPreview, .hidePreview, .redrawTrail: continue
            }
        }
        // The key went out; now the word engine's work on what it typed, and its suggestions.
        if wordsTold {
            words?.settle()
            refreshSuggestions()
        }
        followCandidateGrid(now: now)
        for effect in effects {
            switch effect {
            case .click(let kind): click?(kind)
            case .redraw(let keys): dirtyKeys.formUnion(keys)
            case .redrawAll: dirtyAll = true
            case .showAlternates, .redrawAlternates: popupDirty = true
            case .hideAlternates: closePopup()
            case .showPreview: previewDirty = true
            case .hidePreview: closePreview()
            case .redrawTrail:
                trailDirty = true
                prepareSwipeDecoder()
            case .type, .key, .acceptSuggestion, .hide, .chooseClick, .nextLayout, .showLayout, .openLayer, .edit, .done, .cancel, .dragWindow,
                 .toggleDock, .swipe, .openSettings, .settings: continue
            }
        }
    }

    // MARK: The field (entry role)

    /// Carries out `command` on the field (a key fired, or the host's own input such as a
    /// physical key). Refusals flash the field and click `.error`.
    public func edit(_ command: BufferCommand, now: Double) {
        guard var editor = field else { return }
        let host = fieldHost
        let events = editor.apply(command, now: now) { [unowned self] text, current in
            host?.keypad(self, shouldInsert: text, into: current) ?? true
        }
        field = editor
        fieldChanged(events, by: .edit(command))
    }

    /// A tap on the field put the cursor before grapheme `index`.
    public func setCursor(_ index: Int, now: Double) {
        guard var editor = field else { return }
        let events = editor.setCursor(index, now: now)
        field = editor
        fieldChanged(events, by: .cursor)
    }

    /// The user accepted the field (a pending Morse letter is finished first).
    public func finishField(now: Double) {
        guard var editor = field else { return }
        let events = editor.done(now: now)
        field = editor
        fieldChanged(events, by: .done)
    }

    /// The user cancelled the field.
    public func cancelField() {
        guard var editor = field else { return }
        let event = editor.cancel()
        field = editor
        fieldChanged([event], by: .cancel)
    }

    /// Replaces the field's text (cursor at the end), keeping its rules: the host's own edits.
    public func replaceFieldText(_ text: String) {
        guard var editor = field else { return }
        editor.replaceText(text)
        field = editor
        overlayDirty = true
        dirtyKeys.formUnion(KeyboardPainter.morseGapIndices(in: state.geometry))
    }

    /// After a change of the field: repaint it and the keys that show its pending Morse code,
    /// cue a refusal, tell the host.
    private func fieldChanged(_ events: [EntryEvent], by change: FieldChange) {
        guard !events.isEmpty else { return }
        overlayDirty = true
        dirtyKeys.formUnion(KeyboardPainter.morseGapIndices(in: state.geometry))
        if events.contains(where: { if case .reject = $0 { return true } else { return false } }) {
            click?(.error)
        }
        fieldHost?.keypad(self, field: events, by: change)
    }

    /// The pending Morse code the keys show: the field's in entry mode, the state's when typing.
    var pendingMorse: String? {
        let code = field?.session.pendingMorse ?? state.pendingMorse
        return code.isEmpty ? nil : code
    }
}

import StackboardCore
/// The field the keyboard is shown for: what to load and what to keep uncovered.
public struct FieldRequest: Equatable, Sendable {
    /// The focused accessible (nil for a matchbox show, which names no field).
    public var id: AccessibleID?
    /// What it wants typed (`.password`: secure entry).
    public var kind: FieldKind
    /// Its extents on the screen, to keep uncovered (nil when unknown).
    public var rect: Rect?
    /// The caret's extents, for fields too large to keep uncovered.
    public var caret: Rect?
    /// A request with every field given.
    public init(id: AccessibleID?, kind: FieldKind, rect: Rect?, caret: Rect?) {
        self.id = id; self.kind = kind; self.rect = rect; self.caret = caret
    }
}

/// What the policy asks the runtime to do.
public enum AutoShowDecision: Equatable, Sendable {
    /// Show the keyboard (or keep it shown) for this field: its layout, secure entry, placement.
    case show(FieldRequest)
    /// Hide the keyboard.
    case hide
}

/// What happened, for the policy.
public enum AutoShowInput: Equatable, Sendable {
    /// An accessible got the focus (the tracker's facts about it).
    case focused(FocusFacts)
    /// An accessible lost the focus.
    case unfocused(AccessibleID)
    /// An application left the accessibility bus (quit or was killed).
    case applicationGone(busName: String)
    /// The accessibility bus went away: nothing is known about the focus until it is back.
    case trackingLost
    /// A key event from the keyboard device `device` (XInput2 source id).
    case physicalKey(device: Int)
    /// The user showed (true) or hid (false) the keyboard by command (CLI, D-Bus, signal).
    case commanded(visible: Bool)
    /// A matchbox `_MB_IM_INVOKER_COMMAND`.
    case invoker(InvokerCommand)
    /// Onboard's AutoShowPaused: while true, focus changes show and hide nothing.
    case paused(Bool)
}

/// Auto-show as a pure value: focus facts and the time go in, show and hide decisions come out.
///
/// Rules (each tested in Tests/StackboardCoreTests/AutoShowPolicyTests.swift):
/// - An editable field getting the focus shows the keyboard at once, for that field's kind and
///   rectangle; another editable field taking over while shown shows again (new kind, new place),
///   with no hide in between.
/// - Focus going to something not editable, or the field losing it (or its application leaving the
///   bus), hides after `hideDelay` seconds; an editable focus within that time cancels the hide, so
///   hopping between fields never flickers. A loss reported for another object than the current field
///   changes nothing (events arrive out of order).
/// - Events from `ownProcess` are ignored.
/// - Shown by command, the keyboard stays until hidden by command (focus changes still update it).
///   Hidden by command, or by a physical key (`hideOnPhysicalKeys`, from a device not in
///   `virtualDevices`), it stays hidden until the focus moves to a field (not a repeat of the
///   current field's focus event).
/// - Paused: focus changes decide nothing; pausing hides a keyboard that was shown automatically.
/// - matchbox show counts as a text field with no rectangle, hide as its loss, toggle flips at once.
public struct AutoShowPolicy: Sendable {
    /// Seconds between losing the field and hiding (Onboard: 0.3; matchbox: 0.1).
    public var hideDelay: Double
    /// Hide when a key comes from a device that is not in `virtualDevices`.
    public var hideOnPhysicalKeys: Bool
    /// The keyboard's own XTEST device ids (its own typing must not hide it).
    public var virtualDevices: Set<Int>
    /// The keyboard's own process id; its focus events are ignored.
    public var ownProcess: Int32?

    /// Whether the policy last asked for the keyboard to be shown.
    public private(set) var shown = false
    /// The field shown for (nil when none).
    public private(set) var field: FieldRequest?
    /// When the pending hide is due (nil when none).
    public private(set) var hideDue: Double?
    private var pinned = false
    private var paused = false
    private var suppressed = false
    private var suppressedField: AccessibleID?

    /// A policy with the given settings, the keyboard hidden.
    public init(hideDelay: Double = 0.3, hideOnPhysicalKeys: Bool = false, virtualDevices: Set<Int> = [],
                ownProcess: Int32? = nil) {
        self.hideDelay = max(0, hideDelay)
        self.hideOnPhysicalKeys = hideOnPhysicalKeys
        self.virtualDevices = virtualDevices
        self.ownProcess = ownProcess
    }

    /// When `advance(to:)` must be called next (nil: only on the next input).
    public var nextDeadline: Double? { hideDue }

    /// Fires the pending hide if it is due at `now`.
    public mutating func advance(to now: Double) -> [AutoShowDecision] {
        guard let due = hideDue, due <= now else { return [] }
        hideDue = nil
        field = nil
        guard shown else { return [] }
        shown = false
        return [.hide]
    }

    /// The decisions for `input` at `now` (a due hide fires first).
    public mutating func handle(_ input: AutoShowInput, now: Double) -> [AutoShowDecision] {
        var out = advance(to: now)
        switch input {
        case .focused(let facts):
            if let own = ownProcess, facts.pid == own { break }
            if facts.isEditable {
                out += fieldFocused(FieldRequest(id: facts.id, kind: facts.fieldKind,
                                                 rect: facts.extents, caret: facts.caret))
            } else {
                suppressedField = nil
                fieldLost(now: now)
            }
        case .unfocused(let id):
            if suppressedField == id { suppressedField = nil }
            if field?.id == id { fieldLost(now: now) }
        case .applicationGone(let bus):
            if suppressedField?.busName == bus { suppressedField = nil }
            if field?.id?.busName == bus { fieldLost(now: now) }
        case .trackingLost:
            suppressedField = nil
        case .physicalKey(let device):
            guard hideOnPhysicalKeys, !virtualDevices.contains(device), shown else { break }
            out += hideNow(suppressing: true)
        case .commanded(let visible):
            hideDue = nil
            if visible {
                shown = true; pinned = true; suppressed = false
            } else {
                pinned = false
                suppressed = true; suppressedField = field?.id
                shown = false
            }
        case .invoker(let command):
            out += invoker(command, now: now)
        case .paused(let on):
            paused = on
            if on, shown, !pinned { out += hideNow(suppressing: false) }
        }
        return out
    }

    private mutating func fieldFocused(_ request: FieldRequest) -> [AutoShowDecision] {
        if suppressed, request.id != nil, request.id == suppressedField { return [] }
        suppressed = false
        suppressedField = nil
        hideDue = nil
        guard !paused else { field = request; return [] }
        let repeated = shown && field == request
        field = request
        shown = true
        return repeated ? [] : [.show(request)]
    }

    private mutating func fieldLost(now: Double) {
        field = nil
        guard shown, !pinned, !paused else { return }
        if hideDue == nil { hideDue = now + hideDelay }
    }

    private mutating func hideNow(suppressing: Bool) -> [AutoShowDecision] {
        hideDue = nil
        if suppressing { suppressed = true; suppressedField = field?.id }
        pinned = false
        guard shown else { return [] }
        shown = false
        return [.hide]
    }

    private mutating func invoker(_ command: InvokerCommand, now: Double) -> [AutoShowDecision] {
        switch command {
        case .show:
            return fieldFocused(FieldRequest(id: nil, kind: .text, rect: nil, caret: nil))
        case .hide:
            if field != nil, field?.id == nil { fieldLost(now: now) }
            return []
        case .toggle:
            if shown { return hideNow(suppressing: false) }
            suppressed = false
            return fieldFocused(FieldRequest(id: nil, kind: .text, rect: nil, caret: nil))
        }
    }
}

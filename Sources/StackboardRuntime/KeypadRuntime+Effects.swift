import StackboardCore
import StackboardRender

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
            case .nextLayout: typingHost?.keypad(self, perform: .nextLayout)
            case .showLayout(let name): typingHost?.keypad(self, perform: .showLayout(name))
            case .openLayer(let name): typingHost?.keypad(self, perform: .openLayer(name))
            case .dragWindow(let pointer, let kind, let from, let to):
                let dx = frame.x, dy = frame.y
                typingHost?.keypad(self, perform: .dragWindow(pointer: pointer, kind: kind, from: Point(x: from.x + dx, y: from.y + dy),
                                                              to: Point(x: to.x + dx, y: to.y + dy)))
            case .toggleDock: typingHost?.keypad(self, perform: .toggleDock)
            case .swipe(let gesture): wordsTold = typeSwipe(gesture, now: now) || wordsTold
            case .done: finishField(now: now)
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
            case .type, .key, .acceptSuggestion, .hide, .nextLayout, .showLayout, .openLayer, .edit, .done, .cancel, .dragWindow,
                 .toggleDock, .swipe: continue
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

import StackboardCore
import StackboardKit
import StackboardRender
import StackboardX11

extension EntryApp {
    /// The keypad's part of a window of `size`: below the field, or all of it with `--no-field`.
    static func keypadRect(in size: Size, field: Bool) -> Rect {
        field ? EntryLayout.split(size: size).keypad : Rect(size: size)
    }

    /// The field's rectangle in the window (nil with `--no-field`).
    var fieldRect: Rect? {
        options.noField ? nil : EntryLayout.split(size: window.size).field
    }

    /// Where the keypad's geometry starts in the window.
    var keypadOrigin: Point {
        let r = EntryApp.keypadRect(in: window.size, field: !options.noField)
        return Point(x: r.x, y: r.y)
    }

    func handle(_ event: WindowEvent) {
        switch event {
        case .input(let input):
            route(input)
        case .resized(let size):
            let keypad = EntryApp.keypadRect(in: size, field: !options.noField)
            perform(state.resize(to: Size(width: keypad.width, height: keypad.height)))
            dirtyAll = true
            fieldDirty = true
            popupDirty = state.alternates != nil
        case .closeRequested:
            cancel() // the window manager's close button, or the embedder destroyed the plug
        case .shown, .hidden, .control:
            break // no control channel: an entry is its script's, not the keyboard's
        }
    }

    func handle(_ input: EntryInput) {
        switch input {
        case .typed(let key): typed(key)
        case .embedderGone: cancel()
        case .embedded, .focusPassedOn: break
        }
    }

    /// A pointer event in window pixels: a press on the field moves the cursor (that pointer's
    /// moves and release stay with the field); everything else goes to the keypad, in its pixels.
    private func route(_ input: InputEvent) {
        let now = MonotonicClock.now()
        switch input {
        case .press(let pointer, let point):
            if let field = fieldRect, field.contains(point) {
                fieldPointer = pointer
                edited(editor.setCursor(fieldPainter.cursorIndex(at: point.x, field: fieldPaint(now: now), in: field), now: now))
                return
            }
        case .move(let pointer, _), .release(let pointer, _), .cancel(let pointer):
            if pointer == fieldPointer {
                if case .move = input { return }
                fieldPointer = nil
                return
            }
        case .hover, .leave, .switchPress:
            break
        }
        perform(state.handle(inKeypad(input), now: now))
    }

    /// `input` with its point moved into the keypad's pixels.
    private func inKeypad(_ input: InputEvent) -> InputEvent {
        let o = keypadOrigin
        func shift(_ p: Point) -> Point { Point(x: p.x - o.x, y: p.y - o.y) }
        switch input {
        case .press(let id, let p): return .press(pointer: id, at: shift(p))
        case .move(let id, let p): return .move(pointer: id, to: shift(p))
        case .release(let id, let p): return .release(pointer: id, at: shift(p))
        case .hover(let id, let p): return .hover(pointer: id, at: shift(p))
        case .cancel, .leave, .switchPress: return input
        }
    }

    /// A key of a physical keyboard: edits go straight to the field (no click: the keyboard
    /// makes its own sound; refusals still flash and click).
    private func typed(_ key: TypedKey) {
        let now = MonotonicClock.now()
        switch key {
        case .text(let text): edited(editor.apply(.insert(text), now: now))
        case .decimalSeparator: edited(editor.apply(.insert(editor.session.decimalSeparator), now: now))
        case .key(.returnKey): done()
        case .key(.escape): cancel()
        case .key(let named):
            if let command = EntryApp.command(for: named) { edited(editor.apply(command, now: now)) }
        }
    }

    /// The field command of an editing key.
    static func command(for key: NamedKey) -> BufferCommand? {
        switch key {
        case .backspace: return .deleteBackward
        case .delete: return .deleteForward
        case .left: return .moveLeft
        case .right: return .moveRight
        case .home: return .moveToStart
        case .end: return .moveToEnd
        default: return nil
        }
    }

    /// Carries out the state machine's effects: the one place where anything happens.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .edit(let command):
                edited(editor.apply(command, now: MonotonicClock.now()))
            case .done:
                done()
            case .cancel:
                cancel()
            case .click(let kind):
                clicks.play(kind)
            case .redraw(let keys):
                dirtyKeys.formUnion(keys)
            case .redrawAll:
                dirtyAll = true
            case .showAlternates, .redrawAlternates:
                popupDirty = true
            case .hideAlternates:
                popupDirty = false
                window.hidePopup()
            case .type, .key, .hide, .nextLayout:
                break // typing mode's, or nothing an entry window does (it has one layout and stays up)
            }
        }
    }

    /// After an edit: report the events, repaint the field (and the Morse keys), cue refusals.
    private func edited(_ events: [EntryEvent]) {
        guard !events.isEmpty, exitStatus == nil else { return }
        output.report(events, session: editor.session)
        fieldDirty = true
        dirtyKeys.formUnion(KeyboardPainter.morseGapIndices(in: state.geometry))
        if events.contains(where: { if case .reject = $0 { return true } else { return false } }) {
            clicks.play(.error)
        }
    }

    /// The user accepted the field: a pending Morse letter is finished first. Exit status 0.
    func done() {
        guard exitStatus == nil else { return }
        let events = editor.done(now: MonotonicClock.now())
        output.report(events, session: editor.session)
        output.result(editor.session)
        exitStatus = 0
    }

    /// The user cancelled (or the window went): nothing is printed but the cancel event. Exit status 1.
    func cancel() {
        guard exitStatus == nil else { return }
        output.report([editor.cancel()], session: editor.session)
        exitStatus = 1
    }
}

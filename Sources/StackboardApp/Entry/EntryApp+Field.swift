import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSystem
import StackboardX11

extension EntryApp: FieldHost, KeypadOverlay {
    /// The keypad's part of a window of `size`: below the field, or all of it with `--no-field`.
    static func keypadRect(in size: Size, field: Bool) -> Rect {
        field ? EntryLayout.split(size: size).keypad : Rect(size: size)
    }

    /// The field's rectangle in the window (nil with `--no-field`).
    var fieldRect: Rect? {
        options.noField ? nil : EntryLayout.split(size: window.size).field
    }

    func handle(_ event: WindowEvent, now: Double) {
        switch event {
        case .input(let input):
            handle(input: input)
        case .resized(let size):
            runtime.setFrame(Self.keypadRect(in: size, field: !options.noField), now: now)
        case .closeRequested:
            runtime.cancelField() // the window manager's close button, or the embedder destroyed the plug
        case .entry(let news):
            handle(news)
        case .switched(let event):
            scanner?.switched(event, now: now) // a scan switch (the window's buttons and keys, --scan-device)
        case .shown, .hidden, .control, .rootPosition, .monitorsChanged, .windowConfigured, .invoked, .context, .pressedOutside, .summon, .trayClicked:
            break // no control channel nor watchers: an entry is its script's, not the keyboard's
        }
    }

    func handle(_ news: EntryInput) {
        switch news {
        case .typed(let key): typed(key)
        case .embedderGone: runtime.cancelField()
        case .embedded, .focusPassedOn: break
        }
    }

    /// A pointer event in window pixels: a press on the field moves the cursor (that pointer's
    /// moves and release stay with the field); everything else goes to the keypad.
    func handle(input: InputEvent) {
        let now = MonotonicClock.now()
        switch input {
        case .press(let pointer, let point):
            if let field = fieldRect, field.contains(point) {
                fieldPointer = pointer
                runtime.setCursor(fieldPainter.cursorIndex(at: point.x, field: fieldPaint(now: now), in: field), now: now)
                return
            }
        case .move(let pointer, _), .release(let pointer, _), .cancel(let pointer):
            if pointer == fieldPointer {
                if case .move = input { return }
                fieldPointer = nil
                return
            }
        case .hover, .leave, .pick, .pickOption:
            break
        }
        runtime.handle(input, now: now)
    }

    /// A key of a physical keyboard: edits go straight to the field (no click: the keyboard
    /// makes its own sound; refusals still flash and click).
    private func typed(_ key: TypedKey) {
        let now = MonotonicClock.now()
        switch key {
        case .text(let text): runtime.edit(.insert(text), now: now)
        case .decimalSeparator: runtime.edit(.insert(runtime.field?.session.decimalSeparator ?? "."), now: now)
        case .key(.returnKey): runtime.finishField(now: now)
        case .key(.escape): runtime.cancelField()
        case .key(let named):
            if let command = named.fieldCommand { runtime.edit(command, now: now) }
        }
    }

    // MARK: FieldHost

    func keypad(_ keypad: KeypadRuntime, shouldInsert text: String, into current: String) -> Bool { true }

    /// Reports the field's events on stdout; done prints the result and ends with status 0,
    /// cancel with status 1. Nothing is reported once the entry is over.
    func keypad(_ keypad: KeypadRuntime, field events: [EntryEvent], by change: FieldChange) {
        guard !finished, let session = keypad.field?.session else { return }
        output.report(events, session: session)
        switch change {
        case .done:
            finished = true
            output.result(session)
            shell.loop.stop(0)
        case .cancel:
            finished = true
            shell.loop.stop(1)
        case .edit, .cursor:
            break
        }
    }

    // MARK: KeypadOverlay

    /// What the field shows now: the prompt, the text (dots when secure), the cursor, the
    /// pending Morse code and the flash.
    func fieldPaint(now: Double) -> FieldPaint {
        guard let editor = runtime.field else { return FieldPaint(text: "", cursorIndex: 0) }
        let session = editor.session
        let pending = session.pendingMorse.isEmpty ? nil : session.pendingMorseDisplay
        return FieldPaint(prompt: options.prompt, text: session.rules.secure ? session.buffer.maskedText : session.text,
                          cursorIndex: session.buffer.cursor, flash: editor.isFlashing(at: now), pending: pending)
    }

    func paintOverlay(_ ctx: CairoContext, all: Bool, now: Double) -> [Rect] {
        guard let field = fieldRect else { return [] }
        fieldPainter.paint(ctx, field: fieldPaint(now: now), in: field)
        return [field]
    }
}

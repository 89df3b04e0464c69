import StackboardCore
import StackboardRender

extension Keypad {
    /// Carries out the state machine's effects: edits go through the field editor, then to the delegate.
    func perform(_ effects: [Effect]) {
        for effect in effects {
            switch effect {
            case .edit(let command):
                let veto: (String, String) -> Bool = { [weak self] text, current in
                    guard let self, let delegate = self.delegate else { return true }
                    return delegate.keypad(self, shouldInsert: text, into: current)
                }
                let events = editor.apply(command, now: Keypad.now(), shouldInsert: veto)
                if !events.isEmpty { dirtyKeys.formUnion(KeyboardPainter.morseGapIndices(in: state.geometry)) }
                report(events, backward: command == .deleteBackward)
            case .done:
                report(editor.done(now: Keypad.now()), backward: false)
            case .cancel:
                report([editor.cancel()], backward: false)
            case .redraw(let keys):
                dirtyKeys.formUnion(keys)
            case .redrawAll:
                dirtyAll = true
            case .type, .key, .click, .showAlternates, .hideAlternates, .redrawAlternates, .hide, .nextLayout:
                break // typing mode only, or nothing a keypad in a host's window shows (no sound, no popup)
            }
        }
    }

    /// Tells the delegate about each event in order.
    private func report(_ events: [EntryEvent], backward: Bool) {
        guard let delegate else { return }
        for event in events {
            switch event {
            case .insert(let text): delegate.keypad(self, didInsert: text)
            case .delete where backward, .backspaceEmpty: delegate.keypadDidDeleteBackward(self)
            case .reject(let reason): delegate.keypad(self, didReject: reason)
            case .done: delegate.keypadDidFinish(self)
            case .cancel: delegate.keypadDidCancel(self)
            default: delegate.keypad(self, didChange: event)
            }
        }
    }

    /// Paints what changed into the back buffer and copies just that to the window.
    func repaint() {
        guard !window.isDestroyed, dirtyAll || !dirtyKeys.isEmpty, let ctx = canvasContext() else { return }
        let states: (Int) -> KeyPaintState = { [state] index in
            let v = state.visual(ofKey: index)
            return KeyPaintState(pressed: v.pressed, latched: v.latched, locked: v.locked,
                                 dwellProgress: v.dwellProgress, scanHighlighted: v.scanHighlighted,
                                 shifted: state.typesShifted(keyAt: index))
        }
        let pending = editor.session.pendingMorse
        let morse = pending.isEmpty ? nil : pending
        if dirtyAll {
            painter.paintAll(ctx, geometry: state.geometry, shifted: false, states: states, pendingMorse: morse)
            window.presentAll()
        } else {
            let indices = dirtyKeys.sorted().filter { state.geometry.keys.indices.contains($0) }
            painter.paintKeys(ctx, geometry: state.geometry, indices: indices, shifted: false,
                              states: states, pendingMorse: morse)
            window.present(indices.map { state.geometry.keys[$0].frame })
        }
        dirtyAll = false
        dirtyKeys = []
    }

    /// A cairo context on the window's current back buffer.
    private func canvasContext() -> CairoContext? {
        if let canvas, canvas.generation == window.bufferGeneration { return canvas.context }
        canvas = nil
        guard let context = try? CairoContext(surface: try CairoSurface(taking: window.retainedSurface())) else { return nil }
        canvas = (window.bufferGeneration, context)
        return context
    }
}

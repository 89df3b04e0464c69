extension KeyboardState {
    /// The click a press on a key with `action` plays.
    public static func clickKind(of action: Action) -> ClickKind {
        switch action {
        case .text, .space, .decimalSeparator, .morseDot, .morseDash, .morseGap, .shuffledDigit, .suggestion: return .character
        case .key(.backspace), .key(.delete), .clear: return .delete
        case .key(.returnKey), .done: return .returnKey
        default: return .modifier
        }
    }

    /// Carries out what `key` does when it fires: the keyboard's own state changes, and the
    /// effects for the shell. `heldUsed`: the key is a modifier that was held and applied to
    /// another pointer's key, so its release changes nothing.
    mutating func perform(_ key: Key, heldUsed: Bool) -> [Effect] {
        switch key.action {
        case .modifier(let m):
            if acceptsModifier(m) && !heldUsed { tap(m) }
            return []
        case .capsLock:
            capsLock.toggle()
            return []
        case .layer(let name):
            guard layout.layer(named: name) != nil else { return [.openLayer(name)] }
            changeLayer(to: name)
            return []
        case .nextLayout:
            return [.nextLayout]
        case .showLayout(let name):
            return [.showLayout(name)]
        case .hide:
            return [.hide]
        case .click(let type):
            return [.chooseClick(type)]
        case .move:
            return []
        case .settings:
            return [.openSettings]
        case .setting(let command):
            return [.settings(command)]
        case .suggestion(let slot):
            consumeModifiers()
            return [.acceptSuggestion(slot)]
        default:
            break
        }
        let output = config.mode == .typing ? typingOutput(of: key) : entryOutput(of: key)
        if output.contains(where: KeyboardState.isOutput) { consumeModifiers() }
        return output
    }

    /// Typing mode: what a fired key types or sends. Shift is expressed by the text itself; named
    /// keys carry every active modifier, shift included. Clear, multiply and shuffled-digit keys
    /// are entry-mode actions and type nothing.
    mutating func typingOutput(of key: Key) -> [Effect] {
        let active = activeModifiers
        let withoutShift = active.subtracting([.shift])
        func typed(_ text: String?) -> [Effect] {
            guard let text, !text.isEmpty else { return [] }
            return [.type(text, modifiers: withoutShift)]
        }
        switch key.action {
        case .text: return typed(key.text(shifted: typesShifted(key)))
        case .space: return typed(" ")
        case .decimalSeparator: return typed(config.decimalSeparator)
        case .done: return [.key(.returnKey, modifiers: active)]
        case .cancel: return [.key(.escape, modifiers: active)]
        case .morseDot:
            pendingMorse += "."
            return []
        case .morseDash:
            pendingMorse += "-"
            return []
        case .morseGap:
            guard !pendingMorse.isEmpty else { return [] }
            let code = pendingMorse
            pendingMorse = ""
            guard let letter = MorseCode.decode(code) else { return [.click(.error)] }
            return typed(shifted ? String(letter).uppercased() : String(letter))
        case .key(let named): return [.key(named, modifiers: active)]
        case .shortcut(let chord):
            let sent = terminalField ? chord.inTerminal : chord
            return [.key(.keysym(sent.key), modifiers: sent.modifiers.union(active))]
        default: return []
        }
    }

    /// Entry mode: how a fired key edits the field. Tab, up, down and keysym keys do nothing
    /// there (the click still plays on press).
    func entryOutput(of key: Key) -> [Effect] {
        switch key.action {
        case .text:
            guard let text = key.text(shifted: typesShifted(key)), !text.isEmpty else { return [] }
            return [.edit(.insert(text))]
        case .space: return [.edit(.insert(" "))]
        case .decimalSeparator: return config.decimalSeparator.isEmpty ? [] : [.edit(.insert(config.decimalSeparator))]
        case .clear: return [.edit(.clear)]
        case .key(.returnKey), .done: return [.done]
        case .key(.escape), .cancel: return [.cancel]
        case .key(let named): return named.fieldCommand.map { [.edit($0)] } ?? []
        case .multiply(let factor): return [.edit(.multiply(factor))]
        case .morseDot: return [.edit(.morseDot)]
        case .morseDash: return [.edit(.morseDash)]
        case .morseGap: return [.edit(.morseGap)]
        default: return []
        }
    }

    /// Effects that type, send or edit something (and so use up latched modifiers).
    static func isOutput(_ effect: Effect) -> Bool {
        switch effect {
        case .type, .key, .edit, .done, .cancel: return true
        default: return false
        }
    }

    /// A tap on a modifier: off → latched → locked → off; a tap on the shift the keyboard latched
    /// by itself releases it (and it stays released there).
    mutating func tap(_ m: Modifier) {
        if m == .shift, autoShift.latched {
            autoShift = AutoShift(latched: false, declined: true)
        } else if locked.contains(m) {
            locked.remove(m)
        } else if latched.contains(m) {
            latched.remove(m)
            locked.insert(m)
        } else {
            latched.insert(m)
        }
    }

    /// After a key typed something: latched modifiers clear, and modifiers held by pointers
    /// count as used (their release will not latch them).
    mutating func consumeModifiers() {
        latched = []
        autoShift = AutoShift()
        for (id, track) in pointers where !track.choosingAlternate {
            if case .modifier = key(at: track.key)?.action { pointers[id]?.heldUsed = true }
        }
    }
}

/// Who may open the settings panel: anyone, no one (a kiosk's `"settings": "locked"`, and always
/// a plug in a greeter or a locker, where the panel could open a way out of the lock screen), or
/// whoever knows the PIN (`"settings-pin"`). Pure: the host asks it what a ⚙ tap and each digit
/// of the PIN pad do.
public struct SettingsAccess: Equatable, Sendable {
    /// How the panel is guarded.
    public enum Lock: Equatable, Sendable {
        /// It opens.
        case open
        /// It is not offered: the ⚙ keys are removed and the grip has no long press.
        case locked
        /// It opens after these digits.
        case pin([Int])
    }

    /// What a ⚙ tap or a digit leads to.
    public enum Decision: Equatable, Sendable {
        /// Nothing (locked).
        case nothing
        /// Show the PIN pad (again, with the digits so far).
        case askPin
        /// Show the panel.
        case show
    }

    /// The lock.
    public let lock: Lock
    /// The digits entered on the PIN pad so far.
    public private(set) var entered: [Int] = []
    /// Whether the last PIN entered was wrong (said on the pad until the next digit).
    public private(set) var wrong = false

    /// Access guarded by `lock`.
    public init(lock: Lock) { self.lock = lock }

    /// The access `values` give (`settings`, `settings-pin`; never in a `plug`), and a problem
    /// with the PIN, which then locks the panel (its owner meant it guarded).
    public static func from(_ values: SettingValues, plug: Bool, file: String) -> (access: SettingsAccess, problem: ConfigProblem?) {
        if plug || values.string(.settingsPanel) == "locked" { return (SettingsAccess(lock: .locked), nil) }
        guard let pin = values.given(.settingsPin)?.string else { return (SettingsAccess(lock: .open), nil) }
        let digits = pin.compactMap(\.wholeNumberValue)
        guard (4...8).contains(pin.count), digits.count == pin.count, pin.allSatisfy(\.isASCII) else {
            let problem = ConfigProblem(file: file, key: "settings-pin",
                                        message: "expected 4 to 8 digits like \"2468\", found \(JSONValue.quote(pin)); the settings panel is locked until it is fixed",
                                        ignored: true)
            return (SettingsAccess(lock: .locked), problem)
        }
        return (SettingsAccess(lock: .pin(digits)), nil)
    }

    /// Whether the panel is offered at all (⚙ keys kept, the grip's long press).
    public var offered: Bool { lock != .locked }

    /// The PIN's length (0: none).
    public var pinLength: Int { if case .pin(let digits) = lock { digits.count } else { 0 } }

    /// A ⚙ tap: the panel, the PIN pad (empty) or nothing.
    public mutating func open() -> Decision {
        entered = []
        wrong = false
        switch lock {
        case .open: return .show
        case .locked: return .nothing
        case .pin: return .askPin
        }
    }

    /// A digit of the PIN pad: once as many as the PIN has are in, the panel when they are the
    /// PIN, else the pad again, empty, saying it was wrong.
    public mutating func digit(_ digit: Int) -> Decision {
        guard case .pin(let pin) = lock else { return lock == .open ? .show : .nothing }
        wrong = false
        entered.append(digit)
        guard entered.count >= pin.count else { return .askPin }
        let right = entered == pin
        entered = []
        wrong = !right
        return right ? .show : .askPin
    }

    /// Start the PIN again.
    public mutating func clear() {
        entered = []
        wrong = false
    }

    /// The PIN pad as a layer: what was entered (as dots), the digits 1 to 9 and 0 in order,
    /// cancel (back to `back`) and clear.
    public func pinPad(back: String, text: SettingsPanelText = SettingsPanelText()) -> Layer {
        func digit(_ d: Int) -> StackItem { .key(Key(label: String(d), action: .setting(.pinDigit(d)))) }
        let rows: [[StackItem]] = [
            [.key(Key(label: text.pin(entered: entered.count, length: pinLength, wrong: wrong), action: .setting(.pinClear),
                      style: .function))],
            [1, 2, 3].map(digit), [4, 5, 6].map(digit), [7, 8, 9].map(digit),
            [.key(Key(label: text.cancel, action: .layer(back), style: .function)), digit(0),
             .key(Key(label: text.clear, action: .setting(.pinClear), style: .function))],
        ]
        return Layer(name: SettingsPanel.pinLayer, root: Stack(axis: .vertical, items: rows.map { .stack(Stack(axis: .horizontal, items: $0)) }))
    }

    /// `layout` as the keyboard shows it with this access: offered, every grip also opens the
    /// panel on a long press (its ⚙ alternate); not offered, the ⚙ keys are taken out (and the
    /// grip's ⚙ alternate, if it had one).
    public func keyed(_ layout: Layout) -> Layout {
        var keyed = layout
        let gear = Key(label: KeyDefaults.label(for: .settings), action: .settings, style: .function)
        keyed.layers = layout.layers.map { layer in
            guard !SettingsPanel.isPanelLayer(layer.name) else { return layer }
            if !offered {
                let root = layer.root.removingKeys { $0.action == .settings }
                    .mapKeys { key in
                        var plain = key
                        plain.alternates.removeAll { $0.action == .settings }
                        return plain
                    }
                return Layer(name: layer.name, root: root)
            }
            return Layer(name: layer.name, root: layer.root.mapKeys { key in
                guard key.action == .move, !key.alternates.contains(where: { $0.action == .settings }) else { return key }
                var grip = key
                grip.alternates.insert(gear, at: 0)
                return grip
            })
        }
        return keyed
    }
}

extension Layout {
    /// Whether a key of the layout opens the settings panel (a ⚙ key, or a grip's long press).
    public var opensSettings: Bool {
        layers.contains { layer in layer.root.keys.contains { $0.action == .settings || $0.alternates.contains { $0.action == .settings } } }
    }
}

import StackboardCore
/// Builds a full keyboard from the symbols of a compiled XKB layout (pure: the compiling is done
/// by the StackboardXKB module, which hands over `XkbLayoutSymbols`).
///
/// - Layer `letters`: the alphanumeric keys in their rows (TLDE and AE01-AE12; AD01-AD12;
///   AC01-AC11; LSGT and AB01-AB10; BKSL beside return on ISO layouts, at the end of the top row
///   on ANSI ones), level 1 as the label and level 2 under shift. A key's long press offers its
///   level 3 and 4 (AltGr) characters, and a dead key's long press the letters it composes.
/// - Layer `altgr` (when any key has a level 3 or 4): the same rows with levels 3 and 4.
/// - Around them the keys of the shipped qwerty: tab, backspace, caps lock, return, two shifts;
///   and the bottom row: AltGr (switches layers), Fn, ☺ (the emoji panel), ⚙ (the settings
///   panel), ctrl, alt, space (labelled with the layout's description), ← ↑ ↓ →, the grip (✥:
///   moves the window).
/// - Layer `functions` (the Fn key): esc and F1-F12; home, end, page up and down, insert,
///   delete, backspace; shift, ctrl, alt, super, ✂ (the editing panel) and return.
/// - Layer `edit` (the ✂ key), as qwerty's: select all, cut, copy, paste, undo and redo as
///   shortcut keys (ctrl+a, ctrl+x, ctrl+c, ctrl+v, ctrl+z, ctrl+shift+z), the arrows, home,
///   end, page up and down, delete, backspace, shift and return.
/// - LSGT is left out when it only repeats characters other keys have (the `us` layout's `<` `>`);
///   a key with no symbol is a blank spacer, so the rows keep their shape.
public struct XkbLayoutBuilder {
    /// The layout's entry in the rules.
    public var info: XkbLayoutInfo
    /// Its compiled symbols.
    public var symbols: XkbLayoutSymbols

    /// The name of the letters layer.
    public static let lettersLayer = "letters"
    /// The name of the AltGr layer.
    public static let altgrLayer = "altgr"
    /// The name of the layer of function keys.
    public static let functionsLayer = "functions"
    /// The name of the editing panel's layer.
    public static let editLayer = "edit"

    /// A builder for the layout `info` with `symbols`.
    public init(info: XkbLayoutInfo, symbols: XkbLayoutSymbols) {
        self.info = info
        self.symbols = symbols
    }

    /// The keyboard.
    public func layout() -> Layout {
        let altgr = hasAltGrLevels
        var layers = [Layer(name: Self.lettersLayer, root: rows(levels: (0, 1), altgrKey: altgr ? .off : nil))]
        if altgr { layers.append(Layer(name: Self.altgrLayer, root: rows(levels: (2, 3), altgrKey: .on))) }
        layers.append(Layer(name: Self.functionsLayer, root: functionRows(altgrKey: altgr ? .off : nil)))
        layers.append(Layer(name: Self.editLayer, root: editRows(altgrKey: altgr ? .off : nil)))
        return Layout(name: info.name.description,
                      description: "\(info.description) (XKB layout \(info.name.rulesName))",
                      defaults: LayoutDefaults(spacing: 6, insets: Insets(all: 6)),
                      layers: layers, suggestionBar: SuggestionBar(layers: [Self.lettersLayer, Self.altgrLayer]),
                      language: info.language)
    }

    /// Whether any key has a level 3 or 4 symbol.
    public var hasAltGrLevels: Bool {
        symbols.keys.contains { key in key.levels.dropFirst(2).contains { $0.flatMap(text) != nil } }
    }

    /// Whether the layout is laid out as an ISO keyboard: LSGT has a character no other key has.
    public var isISO: Bool {
        guard let lsgt = symbols.key(XkbKeyRows.lessGreater) else { return false }
        let own = lsgt.levels.prefix(2).compactMap { $0.flatMap(text) }
        guard !own.isEmpty else { return false }
        let elsewhere = Set(symbols.keys.filter { $0.keyName != XkbKeyRows.lessGreater }
            .flatMap { $0.levels.compactMap { $0.flatMap(text) } })
        return own.contains { !elsewhere.contains($0) }
    }

    /// The AltGr layer key's state in a layer: nil when there is no AltGr layer.
    enum AltGrKey { case off, on }

    /// The five rows of a layer showing `levels` (level indices for unshifted and shifted).
    func rows(levels: (Int, Int), altgrKey: AltGrKey?) -> Stack {
        let iso = isISO
        func keys(_ names: [String]) -> [StackItem] { names.map { .key(key(named: $0, levels: levels)) } }
        var digits = keys(XkbKeyRows.digits)
        digits.append(.key(function(.key(.backspace), weight: 2, repeats: true)))
        var top: [StackItem] = [.key(function(.key(.tab), weight: 1.5))] + keys(XkbKeyRows.top)
        var home: [StackItem] = [.key(function(.capsLock, weight: 1.75))] + keys(XkbKeyRows.home)
        var bottom: [StackItem] = []
        if iso {
            home += keys([XkbKeyRows.backslash])
            home.append(.key(function(.key(.returnKey), weight: 1.25)))
            bottom = [.key(function(.modifier(.shift), weight: 1.25))] + keys([XkbKeyRows.lessGreater])
        } else {
            top += keys([XkbKeyRows.backslash]).map { item in
                guard case .key(var k) = item else { return item }
                k.weight = 1.5
                return .key(k)
            }
            home.append(.key(function(.key(.returnKey), weight: 2.25)))
            bottom = [.key(function(.modifier(.shift), weight: 2.25))]
        }
        bottom += keys(XkbKeyRows.bottom)
        bottom.append(.key(function(.modifier(.shift), weight: 2.75)))
        let rows = [digits, top, home, bottom, lastRow(altgrKey)]
        return Stack(axis: .vertical, items: rows.map { .stack(Stack(axis: .horizontal, distribution: .proportional, items: $0)) })
    }

    /// The `functions` layer: esc F1-F12; ⇥ home end PgUp PgDn ins del ⌫; ⇧ ctrl alt super ⏎;
    /// the bottom row with Fn lit (it goes back to the letters).
    func functionRows(altgrKey: AltGrKey?) -> Stack {
        let first = [function(.key(.escape))] + (1...12).map { function(.key(.keysym("F\($0)"))) }
        let second = [function(.key(.tab), weight: 1.5), function(.key(.home)), function(.key(.end)),
                      Key(label: "PgUp", action: .key(.keysym("Prior")), style: .function),
                      Key(label: "PgDn", action: .key(.keysym("Next")), style: .function),
                      Key(label: "ins", action: .key(.keysym("Insert")), style: .function),
                      Key(label: "del", action: .key(.delete), style: .function, repeats: true),
                      function(.key(.backspace), weight: 1.5, repeats: true)]
        let third = [function(.modifier(.shift), weight: 2), function(.modifier(.ctrl), weight: 1.5),
                     function(.modifier(.alt), weight: 1.5), function(.modifier(.super), weight: 1.5),
                     Key(label: "✂", action: .layer(Self.editLayer), weight: 1.5, style: .function),
                     function(.key(.returnKey), weight: 2)]
        let rows: [[StackItem]] = [first, second, third].map { $0.map(StackItem.key) } + [lastRow(altgrKey, functions: true)]
        return Stack(axis: .vertical, items: rows.map { .stack(Stack(axis: .horizontal, distribution: .proportional, items: $0)) })
    }

    /// The `edit` layer: select all, cut, copy, paste, ⌫; undo, redo, home, ↑, end, PgUp, del;
    /// ⇧ ← ↓ → PgDn ⏎; the bottom row (its Fn goes back to the functions).
    func editRows(altgrKey: AltGrKey?) -> Stack {
        func chord(_ label: String, _ modifiers: Set<Modifier>, _ key: String, weight: Double = 1, repeats: Bool = false) -> Key {
            Key(label: label, action: .shortcut(Shortcut(modifiers: modifiers, key: key)), weight: weight, style: .function,
                repeats: repeats)
        }
        let first = [chord("select all", [.ctrl], "a", weight: 1.5), chord("cut", [.ctrl], "x"), chord("copy", [.ctrl], "c"),
                     chord("paste", [.ctrl], "v"), function(.key(.backspace), weight: 1.5, repeats: true)]
        let second = [chord("undo", [.ctrl], "z", repeats: true), chord("redo", [.ctrl, .shift], "z", repeats: true),
                      function(.key(.home)), function(.key(.up), repeats: true), function(.key(.end)),
                      Key(label: "PgUp", action: .key(.keysym("Prior")), style: .function),
                      Key(label: "del", action: .key(.delete), style: .function, repeats: true)]
        let third = [function(.modifier(.shift), weight: 1.5), function(.key(.left), repeats: true),
                     function(.key(.down), repeats: true), function(.key(.right), repeats: true),
                     Key(label: "PgDn", action: .key(.keysym("Next")), style: .function), function(.key(.returnKey), weight: 1.5)]
        let rows: [[StackItem]] = [first, second, third].map { $0.map(StackItem.key) } + [lastRow(altgrKey)]
        return Stack(axis: .vertical, items: rows.map { .stack(Stack(axis: .horizontal, distribution: .proportional, items: $0)) })
    }

    /// AltGr, Fn, ☺, ⚙, ctrl, alt, space, ←, ↑ over ↓, →, the grip.
    func lastRow(_ altgrKey: AltGrKey?, functions: Bool = false) -> [StackItem] {
        var row: [StackItem] = []
        switch altgrKey {
        case .off?:
            row.append(.key(Key(label: "AltGr", action: .layer(Self.altgrLayer), weight: 1.5, style: .function)))
        case .on?:
            row.append(.key(Key(label: "AltGr", action: .layer(Self.lettersLayer), weight: 1.5, style: .accent)))
        case nil:
            break
        }
        row.append(.key(functions ? Key(label: "Fn", action: .layer(Self.lettersLayer), style: .accent)
                                  : Key(label: "Fn", action: .layer(Self.functionsLayer), style: .function)))
        row.append(.key(Key(label: EmojiPanel.switchLabel, action: .layer(EmojiPanel.entryLayer), style: .function)))
        row.append(.key(function(.settings)))
        row.append(.key(function(.modifier(.ctrl), weight: 1.25)))
        row.append(.key(function(.modifier(.alt), weight: 1.25)))
        row.append(.key(Key(label: info.description, action: .space, weight: 4, repeats: true)))
        row.append(.key(function(.key(.left), repeats: true)))
        row.append(.stack(Stack(axis: .vertical, spacing: 2,
                                items: [.key(function(.key(.up), repeats: true)), .key(function(.key(.down), repeats: true))])))
        row.append(.key(function(.key(.right), repeats: true)))
        row.append(.key(function(.move)))
        return row
    }

    /// A key with the action's default label and style (`KeyDefaults`).
    func function(_ action: Action, weight: Double = 1, repeats: Bool = false) -> Key {
        Key(label: KeyDefaults.label(for: action), action: action, weight: weight, style: KeyDefaults.style(for: action),
            repeats: repeats)
    }
}

/// A key chord sent as one: modifiers held around one key (`ctrl+c`, `ctrl+shift+z`). A key of
/// the editing panel sends one with the application's usual shortcut for select all, cut, copy,
/// paste, undo or redo, without the user latching ctrl first.
public struct Shortcut: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The modifiers held around the key.
    public var modifiers: Set<Modifier>
    /// The key, by its X keysym name (`c`, `z`, `Insert`); a letter is its lower case.
    public var key: String

    /// A chord of `modifiers` and the keysym `key`.
    public init(modifiers: Set<Modifier>, key: String) {
        self.modifiers = modifiers
        self.key = key
    }

    /// The chord as people write it: modifiers in the usual order (ctrl, alt, super, shift,
    /// altgr), then the key (`ctrl+shift+z`).
    public var description: String {
        (Self.writtenOrder.filter(modifiers.contains).map(\.rawValue) + [key]).joined(separator: "+")
    }

    /// The order modifiers are written in.
    static let writtenOrder: [Modifier] = [.ctrl, .alt, .super, .shift, .altgr]

    /// The chord a terminal uses for the same thing: ctrl+c and ctrl+v copy and paste with shift
    /// added (ctrl+shift+c, ctrl+shift+v), since a terminal keeps ctrl+c for interrupting the
    /// program and ctrl+v for quoting the next key. Every other chord is the same.
    public var inTerminal: Shortcut {
        guard modifiers == [.ctrl], key == "c" || key == "v" else { return self }
        return Shortcut(modifiers: [.ctrl, .shift], key: key)
    }

    /// Reads `ctrl+c`, `ctrl+shift+z`, `alt+F4`: modifier names (shift, ctrl, alt, super, altgr)
    /// joined by `+`, then one key: a letter or digit, or an X keysym name. Throws a message that
    /// says what is wrong and what is expected.
    public static func parse(_ text: String) throws(ShortcutError) -> Shortcut {
        let parts = text.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        guard let last = parts.last, parts.count >= 2, !last.isEmpty else {
            if parts.count < 2 {
                throw ShortcutError("\(quoted(text)) has no modifier; a shortcut is modifiers and a key joined by +, "
                                    + "like \"ctrl+c\" (for one key alone use the keysym action)")
            }
            throw ShortcutError("\(quoted(text)) ends without a key; write the key after the last +, like \"ctrl+c\"")
        }
        var modifiers: Set<Modifier> = []
        for name in parts.dropLast() {
            guard let modifier = Modifier(rawValue: name.lowercased()) else {
                let names = Modifier.allCases.map(\.rawValue)
                let hint = Self.modifierSynonyms[name.lowercased()].map { "; did you mean \(quoted($0.rawValue))? Valid modifiers: \(names.joined(separator: ", "))." }
                    ?? Suggestion.hint(name.lowercased(), in: names, list: "modifiers")
                throw ShortcutError("unknown modifier \(quoted(name)) in \(quoted(text))" + hint)
            }
            guard modifiers.insert(modifier).inserted else {
                throw ShortcutError("\(quoted(name)) appears twice in \(quoted(text)); name each modifier once")
            }
        }
        guard last.utf8.count <= 64, last.utf8.allSatisfy(isKeysymByte) else {
            throw ShortcutError("\(quoted(last)) in \(quoted(text)) is not a key: expected a letter, a digit or an X keysym "
                                + "name (letters, digits and _ only, like \"c\", \"Insert\", \"F4\")")
        }
        let key = last.count == 1 ? last.lowercased() : last
        return Shortcut(modifiers: modifiers, key: key)
    }

    /// Names people write for a modifier that the format spells otherwise.
    static let modifierSynonyms: [String: Modifier] = [
        "control": .ctrl, "ctl": .ctrl, "strg": .ctrl, "meta": .alt, "option": .alt, "win": .super,
        "windows": .super, "cmd": .super, "command": .super, "logo": .super, "mod4": .super, "mod1": .alt,
        "level3": .altgr, "alt_gr": .altgr,
    ]

    private static func quoted(_ s: String) -> String { "\"" + s + "\"" }

    private static func isKeysymByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
    }
}

/// Why a shortcut could not be read, in words that say what to write instead.
public struct ShortcutError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The message.
    public let message: String
    /// An error saying `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }
}

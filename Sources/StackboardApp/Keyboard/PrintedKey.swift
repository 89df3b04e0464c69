import StackboardCore

/// The `--print` line of a typed key: a text key's text, `<Return>` for a named key, and with
/// latched modifiers `<ctrl+c>` or `<ctrl+alt+Delete>` (modifiers in a fixed order).
enum PrintedKey {
    /// The line for `.type(text, modifiers)`.
    static func line(text: String, modifiers: Set<Modifier>) -> String {
        modifiers.isEmpty ? text : bracketed(modifiers, text)
    }

    /// The line for `.key(key, modifiers)`.
    static func line(key: NamedKey, modifiers: Set<Modifier>) -> String {
        bracketed(modifiers, key.keysymName)
    }

    private static func bracketed(_ modifiers: Set<Modifier>, _ name: String) -> String {
        "<" + (modifiers.sorted().map(\.rawValue) + [name]).joined(separator: "+") + ">"
    }
}

import CX11
import CXKBCommon
import StackboardCore

/// A key typed on a physical keyboard into the entry window, as the entry field sees it.
public enum TypedKey: Equatable, Hashable, Sendable {
    /// A key that types text (already shifted; Caps Lock and AltGr applied).
    case text(String)
    /// An editing key: BackSpace, Delete, Return, Escape, the arrows, Home, End.
    case key(NamedKey)
    /// The keypad's decimal key: whatever it prints, the field takes the locale's separator.
    case decimalSeparator
}

extension TypedKey {
    /// Translates a KeyPress: the keysym with the event's modifiers applied, then its text
    /// (through xkbcommon, so every Unicode keysym has one). Control and Alt chords, function
    /// keys and modifiers give nil.
    init?(keyPress event: inout XKeyEvent) {
        var keysym: KeySym = 0
        var latin1 = [CChar](repeating: 0, count: 16)
        _ = XLookupString(&event, &latin1, Int32(latin1.count), &keysym, nil)
        if let named = Self.named(keysym) {
            self = named
            return
        }
        guard event.state & UInt32(ControlMask | Mod1Mask) == 0 else { return nil }
        var utf8 = [CChar](repeating: 0, count: 16)
        let n = xkb_keysym_to_utf8(xkb_keysym_t(truncatingIfNeeded: keysym), &utf8, utf8.count)
        guard n > 1 else { return nil }
        let text = String(decoding: utf8.prefix(Int(n) - 1).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return nil }
        self = .text(text)
    }

    /// The editing keys, main block and keypad alike.
    private static func named(_ keysym: KeySym) -> TypedKey? {
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_BackSpace: return .key(.backspace)
        case XK_Delete, XK_KP_Delete: return .key(.delete)
        case XK_Return, XK_KP_Enter, XK_ISO_Enter: return .key(.returnKey)
        case XK_Escape: return .key(.escape)
        case XK_Left, XK_KP_Left: return .key(.left)
        case XK_Right, XK_KP_Right: return .key(.right)
        case XK_Home, XK_KP_Home: return .key(.home)
        case XK_End, XK_KP_End: return .key(.end)
        case XK_KP_Decimal, XK_KP_Separator: return .decimalSeparator
        default: return nil
        }
    }
}

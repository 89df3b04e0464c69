import CX11
import CXKBCommon

/// Unicode text and key names to X keysyms.
enum CharacterKeysyms {
    /// Return, Tab, BackSpace, Escape, Delete.
    static let returnKey: UInt = 0xff0d, tab: UInt = 0xff09, backSpace: UInt = 0xff08, escape: UInt = 0xff1b, delete: UInt = 0xffff

    /// The keysyms that type `text`, one per Unicode scalar (a CR LF pair is one Return);
    /// nil when the text holds a control character without a key.
    static func keysyms(for text: String) -> [UInt]? {
        // A key of the keyboard: printable ASCII is its own keysym (xkbcommon's answer too).
        if text.utf8.count == 1, let byte = text.utf8.first, byte >= 0x20, byte < 0x7f { return [UInt(byte)] }
        var out: [UInt] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for character in text {
            if character == "\r\n" { out.append(returnKey); continue }
            for scalar in character.unicodeScalars {
                guard let ks = keysym(for: scalar) else { return nil }
                out.append(ks)
            }
        }
        return out
    }

    /// The keysym of one scalar: the legacy keysym when there is one (so that Cyrillic on a
    /// Russian map is found, not remapped) and Xlib reads it as that scalar too, else
    /// 0x01000000 + code point; newline and carriage
    /// return are Return, tab Tab, U+0008 BackSpace, U+001B Escape, U+007F Delete.
    static func keysym(for scalar: Unicode.Scalar) -> UInt? {
        switch scalar.value {
        case 0x0a, 0x0d: return returnKey
        case 0x09: return tab
        case 0x08: return backSpace
        case 0x1b: return escape
        case 0x7f: return delete
        case 0x00..<0x20, 0x80..<0xa0: return nil
        default:
            let ks = UInt(xkb_utf32_to_keysym(scalar.value))
            return ks == 0 || xlibReadsOtherwise.contains(ks) ? 0x0100_0000 + UInt(scalar.value) : ks
        }
    }

    /// Legacy keysyms that xkbcommon gives for one character and Xlib's lookup decodes as
    /// another: leftanglebracket and rightanglebracket are ⟨ ⟩ (U+27E8/9) to xkbcommon and
    /// ‹ › (U+2039/A) to Xlib, so ⟨ ⟩ are typed with their Unicode keysyms.
    static let xlibReadsOtherwise: Set<UInt> = [0xabc, 0xabe]

    /// Whether `keysym` stands for a printable character (Caps Lock would change its case).
    static func isPrintable(_ keysym: UInt) -> Bool {
        if keysym >= 0x20 && keysym < 0x7f { return true } // ASCII: its own code point
        let u = xkb_keysym_to_utf32(UInt32(truncatingIfNeeded: keysym))
        return u >= 0x20 && u != 0x7f
    }

    /// The keysym of an X keysym name (`Return`, `F1`, `XF86AudioMute`, `U20AC`); nil when unknown.
    static func keysym(named name: String) -> UInt? {
        guard !name.isEmpty, name.utf8.count < 128 else { return nil }
        let ks = XStringToKeysym(name)
        return ks == 0 || ks == 0xff_ffff ? nil : UInt(ks)
    }
}

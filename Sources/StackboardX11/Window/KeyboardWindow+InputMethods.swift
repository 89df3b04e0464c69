import CX11

extension KeyboardWindow {
    /// The X input method servers the display announces: the atom names in the root window's
    /// `XIM_SERVERS` (`@server=ibus`, `@server=fcitx`), [] when none runs.
    public func inputMethodServers() -> [String] {
        let display = connection.display
        let reader = PropertyReader(display: display)
        let property = XInternAtom(display, "XIM_SERVERS", 1) // only if it exists: no server ever made it
        guard property != 0 else { return [] }
        var names: [String] = []
        connection.trappingErrors {
            let atoms = reader.values(property, of: connection.root, type: Atom(XA_ATOM))
            for atom in atoms where atom != 0 {
                guard let name = XGetAtomName(display, Atom(atom)) else { continue }
                names.append(String(cString: name))
                XFree(name)
            }
        }
        return names
    }
}

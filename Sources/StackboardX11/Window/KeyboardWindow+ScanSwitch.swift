import CX11

extension KeyboardWindow {
    /// Makes `scanSwitch` the switch of switch scanning; its presses come out of `input` as
    /// `.input(.switchPress)`.
    ///
    /// A mouse button needs nothing from the server: its presses on the keyboard window are
    /// already reported. A key is grabbed on the root window (XGrabKey, passive, for that key
    /// alone, with and without Caps Lock and Num Lock): the focus stays where it is, and while the
    /// keyboard runs no application gets that key. A key acts when released, a button when pressed. Throws when the key is not on the keyboard map
    /// or another program has grabbed it.
    public func setScanSwitch(_ scanSwitch: ScanSwitch) throws(WindowError) {
        guard !isDestroyed else { return }
        switch scanSwitch {
        case .button(let n):
            input.pointer.switchButton = UInt32(n)
        case .key(let name):
            let display = connection.display
            let keysym = XStringToKeysym(name)
            let keycode = keysym == 0 ? 0 : UInt32(XKeysymToKeycode(display, keysym))
            guard keycode != 0 else {
                throw WindowError(description: "cannot use '\(name)' as the scan switch: no key of this keyboard map "
                                  + "makes it; choose another key with --scan-switch, or a mouse button (button1)")
            }
            let refused = XErrorTrap.failed(on: display) { grabSwitchKey(keycode) }
            guard !refused else {
                ungrabSwitchKey(keycode)
                throw WindowError(description: "cannot use '\(name)' as the scan switch: another program has grabbed "
                                  + "that key; choose another key with --scan-switch, or a mouse button (button1)")
            }
            // Holding the switch must not repeat it: with detectable autorepeat a held key sends
            // repeated presses but one release, and the switch acts on the release.
            XkbSetDetectableAutoRepeat(display, 1, nil)
            input.pointer.switchKeycode = keycode
        }
    }

    /// No switch any more (scanning turned off): a switch button taps again, a switch key goes
    /// back to the applications.
    public func clearScanSwitch() {
        guard !isDestroyed else { return }
        input.pointer.switchButton = nil
        if let keycode = input.pointer.switchKeycode { ungrabSwitchKey(keycode) }
        input.pointer.switchKeycode = nil
    }

    /// Lets the switch key through for the keyboard's own typing: the injector may type the
    /// same key (a switch on `space`, and the space bar tapped). Call `resumeScanSwitchGrab`
    /// right after; requests run in order, and XTest delivers its events within its request.
    public func suspendScanSwitchGrab() {
        guard let keycode = input.pointer.switchKeycode else { return }
        ungrabSwitchKey(keycode)
    }

    /// Grabs the switch key again after `suspendScanSwitchGrab`.
    public func resumeScanSwitchGrab() {
        guard let keycode = input.pointer.switchKeycode else { return }
        grabSwitchKey(keycode)
    }

    /// The lock modifiers a grab must ignore: none, Caps Lock, Num Lock (Mod2) and both.
    private static let lockCombinations: [UInt32] = [0, UInt32(LockMask), UInt32(Mod2Mask), UInt32(LockMask | Mod2Mask)]

    private func grabSwitchKey(_ keycode: UInt32) {
        for modifiers in Self.lockCombinations {
            XGrabKey(connection.display, Int32(keycode), modifiers, connection.root, 0, GrabModeAsync, GrabModeAsync)
        }
    }

    private func ungrabSwitchKey(_ keycode: UInt32) {
        for modifiers in Self.lockCombinations {
            XUngrabKey(connection.display, Int32(keycode), modifiers, connection.root)
        }
    }
}

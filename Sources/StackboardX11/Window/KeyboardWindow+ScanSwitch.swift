import CX11

extension KeyboardWindow {
    /// Makes each of `switches` the scan switch of its number (1 to 5); their presses and
    /// releases come out of `input` as `.switched` events. Those before it are let go of first.
    ///
    /// A mouse button needs nothing from the server: its presses on the keyboard window are
    /// already reported (and its release, by the automatic grab of the press). A key is grabbed
    /// on the root window (XGrabKey, passive, for that key alone, with and without Caps Lock and
    /// Num Lock): the focus stays where it is, and while the keyboard runs no application gets
    /// that key. Throws, after taking the others, when a key is not on the keyboard map or
    /// another program has grabbed it.
    public func setScanSwitches(_ switches: [(input: ScanSwitch, number: Int)]) throws(WindowError) {
        guard !isDestroyed else { return }
        clearScanSwitches()
        var problem: WindowError?
        for (physical, number) in switches {
            switch physical {
            case .button(let n):
                input.pointer.switchButtons[UInt32(n)] = number
            case .key(let name):
                do { try grabSwitch(key: name, number: number) } catch { problem = problem ?? error }
            }
        }
        if let problem { throw problem }
    }

    /// No switches any more (scanning turned off): switch buttons tap again, switch keys go back
    /// to the applications.
    public func clearScanSwitches() {
        guard !isDestroyed else { return }
        input.pointer.switchButtons = [:]
        for keycode in input.pointer.switchKeys.keys { ungrabSwitchKey(keycode) }
        input.pointer.clearSwitchKeys()
    }

    /// Lets the switch keys through for the keyboard's own typing: the injector may type the
    /// same key (a switch on `space`, and the space bar tapped). Call `resumeScanSwitchGrab`
    /// right after; requests run in order, and XTest delivers its events within its request.
    public func suspendScanSwitchGrab() {
        for keycode in input.pointer.switchKeys.keys { ungrabSwitchKey(keycode) }
    }

    /// Grabs the switch keys again after `suspendScanSwitchGrab`.
    public func resumeScanSwitchGrab() {
        for keycode in input.pointer.switchKeys.keys { grabSwitchKey(keycode) }
    }

    private func grabSwitch(key name: String, number: Int) throws(WindowError) {
        let display = connection.display
        let keysym = XStringToKeysym(name)
        let keycode = keysym == 0 ? 0 : UInt32(XKeysymToKeycode(display, keysym))
        guard keycode != 0 else {
            throw WindowError(description: "cannot use '\(name)' as a scan switch: no key of this keyboard map "
                              + "makes it; choose another key with --scan-switch, or a mouse button (button1)")
        }
        let refused = XErrorTrap.failed(on: display) { grabSwitchKey(keycode) }
        guard !refused else {
            ungrabSwitchKey(keycode)
            throw WindowError(description: "cannot use '\(name)' as a scan switch: another program has grabbed "
                              + "that key; choose another key with --scan-switch, or a mouse button (button1)")
        }
        // A held switch must not repeat: with detectable autorepeat a held key sends repeated
        // presses but one release (the repeats are dropped).
        XkbSetDetectableAutoRepeat(display, 1, nil)
        input.pointer.switchKeys[keycode] = number
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

import StackboardX11

/// The keyboard's and the entry's top-level window: painted through its back buffer, with a
/// popup window for the alternates.
extension KeyboardWindow: PopupSurface {}

/// StackboardKit's child window in a host's window (no popup: a keypad there has no long press).
extension ChildWindow: KeypadSurface {}

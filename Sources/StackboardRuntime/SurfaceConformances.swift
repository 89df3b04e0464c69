import StackboardX11

/// The keyboard's and the entry's top-level window: painted through its back buffer, with
/// popup windows for the alternates and the key preview.
extension KeyboardWindow: PopupSurface, PreviewSurface {}

/// StackboardKit's child window in a host's window (no popup: a keypad there has no long press).
extension ChildWindow: KeypadSurface {}

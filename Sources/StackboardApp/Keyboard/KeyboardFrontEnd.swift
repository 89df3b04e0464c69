import StackboardCore
import StackboardRuntime
import StackboardX11

/// What the keyboard's controller asks of its window: the X window, or a fake in the unit tests.
protocol KeyboardWindowing: PopupSurface {
    /// Maps the window (`now`: when to ask again if the window manager drops the request).
    func show(now: Double)
    /// Unmaps the window and the popup.
    func hide()
    /// Lets the scan switch key through while the keyboard types (it stays grabbed otherwise).
    func suspendScanSwitchGrab()
    /// Grabs the scan switch key again.
    func resumeScanSwitchGrab()
}

/// What the controller asks of the injector.
protocol KeyTyping: AnyObject {
    /// Types `text` with `modifiers` held.
    func type(_ text: String, modifiers: Set<Modifier>) throws(InjectorError)
    /// Sends the named key with `modifiers` held.
    func key(_ key: NamedKey, modifiers: Set<Modifier>) throws(InjectorError)
    /// Releases every injected key that is still down.
    func releaseAll()
}

/// Where the controller publishes whether the keyboard is shown and which layout it shows
/// (the X control channel; a fake in the tests).
protocol KeyboardPublishing: AnyObject {
    /// `shown` or `hidden`.
    func publish(state: String)
    /// The layout's name.
    func publish(layout: String)
}

extension KeyboardWindow: KeyboardWindowing {}

extension Injector: KeyTyping {}

extension ControlChannel: KeyboardPublishing {}

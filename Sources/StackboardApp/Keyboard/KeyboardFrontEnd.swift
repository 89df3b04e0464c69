import StackboardCore
import StackboardRuntime
import StackboardX11

/// What the keyboard's controller asks of its window: the X window, or a fake in the unit tests.
protocol KeyboardWindowing: PopupSurface, PreviewSurface {
    /// Maps the window (`now`: when to ask again if the window manager drops the request).
    func show(now: Double)
    /// Unmaps the window and the popup.
    func hide()
    /// Lets the scan switch key through while the keyboard types (it stays grabbed otherwise).
    func suspendScanSwitchGrab()
    /// Grabs the scan switch key again.
    func resumeScanSwitchGrab()
    /// Floating or docked now.
    var placement: WindowPlacement { get }
    /// The screen's size in pixels.
    var screenSize: Size { get }
    /// Whether a window manager runs that moves and resizes windows for their clients.
    var windowManagerMovesWindows: Bool { get }
    /// Hands a drag of the core pointer, now at `root`, to the window manager.
    func beginWindowManagerDrag(_ kind: WindowDragKind, at root: Point)
    /// Whether a pointer button is down now (a window manager's drag is still going).
    var pointerButtonDown: Bool { get }
    /// The window's frame in root pixels now.
    func rootFrame() -> Rect?
    /// Moves and resizes the window (root pixels).
    func move(to frame: Rect)
    /// The smallest size a user may resize the window to.
    func setMinimumSize(_ minimum: Size, frame: Rect)
    /// Docks or floats the window at `frame`; `remap`: around the change (a window manager runs).
    func setPlacement(_ placement: WindowPlacement, frame: Rect, remap: Bool)
    /// What the next release does before it is reported (nil: nothing); false when refused.
    func setReleaseTrigger(_ trigger: ReleaseTrigger?) -> Bool
}

/// What the controller asks of the injector.
protocol KeyTyping: AnyObject {
    /// Types `text` with `modifiers` held.
    func type(_ text: String, modifiers: Set<Modifier>) throws(InjectorError)
    /// Sends the named key with `modifiers` held.
    func key(_ key: NamedKey, modifiers: Set<Modifier>) throws(InjectorError)
    /// Releases every injected key that is still down.
    func releaseAll()
    /// Plans the key of `text` ahead of the release that types it; false when it cannot be.
    func armKey(_ text: String) -> Bool
    /// Forgets the key planned ahead.
    func disarmKey()
    /// Sends the key planned ahead, if it still holds; true when it went out.
    func sendArmedKey() -> Bool
    /// Drops the keys still waiting for the application: the field they were for is gone.
    func dropDeferred()
    /// The keys dropped since the last call, instead of being typed late or elsewhere (nil: none).
    func takeDropped() -> DroppedKeys?
}

/// Where the controller publishes whether the keyboard is shown and which layout it shows
/// (the X control channel; a fake in the tests).
protocol KeyboardPublishing: AnyObject {
    /// `shown` or `hidden`.
    func publish(state: String)
    /// The layout's name.
    func publish(layout: String)
}

extension KeyboardWindow: KeyboardWindowing {
    var screenSize: Size { connection.screenSize }
}

extension Injector: KeyTyping {}

extension ControlChannel: KeyboardPublishing {}

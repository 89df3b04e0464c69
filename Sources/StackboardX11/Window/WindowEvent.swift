import CX11
import StackboardCore

/// What happened to the keyboard window and around it, as the X event pump (`XEventPump`)
/// reports it to the application, in the order the server reported the causes.
public enum WindowEvent: Equatable, Sendable {
    /// The pointer pressed, moved or released (window pixels; pointer 0 is the core pointer).
    case input(InputEvent)
    /// A scan switch went down or up (a mouse button, a grabbed key, a switch device's button).
    case switched(SwitchEvent)
    /// Where pointer `pointer` is in root pixels, for its `.input` that comes next (a window the
    /// keyboard moves itself under a dragging finger needs it: window pixels move with it).
    case rootPosition(pointer: Int, Point)
    /// The window got a new size: lay the keys out again and repaint everything.
    case resized(Size)
    /// The window manager asked the window to close (WM_DELETE_WINDOW), or someone destroyed it.
    case closeRequested
    /// The window became visible (mapped).
    case shown
    /// The window was unmapped (hidden by us or by the window manager).
    case hidden
    /// Another `stackboard` process sent a command through the control channel.
    case control(ControlCommand)
    /// The screen or its monitors changed (RandR; read `MonitorWatcher.layout()` once the turn's
    /// events are done: one change comes as several events).
    case monitorsChanged
    /// The window was moved or resized by someone (a window manager may undo a change).
    case windowConfigured
    /// matchbox's show/hide protocol asked for something (`InvokerListener`).
    case invoked(InvokerCommand)
    /// Elsewhere on the display, something changed where the caret is or what is before it
    /// (`ContextWatcher`).
    case context(ContextNews)
    /// A press of a pointer or a finger outside the keyboard (one or more, each told once); it
    /// comes before the keyboard's own press that followed it (`OutsidePresses`).
    case pressedOutside
    /// Keys typed into the entry window, and the XEmbed conversation of a plug (`EntryInputCollector`).
    case entry(EntryInput)
    /// Button 1 on the summon button (`SummonWindow`).
    case summon(SummonInput)
    /// A click on the keyboard's icon in an XEmbed system tray (`TrayIconWindow`).
    case trayClicked
}

/// A numbered scan switch went down or up. What each number does depends on the scan mode
/// (StackboardScan's `ScanMode.role(ofSwitch:)`).
public struct SwitchEvent: Equatable, Hashable, Sendable {
    /// The switch, 1 to 5.
    public var number: Int
    /// Down (true) or up.
    public var pressed: Bool
    /// The switch is a grabbed key: while it is down the server gives the whole keyboard to the
    /// keyboard's grab, so a key typed in answer must wait for its release.
    public var holdsKeyboard: Bool

    /// An event with every property given.
    public init(number: Int, pressed: Bool, holdsKeyboard: Bool = false) {
        self.number = number
        self.pressed = pressed
        self.holdsKeyboard = holdsKeyboard
    }
}

/// One physical scan switch on the display.
public enum ScanSwitch: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A mouse button (1 to 9) pressed on the keyboard window: no grab, the pointer must be over
    /// the keyboard. While it is the switch, that button does not tap keys.
    case button(Int)
    /// A key of a physical keyboard by X keysym name (`space`, `F12`): grabbed on the root window
    /// (a passive grab of that one key, which never moves the focus), so no application gets it.
    /// It acts when released.
    case key(String)

    /// `button1` to `button9`, or an X keysym name; nil for anything else.
    public init?(parsing text: String) {
        if text.hasPrefix("button"), let n = Int(text.dropFirst(6)), (1...9).contains(n), text.count == 7 {
            self = .button(n)
        } else if !text.hasPrefix("button"), CharacterKeysyms.keysym(named: text) != nil {
            self = .key(text)
        } else {
            return nil
        }
    }

    /// `button3` or the keysym name, as given.
    public var description: String {
        switch self {
        case .button(let n): return "button\(n)"
        case .key(let name): return name
        }
    }
}

import CX11
#if canImport(Glibc)
import Glibc
#endif

/// Rewrites an XI2 pointer event (XI_ButtonPress, XI_ButtonRelease, XI_Motion) as the core
/// event the server would have sent had the window not selected XI2 pointer events: same
/// window, time, integer position (the sprite's pixel, like core events), modifier and button
/// state. `WindowInput`'s core pointer handling then works on it unchanged.
enum CorePointerEvent {
    /// The core event for `xi` (XI_ButtonPress, XI_ButtonRelease or XI_Motion), or nil for any
    /// other event type.
    static func make(from xi: XIDeviceEvent) -> XEvent? {
        var event = XEvent()
        let state = modifierState(xi.mods) | buttonState(xi.buttons)
        let x = pixel(xi.event_x), y = pixel(xi.event_y)
        let rootX = pixel(xi.root_x), rootY = pixel(xi.root_y)
        switch xi.evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            event.xbutton = XButtonEvent(
                type: xi.evtype == XI_ButtonPress ? ButtonPress : ButtonRelease,
                serial: xi.serial, send_event: xi.send_event, display: xi.display,
                window: xi.event, root: xi.root, subwindow: xi.child, time: xi.time,
                x: x, y: y, x_root: rootX, y_root: rootY,
                state: state, button: UInt32(clamping: xi.detail), same_screen: 1)
        case XI_Motion:
            event.xmotion = XMotionEvent(
                type: MotionNotify,
                serial: xi.serial, send_event: xi.send_event, display: xi.display,
                window: xi.event, root: xi.root, subwindow: xi.child, time: xi.time,
                x: x, y: y, x_root: rootX, y_root: rootY,
                state: state, is_hint: CChar(NotifyNormal), same_screen: 1)
        default:
            return nil
        }
        return event
    }

    /// Shift, Lock, Control and Mod1 to Mod5, as in a core event's state.
    private static func modifierState(_ mods: XIModifierState) -> UInt32 {
        UInt32(bitPattern: mods.effective) & 0xff
    }

    /// Button1Mask to Button5Mask for the buttons down (XI2 bit n is button n).
    private static func buttonState(_ buttons: XIButtonState) -> UInt32 {
        guard let mask = buttons.mask, buttons.mask_len > 0 else { return 0 }
        var state: UInt32 = 0
        for button in 1...5 where button / 8 < Int(buttons.mask_len) {
            if mask[button / 8] & UInt8(1 << (button % 8)) != 0 {
                state |= UInt32(Button1Mask) << UInt32(button - 1)
            }
        }
        return state
    }

    /// The pixel a position lies in (core events carry the sprite's integer position).
    private static func pixel(_ value: Double) -> Int32 {
        guard value.isFinite else { return 0 }
        return Int32(clamping: Int(floor(max(-1e9, min(1e9, value)))))
    }
}

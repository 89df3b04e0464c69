import CX11
import StackboardCore

/// A switch interface that is an input device of its own (a USB switch box, a joystick's
/// buttons), chosen by its XInput name (`--scan-device`): its buttons and keys are scan
/// switches 1 to 5 (`SwitchDevice.number(button:)`, `number(keysym:)`).
///
/// Read on a connection of its own, through an active XInput 2 grab of that device alone
/// (`XIGrabDevice` on each slave device of that name, with the root as the grab window): a
/// grabbed slave is detached from its master for as long as the grab lasts, so its presses
/// reach no application and move no pointer, while the user's own keyboard and mouse are not
/// grabbed at all. The grab ends with the connection, so a keyboard that dies leaves the device
/// attached as it was (floating it instead would outlive the keyboard). docs/x11-facts.md.
public final class SwitchDevice: XEventHandler {
    /// The device's own connection (the pump reads it for this handler alone).
    public let connection: XConnection
    private let opcode: Int32
    /// The slave devices of that name that are grabbed.
    private let devices: Set<Int32>

    /// The switch a button is: buttons 1 to 5 are switches 1 to 5 (others: none).
    public static func number(button: Int) -> Int? { (1...5).contains(button) ? button : nil }

    /// The switch a key is: the digits 1 to 5 (or the keypad's) are switches 1 to 5; space and
    /// Return are switch 1 (select); others: none.
    public static func number(keysym: UInt) -> Int? {
        switch keysym {
        case 0x31...0x35: return Int(keysym - 0x30)                  // XK_1 ... XK_5
        case 0xffb1...0xffb5: return Int(keysym - 0xffb0)            // XK_KP_1 ... XK_KP_5
        case 0x20, 0xff0d, 0xff8d: return 1                          // space, Return, KP_Enter
        default: return nil
        }
    }

    /// Opens a connection to `displayName` and grabs every slave device called `name`. Throws,
    /// saying what to do, when there is no XInput 2, no such device, or it is grabbed already.
    public init(displayName: String, name: String) throws(WindowError) {
        guard let connection = try? XConnection(displayName: displayName) else {
            throw WindowError(description: "cannot open the display '\(displayName)' for the switch device")
        }
        let display = connection.display
        guard let xinput = try? XInputVersion.query(display) else {
            throw WindowError(description: "the display has no XInput 2: --scan-device '\(name)' cannot be read; use --scan-switch")
        }
        self.connection = connection
        opcode = xinput.opcode
        var count: Int32 = 0
        var found: [(id: Int32, use: Int32)] = []
        var names: [String] = []
        if let info = XIQueryDevice(display, XIAllDevices, &count) {
            for i in 0..<Int(count) where info[i].use == XISlaveKeyboard || info[i].use == XISlavePointer || info[i].use == XIFloatingSlave {
                let deviceName = info[i].name.map { String(cString: $0) } ?? ""
                names.append(deviceName)
                if deviceName == name { found.append((info[i].deviceid, info[i].use)) }
            }
            XIFreeDeviceInfo(info)
        }
        guard !found.isEmpty else {
            let known = names.filter { !$0.hasPrefix("Virtual core") }.map { "'\($0)'" }.joined(separator: ", ")
            throw WindowError(description: "no input device is called '\(name)' (there are \(known)); "
                              + "give --scan-device a name 'xinput list' shows")
        }
        var bits = [UInt8](repeating: 0, count: 4)
        for event in [XI_KeyPress, XI_KeyRelease, XI_ButtonPress, XI_ButtonRelease] { bits[Int(event >> 3)] |= UInt8(1 << (event & 7)) }
        var grabbed: Set<Int32> = []
        for device in found {
            let status = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
                var mask = XIEventMask(deviceid: device.id, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
                return XIGrabDevice(display, device.id, connection.root, UInt(CurrentTime), 0, XIGrabModeAsync, XIGrabModeAsync, 0, &mask)
            }
            if status == GrabSuccess { grabbed.insert(device.id) }
        }
        guard !grabbed.isEmpty else {
            throw WindowError(description: "cannot take the input device '\(name)': another program has grabbed it; "
                              + "close that program, or use --scan-switch")
        }
        devices = grabbed
        connection.flush()
    }

    /// The device's presses and releases.
    public var routes: [XEventRoute] {
        [XI_KeyPress, XI_KeyRelease, XI_ButtonPress, XI_ButtonRelease].map { .generic(extension: opcode, evtype: $0) }
    }

    /// A press or release of the device: `.switched` when it is one of the five switches (a
    /// key's repeats are left out).
    public func handle(_ event: XEventRef, in batch: inout XEventBatch) -> Bool {
        let display = connection.display
        let e = event.pointer
        guard e.pointee.type == GenericEvent, e.pointee.xcookie.extension == opcode,
              XGetEventData(display, &e.pointee.xcookie) != 0, let data = e.pointee.xcookie.data else { return false }
        let device = data.assumingMemoryBound(to: XIDeviceEvent.self).pointee
        let evtype = e.pointee.xcookie.evtype
        XFreeEventData(display, &e.pointee.xcookie)
        guard devices.contains(device.deviceid) || devices.contains(device.sourceid) else { return true }
        let number: Int?
        switch evtype {
        case XI_ButtonPress, XI_ButtonRelease:
            number = Self.number(button: Int(device.detail))
        default:
            guard device.flags & XIKeyRepeat == 0 else { return true }
            number = Self.number(keysym: UInt(XkbKeycodeToKeysym(display, KeyCode(truncatingIfNeeded: device.detail), 0, 0)))
        }
        if let number {
            batch.append(.switched(SwitchEvent(number: number, pressed: evtype == XI_KeyPress || evtype == XI_ButtonPress)))
        }
        return true
    }
}

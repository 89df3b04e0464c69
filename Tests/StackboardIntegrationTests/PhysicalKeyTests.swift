import CX11
import Foundation
import Testing

/// A physical keyboard next to the on-screen one (Xorg with an inputtest keyboard device):
/// its keys hide the keyboard with `--hide-on-physical-keys`, keys sent through XTest (xdotool,
/// the keyboard's own typing, another on-screen keyboard) neither hide it nor wake it, and a
/// keyboard that is taken off its master and put back is followed.
@Suite(.enabled(if: XorgTouchSession.unavailableReason == nil,
                "Xorg cannot start here: \(XorgTouchSession.unavailableReason ?? "")"))
struct PhysicalKeyTests {
    /// X keycode of `a` on the default evdev keymap.
    static let keycodeA: UInt32 = 38

    @Test func xtestKeysLeaveTheKeyboardAsleepAndAPhysicalKeyHidesIt() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let keyboard = try RunningKeyboard(session, ["--hidden", "--hide-on-physical-keys"], until: "hidden")
        #expect(keyboard.stackboard(["show"]).status == 0)
        try keyboard.waitForState("shown")

        // 100 keys through XTest, then a control command: once its layout is on, the keyboard
        // has read every event from before it. What happens once is done first, so that only
        // what the keys cost is counted, however slow the machine: the first XTest key switches
        // the core keyboard's device (the keyboard reads the keymap again, about 5 wake-ups) and
        // the first switch to a layout lets Pango match fonts for its label sizes on threads the
        // loop waits for (12 to 21 wake-ups, against 2 to 8 for a later switch).
        let warmUp = session.run("xdotool", ["type", "a"])
        #expect(warmUp.status == 0, "xdotool: \(warmUp.stderr)")
        try Self.switchLayout(keyboard, to: "numeric")
        try Self.switchLayout(keyboard, to: "qwerty")
        let before = try Self.wakeUps(keyboard.child.pid)
        let typed = session.run("xdotool", ["type", "--delay", "2", String(repeating: "abcdefghij", count: 10)])
        #expect(typed.status == 0, "xdotool: \(typed.stderr)")
        try Self.switchLayout(keyboard, to: "numeric")
        let woken = try Self.wakeUps(keyboard.child.pid) - before
        #expect(keyboard.stackboard(["status"]).stdout == "shown\n", "keys from XTest hid the keyboard")
        // Before XTest keys were left out of the selection, each woke the keyboard (100 here).
        #expect(woken < 30, "the keyboard woke \(woken) times for 100 keys typed through XTest")

        // One key of the physical keyboard hides it.
        try session.keyboard.tap(keycode: Self.keycodeA)
        try session.keyboard.sync()
        try keyboard.waitForState("hidden")
        #expect(keyboard.child.poll() == nil, "the keyboard exited: \(keyboard.child.stderr)")
    }

    @Test func aKeyboardTakenOffItsMasterAndPutBackIsFollowed() throws {
        let session = try XorgTouchSession()
        defer { session.close() }
        let keyboard = try RunningKeyboard(session, ["--hidden", "--hide-on-physical-keys"], until: "hidden")
        let host = try ControlHost(session)
        let device = try #require(Self.deviceID(named: "keyboard", host.display), "no inputtest keyboard among the devices")
        let master = try #require(Self.deviceID(named: "Virtual core keyboard", host.display))
        #expect(keyboard.stackboard(["show"]).status == 0)
        try keyboard.waitForState("shown")

        // Floating, it types into nothing: its key changes nothing. Each layout command is a
        // marker: once its layout is on, the keyboard has read every event from before it
        // (first the hierarchy change, then the key).
        Self.attach(device, to: nil, host.display)
        try Self.switchLayout(keyboard, to: "numeric")
        try session.keyboard.tap(keycode: Self.keycodeA)
        try session.keyboard.sync()
        try Self.switchLayout(keyboard, to: "qwerty")
        #expect(keyboard.stackboard(["status"]).stdout == "shown\n", "a floating keyboard's key hid the keyboard")

        // Attached again (a hot-plug looks the same to the keyboard): its key hides it.
        Self.attach(device, to: master, host.display)
        try Self.switchLayout(keyboard, to: "numeric")
        try session.keyboard.tap(keycode: Self.keycodeA)
        try session.keyboard.sync()
        try keyboard.waitForState("hidden")
    }

    static func switchLayout(_ keyboard: RunningKeyboard, to name: String) throws {
        #expect(keyboard.stackboard(["layout", name]).status == 0)
        try keyboard.waitForLayout(name)
    }

    /// Voluntary context switches of `pid`'s main thread: how often it slept and was woken.
    static func wakeUps(_ pid: pid_t) throws -> Int {
        guard let count = ProcStatus.voluntarySwitches("/proc/\(pid)/task/\(pid)/status") else {
            throw XSession.Failure(description: "no voluntary_ctxt_switches in /proc/\(pid)/task/\(pid)/status")
        }
        return count
    }

    /// The XInput id of the slave device named `name`.
    static func deviceID(named name: String, _ display: OpaquePointer) -> Int32? {
        var count: Int32 = 0
        guard let info = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(info) }
        return (0..<Int(count)).first { info[$0].name.map { String(cString: $0) } == name }.map { info[$0].deviceid }
    }

    /// Attaches slave `device` to master `master`, or floats it (nil).
    static func attach(_ device: Int32, to master: Int32?, _ display: OpaquePointer) {
        var change = XIAnyHierarchyChangeInfo()
        if let master {
            change.attach = XIAttachSlaveInfo(type: XIAttachSlave, deviceid: device, new_master: master)
        } else {
            change.detach = XIDetachSlaveInfo(type: XIDetachSlave, deviceid: device)
        }
        XIChangeHierarchy(display, &change, 1)
        XSync(display, 0)
    }
}

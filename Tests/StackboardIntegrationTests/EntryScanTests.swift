import Foundation
import Testing

/// `stackboard entry --scan`: a switch user types a PIN with switches alone. Step scanning (no
/// timer: nothing moves unless a switch moves it) with its default switches, mouse buttons on the
/// entry window: button 1 is next, button 3 is select. The pad (digits in order, `--no-shuffle`)
/// is scanned key by key from the top: 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 OK.
@Suite struct EntryScanTests {
    /// The clicks that pick the key `steps` places from the top: next `steps` times, then select.
    static func pick(_ steps: Int) -> [String] {
        Array(repeating: ["click", "1"], count: steps).flatMap { $0 } + ["click", "3"]
    }

    @Test func aPINIsTypedBySwitchesAloneAndPrintedOnStdout() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "pin", "--no-shuffle", "--scan", "--scan-mode", "step"])
        // The pointer rests on the 5 (the fifth key): had the buttons tapped, 5s would be typed.
        let keys = try entry.frames().filter { $0.field != true }
        try #require(keys.count == 12, "\(keys)")
        let five = keys[4]
        entry.pointer([entry.at(five.center.x, five.center.y)])
        // 1, 2, backspace, 0, OK: every pick starts again at the top.
        entry.xdotool(Self.pick(0) + Self.pick(1) + Self.pick(9) + Self.pick(10) + Self.pick(11))
        #expect(entry.exitStatus(timeout: 10) == 0)
        #expect(entry.child.stdout == "10\n")
        #expect(entry.child.stderr.isEmpty, "\(entry.child.stderr)")
    }

    /// A switch box of its own (`--scan-device`): its key 2 is next and its key 1 select in step
    /// scanning. The entry takes the focus, so a key of the box not taken would type its digit.
    @Test func aSwitchDevicesKeysScanThePadAndTypeNoDigitOfTheirOwn() throws {
        let session = try XSession()
        defer { session.close() }
        let box = try Tools.cTool("switchbox", libs: ["-lX11", "-lXi", "-lXtst"])
        func run(_ args: [String]) {
            let r = session.run(box, args)
            #expect(r.status == 0, "switchbox \(args): \(r.stderr)")
        }
        run(["add", "Switch"])
        let device = "Switch XTEST keyboard"
        let entry = try RunningEntry(session, ["--layout", "pin", "--no-shuffle", "--scan-mode", "step", "--scan-device", device])
        try entry.waitForFocus()
        func pick(_ steps: Int) {
            for key in Array(repeating: "2", count: steps) + ["1"] {
                run(["key", device, key, "press"])
                run(["key", device, key, "release"])
            }
        }
        pick(1)   // 2
        pick(10)  // 0
        pick(11)  // OK
        #expect(entry.exitStatus(timeout: 10) == 0)
        #expect(entry.child.stdout == "20\n")
        #expect(entry.child.stderr.isEmpty, "\(entry.child.stderr)")
    }
}

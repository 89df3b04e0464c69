import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The sound device vanishing (its FIFO's reader closes it) or stalling (the reader stops
/// reading, the pipe fills up) while the keyboard clicks: typing goes on exactly, the keyboard
/// keeps running and says nothing (SoundCheckTests covers the click player alone).
@Suite struct FaultSoundTests {
    enum Fault: String, CaseIterable { case vanishes, stalls }

    @Test(arguments: Fault.allCases)
    func typingIsUnaffectedWhenTheSoundDevice(_ fault: Fault) throws {
        let fx = try SoundFixture(fifo: true)
        let reader = open(fx.output, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        var readerOpen = true
        defer { if readerOpen { close(reader) } }
        let rig = try TypingRig()
        let kb = try RunningKeyboard(rig.session, ["--sound-device", "stackboardtest"], sound: true,
                                     env: ["ALSA_CONFIG_PATH": fx.environment["ALSA_CONFIG_PATH"] ?? ""])
        // Type until the device has taken clicks (ALSA's file plugin writes in chunks of a few
        // clicks), so that it is in use when it goes.
        var expected = ""
        var got = 0
        var buffer = [UInt8](repeating: 0, count: 65536)
        for _ in 0..<20 where got == 0 {
            try kb.tap(labels: ["h", "e", "l", "l", "o"])
            expected += "hello"
            #expect(rig.waitForText(expected) == expected)
            let n = read(reader, &buffer, buffer.count)
            if n > 0 { got += n }
        }
        #expect(got > 0, "the clicks reached the device before the fault")
        switch fault {
        case .vanishes:
            close(reader)
            readerOpen = false
        case .stalls:
            break // the reader stays open and reads no more: after 64 KiB every write blocks
        }
        let word = ["w", "o", "r", "l", "d"]
        for _ in 0..<12 {
            try kb.tap(labels: word)
            expected += "world"
        }
        #expect(rig.waitForText(expected) == expected)
        #expect(kb.child.poll() == nil, "the keyboard is still running")
        #expect(kb.child.stderr.isEmpty, "\(kb.child.stderr)")
        kill(kb.child.pid, SIGTERM)
        #expect(kb.child.wait(timeout: 10) == 0, "a stalled device must not hold up the exit: \(kb.child.stderr)")
        #expect(rig.state().keys == [])
    }
}

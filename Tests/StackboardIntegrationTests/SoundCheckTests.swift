import Foundation
import Testing
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Click sounds through real ALSA with no sound card: `stackboard sound-check` in a child process
/// plays into the `type file` PCM of the test configuration (see SoundFixture), and the recording is
/// compared byte for byte with the shipped samples.
///
/// The exact rule: the player hands ALSA each click as the volume-scaled sample followed by zero
/// frames up to a whole number of periods (so a device runs out of data on silence, at a period
/// boundary). The `file` plugin records every frame handed to it, and the `null` PCM behind it
/// takes them at once (nothing is ever still playing, so nothing is cut). So after N clicks the
/// recording is exactly N such padded clicks, in order, and nothing else.
@Suite struct SoundCheckTests {
    @Test(arguments: [(ClickKind.character, 7, 60), (.returnKey, 3, 37), (.modifier, 4, 100), (.delete, 1, 1)])
    func recordingHoldsExactlyTheSamplesOfNClicks(kind: ClickKind, count: Int, volume: Int) throws {
        let fx = try SoundFixture()
        let r = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest", "--kind", kind.rawValue,
                                   "--count", "\(count)", "--volume", "\(volume)", "--interval", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty, "no ALSA messages: \(r.stderr)")
        let report = SoundCheckReport(r.stdout)
        #expect(report.channels == 1)
        try #require(report.periodFrames > 0, "sound-check prints the period: \(r.stdout)")
        #expect((report.requested, report.started, report.replaced, report.cut, report.failed) == (count, count, 0, 0, 0))

        #expect(r.stdout.contains("latency from play() to the first frames handed to ALSA: median "))
        #expect(r.stdout.contains("(last \(count) clicks)"), "one latency per click in the ring: \(r.stdout)")

        let click = try SoundFixture.expectedClick(kind, volume: volume, period: report.periodFrames)
        let diff = firstDifference(try fx.recorded(), Array([[UInt8]](repeating: click, count: count).joined()))
        #expect(diff == nil, "\(diff ?? "")")
        #expect(click.contains { $0 != 0 }, "the click is not silence")
    }

    @Test func everyKindInTurnThroughTheDefaultDevice() throws {
        // The fixture routes `default` to the recording PCM, as the keyboard's default device.
        let fx = try SoundFixture()
        let r = try fx.stackboard(["sound-check", "--kind", "all", "--count", "5", "--volume", "100", "--interval", "0"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("device \"default\""))
        let report = SoundCheckReport(r.stdout)
        try #require(report.periodFrames > 0)
        let expected = try ClickKind.allCases.flatMap {
            try SoundFixture.expectedClick($0, volume: 100, period: report.periodFrames)
        }
        let diff = firstDifference(try fx.recorded(), expected)
        #expect(diff == nil, "\(diff ?? "")")
    }

    @Test func aBurstOfPlaysNeverBuildsABacklog() throws {
        // 1000 play() calls back to back: each replaces the one still waiting, so the thread plays
        // only the ones it took, each complete, and every request is accounted for.
        let fx = try SoundFixture()
        let r = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest", "--count", "1000", "--burst"])
        #expect(r.status == 0, "\(r.stderr)")
        let report = SoundCheckReport(r.stdout)
        #expect(report.requested == 1000)
        #expect(report.started >= 1)
        #expect(report.started + report.replaced == 1000)
        #expect(report.failed == 0)
        let click = try SoundFixture.expectedClick(.character, volume: 60, period: report.periodFrames)
        let diff = firstDifference(try fx.recorded(), Array([[UInt8]](repeating: click, count: report.started).joined()))
        #expect(diff == nil, "every click that started was handed over whole: \(diff ?? "")")
    }

    @Test func playNeverWaitsForAHungDevice() throws {
        // The recording PCM writes into a FIFO that is full and never read: the playback thread
        // blocks inside snd_pcm_writei after a few clicks. 1000 play() calls over about a second
        // all return (the process finishes), almost all are replaced, none are queued up behind
        // the hung device, and sound-check reports the stall.
        let fx = try SoundFixture(fifo: true)
        let reader = open(fx.output, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        let writer = open(fx.output, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        let block = [UInt8](repeating: 0, count: 512)
        while write(writer, block, block.count) > 0 {}

        let r = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest", "--count", "1000",
                                   "--burst", "--interval", "1"])
        let report = SoundCheckReport(r.stdout)
        #expect(report.requested == 1000)
        #expect(report.started + report.replaced == 1000)
        #expect(report.started <= 10, "the hung device took only the first few: \(r.stdout)")
        #expect(r.status == 1)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("did not take the clicks"), "\(r.stderr)")
    }

    @Test func aDeviceThatGoesAwayIsLeftAloneAndNothingWaits() throws {
        // The FIFO's only reader takes the first 9600 bytes (5 character clicks) and goes away:
        // the file plugin's next write fails (EPIPE). The player gives the device up, skips the
        // clicks during its rest, and every play() still returns.
        let fx = try SoundFixture(fifo: true)
        let reader = open(fx.output, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        let child = try Child(Tools.stackboard, ["sound-check", "--sound-device", "stackboardtest", "--count", "60",
                                                 "--interval", "20"], environment: fx.environment, logDir: fx.dir)
        var got = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = Date().addingTimeInterval(30)
        while got < 9600, child.poll() == nil, Date() < deadline {
            let n = read(reader, &buffer, buffer.count)
            if n > 0 { got += n } else { usleep(2_000) }
        }
        close(reader)
        #expect(got >= 9600, "the device took clicks before it went away")
        let status = child.wait(timeout: 60)
        if status == nil { child.stop() }
        #expect(status == 1)
        let report = SoundCheckReport(child.stdout)
        #expect((report.requested, report.started, report.replaced) == (60, 60, 0))
        #expect(report.failed >= 1 && report.failed < 60, "\(child.stdout)")
        let lines = child.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains("clicks did not reach the sound device"), "\(child.stderr)")
    }

    @Test func aDeviceThatHangsWhileOpeningCostsOneLine() throws {
        // A FIFO with no reader: the file plugin's open blocks forever, in the playback thread.
        let fx = try SoundFixture(fifo: true)
        let r = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest"])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(r.stderr)")
        #expect(lines.first?.hasPrefix("stackboard: no sound (ALSA device \"stackboardtest\" did not open") == true, "\(r.stderr)")
    }

    @Test func anUnknownDeviceGivesOneLineAndNoALSASpam() throws {
        let fx = try SoundFixture()
        var env = ProcessInfo.processInfo.environment
        env["ALSA_CONFIG_PATH"] = nil // the system configuration, which logs "Unknown PCM" by default
        let r = try fx.stackboard(["sound-check", "--sound-device", "nosuchpcm"], env: env)
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == "stackboard: no sound (cannot open ALSA device \"nosuchpcm\": No such file or directory "
                + "(no sound card, or no PCM of that name)); pick another device with --sound-device PCM\n")
        #expect(!r.stderr.contains("ALSA lib"))
    }

    @Test func missingSamplesGiveOneLine() throws {
        let fx = try SoundFixture()
        let r = try fx.stackboard(["sound-check", "--sound-device", "stackboardtest", "--samples", fx.dir + "/none"])
        #expect(r.status == 1)
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.stderr.contains("cannot read click sample \"\(fx.dir)/none/character.wav\": No such file or directory"))
    }

    @Test(arguments: [
        (["--volume", "101"], "Option '--volume' wants a whole number from 0 to 100, not '101'."),
        (["--volume", "loud"], "Option '--volume' wants a whole number from 0 to 100, not 'loud'."),
        (["--sound-device", ""], "Option '--sound-device' wants an ALSA PCM name"),
        (["--kind", "beep"], "Option '--kind' wants one of character, delete, return, modifier, error, all, not 'beep'."),
        (["--count", "0"], "Option '--count' wants a whole number from 1 to 100000, not '0'."),
        (["--volum", "5"], "Unknown option '--volum'. Did you mean '--volume'?"),
    ])
    func badOptionsExitTwoWithAMessage(args: [String], message: String) throws {
        let fx = try SoundFixture()
        let r = try fx.stackboard(["sound-check"] + args)
        #expect(r.status == 2)
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect((try? fx.recorded()) == nil, "nothing was played")
    }

    @Test func helpDescribesTheOptionsAndTheCommandIsListed() throws {
        let fx = try SoundFixture()
        let help = try fx.stackboard(["sound-check", "--help"])
        #expect(help.status == 0)
        for option in ["--sound-device PCM", "--volume", "--count", "--kind", "--interval", "--burst", "--samples"] {
            #expect(help.stdout.contains(option), "\(option)")
        }
        #expect((try? fx.recorded()) == nil, "--help plays nothing")
        let list = try fx.stackboard(["--help"])
        #expect(list.stdout.contains("sound-check"))
    }

    @Test func samplesAreWhatTheCommittedScriptMakes() throws {
        let fx = try SoundFixture()
        let child = try Child("python3", [Tools.repoRoot + "/scripts/make-clicks.py", "--check"],
                              environment: ProcessInfo.processInfo.environment, logDir: fx.dir)
        #expect(child.wait(timeout: 60) == 0, "\(child.stdout)\(child.stderr)")
        #expect(child.stdout.contains("all samples match"))
    }
}

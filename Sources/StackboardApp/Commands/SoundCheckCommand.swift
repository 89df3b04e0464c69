import StackboardCore
import StackboardSound
import StackboardSystem

/// `stackboard sound-check`: plays clicks on an ALSA device with the keyboard's own player and
/// reports what the device took. A diagnostic for users ("do I hear the clicks?") and for tests.
/// Exit 0 when every click was handed to the device, 1 when there is no sound, the device stalled
/// or clicks failed (one line on stderr says which), 2 for bad options.
enum SoundCheckCommand {
    static let command = Command(.soundCheck, summary: "play clicks on a sound device and report how it went", help: help, run)

    static let help = """
        Usage: stackboard sound-check [--sound-device PCM] [--volume 0-100] [--count N] [--kind KIND]
                                      [--interval MS] [--burst] [--samples DIR]

        Plays N key clicks through ALSA with the keyboard's click player, then prints the device's
        format, what happened to the clicks and how long each took to reach the device.

        Options:
        \(SettingsHelp.options(for: .soundCheck))

        Exit status: 0 all clicks handed to the device, 1 no sound, a stalled device or failed clicks,
        2 bad options.
        """

    static func run(_ parsed: Arguments) throws(UsageError) -> Int32 {
        if let extra = parsed.positional.first {
            throw UsageError("sound-check takes no arguments, only options (found '\(extra)'); see 'stackboard sound-check --help'.")
        }
        let values = parsed.settings()
        let burst = values.bool(.burst)
        let options = SoundOptions(volume: values.int(.volume),
                                   device: values.given(.soundDevice)?.string ?? values.string(.device) ?? SoundOptions.defaultDevice)
        let count = values.int(.count)
        let interval = values.given(.clickInterval) == nil && burst ? 0 : values.int(.clickInterval)
        let kindName = values.string(.clickKind) ?? ClickKind.character.rawValue
        let kinds = kindName == "all" ? ClickKind.allCases : ClickKind(rawValue: kindName).map { [$0] } ?? [.character]
        guard let samples = values.string(.samples) ?? ClickSamples.defaultDirectory() else {
            printError("stackboard: no sound (no click samples found in the data folders); reinstall stackboard or pass --samples DIR")
            return 1
        }
        let player: ClickPlayer
        do {
            player = try ClickPlayer(device: options.device, volume: options.volume, samplesDirectory: samples)
        } catch {
            switch error {
            case .samples(let reason): printError("stackboard: no sound (\(reason)); reinstall stackboard or pass --samples DIR")
            case .device(let reason): printError("stackboard: no sound (\(reason)); pick another device with --sound-device PCM")
            }
            return 1
        }
        let f = player.format
        print("device \"\(options.device)\": \(f.rate) Hz, \(f.channels) channel\(f.channels == 1 ? "" : "s"), period \(f.periodFrames) frames, buffer \(f.bufferFrames) frames")

        let stalled = play(player, count: count, kinds: kinds, burst: burst, intervalMs: interval)
        player.close()
        let s = player.stats
        print("clicks: requested \(s.requested), started \(s.started), replaced \(s.replaced), cut \(s.cut), failed \(s.failed)")
        let latencies = player.lastLatencies.map { Double($0.components.attoseconds) / 1e15 + Double($0.components.seconds) * 1000 }.sorted()
        if let max = latencies.last {
            let median = latencies[latencies.count / 2]
            print("latency from play() to the first frames handed to ALSA: median \(format(median)) ms, max \(format(max)) ms (last \(latencies.count) clicks)")
        }
        if stalled {
            printError("stackboard: the sound device \"\(options.device)\" did not take the clicks within 2 seconds; it may be hung or suspended")
            return 1
        }
        if s.failed > 0 {
            printError("stackboard: \(s.failed) of \(s.started) clicks did not reach the sound device \"\(options.device)\" (it failed or went away; the keyboard goes on silently and tries again later)")
            return 1
        }
        return 0
    }

    /// Plays the clicks; true when the device stalled. The pauses between clicks are deadlines
    /// of an event loop (`ClickPacer`), not sleeps.
    private static func play(_ player: ClickPlayer, count: Int, kinds: [ClickKind], burst: Bool, intervalMs: Int) -> Bool {
        let pacer = ClickPacer(player: player, count: count, kinds: kinds, burst: burst, interval: Double(intervalMs) / 1000)
        let loop = EventLoop()
        pacer.loop = loop
        loop.add(pacer)
        _ = loop.run()
        loop.remove(pacer)
        return pacer.stalled || !player.waitUntilIdle(timeout: .seconds(2))
    }

    private static func format(_ ms: Double) -> String {
        let micro = Int((ms * 1000).rounded())
        let frac = micro % 1000
        return "\(micro / 1000)." + String(repeating: "0", count: 3 - String(frac).count) + String(frac)
    }
}

/// Plays `count` clicks, one each `interval` seconds (as a deadline of the loop it serves), each
/// waited for first unless `burst`; stops the loop after the last or when the device stalls.
private final class ClickPacer: LoopSource {
    let player: ClickPlayer
    let count: Int
    let kinds: [ClickKind]
    let burst: Bool
    let interval: Double
    weak var loop: EventLoop?
    private var played = 0
    private var dueAt: Double? = 0
    /// Whether the device did not take a click within 2 seconds.
    private(set) var stalled = false

    init(player: ClickPlayer, count: Int, kinds: [ClickKind], burst: Bool, interval: Double) {
        (self.player, self.count, self.kinds, self.burst, self.interval) = (player, count, kinds, burst, interval)
    }

    var pollRequests: [PollRequest] { [] }
    var nextDeadline: Double? { dueAt }

    func dispatch(now: Double) {
        guard let due = dueAt, due <= now else { return }
        guard played < count, !kinds.isEmpty else { return finish() }
        player.play(kinds[played % kinds.count])
        played += 1
        if !burst && !player.waitUntilIdle(timeout: .seconds(2)) {
            stalled = true
            return finish()
        }
        guard played < count else { return finish() }
        dueAt = interval > 0 ? now + interval : now
    }

    private func finish() {
        dueAt = nil
        loop?.stop(0)
    }
}

import StackboardSound
import StackboardSystem
import StackboardX11

/// A process exit status carried as an error.
struct ExitStatus: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

/// The start-up ladder of the keyboard and the entry window, one step at a time: runs `body`;
/// on failure prints `stackboard: ` and the error's message and ends start-up with `status`.
/// (A server that goes away meanwhile ends the program in the Xlib call that finds it, with
/// its own line: `XConnection.whenServerLost`.)
func startupStep<T, E: Error & CustomStringConvertible>(exit status: Int32, _ body: () throws(E) -> T) throws(ExitStatus) -> T {
    do {
        return try body()
    } catch {
        printError("stackboard: \(error.description)")
        throw ExitStatus(status)
    }
}

/// The click player the options ask for, or a silent one (after one line on stderr) when
/// sound is off or cannot play.
func startClicks(_ sound: SoundOptions) -> ClickSound {
    guard sound.enabled else { return SilentClickPlayer() }
    guard let samples = ClickSamples.defaultDirectory() else {
        printError("stackboard: " + SoundError.samples("no click samples found in the data folders").startupWarning)
        return SilentClickPlayer()
    }
    do {
        return try ClickPlayer(device: sound.device, volume: sound.volume, samplesDirectory: samples)
    } catch {
        printError("stackboard: \(error.startupWarning)")
        return SilentClickPlayer()
    }
}

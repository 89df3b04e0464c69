import StackboardSpeech
import Testing

/// Which program speaks, and its command line.
@Suite struct SpeechEngineTests {
    @Test func speakCommandThenSpeechDispatcherThenEspeak() {
        let all: (String) -> String? = { "/usr/bin/" + $0 }
        #expect(SpeechEngine.choose(SpeechSettings(command: "say"), find: all) == .command("say"))
        #expect(SpeechEngine.choose(SpeechSettings(), find: all) == .dispatcher("/usr/bin/spd-say"))
        #expect(SpeechEngine.choose(SpeechSettings(), find: { $0 == "espeak-ng" ? "/bin/espeak-ng" : nil }) == .espeak("/bin/espeak-ng"))
        #expect(SpeechEngine.choose(SpeechSettings(), find: { _ in nil }) == nil)
        #expect(SpeechEngine.missingMessage.contains("apt install speech-dispatcher"))
        #expect(SpeechEngine.missingMessage.contains("espeak-ng"))
    }

    @Test func speechDispatcherWaitsSoThatTheNextTextCanCutItOff() {
        let engine = SpeechEngine.dispatcher("/usr/bin/spd-say")
        #expect(engine.commandLine(saying: "-x", settings: SpeechSettings(), cutOff: false)
                == ["/usr/bin/spd-say", "-w", "-N", "stackboard", "-r", "0", "-i", "100", "--", "-x"])
        let line = engine.commandLine(saying: "q", settings: SpeechSettings(rate: 50, volume: 0, language: "de_AT"), cutOff: true)
        #expect(line == ["/usr/bin/spd-say", "-w", "-N", "stackboard", "-r", "-100", "-i", "-100", "-l", "de", "-C", "--", "q"])
        #expect(engine.commandLine(saying: "q", settings: SpeechSettings(rate: 250), cutOff: false).contains("100"))
    }

    @Test func espeakTakesWordsPerMinuteAndAmplitude() {
        let engine = SpeechEngine.espeak("/usr/bin/espeak-ng")
        #expect(engine.commandLine(saying: "q", settings: SpeechSettings(), cutOff: false)
                == ["/usr/bin/espeak-ng", "-s", "175", "-a", "100", "--", "q"])
        #expect(engine.commandLine(saying: "q", settings: SpeechSettings(rate: 200, volume: 40, language: "zh_CN"), cutOff: true, wav: "/tmp/a.wav")
                == ["/usr/bin/espeak-ng", "-s", "350", "-a", "40", "-v", "cmn", "-w", "/tmp/a.wav", "--", "q"])
        #expect(engine.commandLine(saying: "q", settings: SpeechSettings(language: "en_GB"), cutOff: false).count == 7)
    }

    @Test func aSpeakCommandGetsTheTextAsItsLastArgument() {
        #expect(SpeechEngine.command("echo >>said").commandLine(saying: "row: q w", settings: SpeechSettings(), cutOff: true)
                == ["/bin/sh", "-c", "echo >>said \"$@\"", "stackboard-speak", "row: q w"])
    }
}

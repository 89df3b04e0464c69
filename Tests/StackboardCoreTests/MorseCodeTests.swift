import Testing
@testable import StackboardCore

@Suite struct MorseCodeTests {
    @Test func decodesLettersDigitsAndRejectsUnknown() {
        #expect(MorseCode.decode("...") == "s")
        #expect(MorseCode.decode("---") == "o")
        #expect(MorseCode.decode("-----") == "0")
        #expect(MorseCode.decode("........") == nil)
        #expect(MorseCode.decode("") == nil)
    }

    @Test func everyCodeRoundTrips() {
        for (code, ch) in MorseCode.table { #expect(MorseCode.encode(ch) == code) }
        #expect(MorseCode.encode("S") == "...")
    }
}

import StackboardCore
import Testing

@Suite struct TextSearchTests {
    @Test func findsAPartAnywhereInTheText() {
        #expect("Virtual core XTEST keyboard".containsBytes(of: "XTEST"))
        #expect("XTEST".containsBytes(of: "XTEST"))
        #expect("a.tmp-1234".containsBytes(of: ".tmp-"))
        #expect("frame.tmp-".containsBytes(of: ".tmp-"))
        #expect("aab".containsBytes(of: "ab"))
    }

    @Test func aMissingOrLongerPartIsNotFound() {
        #expect(!"Virtual core keyboard".containsBytes(of: "XTEST"))
        #expect(!"XTES".containsBytes(of: "XTEST"))
        #expect(!"".containsBytes(of: "a"))
        #expect(!"xtest".containsBytes(of: "XTEST"))
    }

    @Test func anEmptyPartIsAlwaysFound() {
        #expect("".containsBytes(of: ""))
        #expect("abc".containsBytes(of: ""))
    }

    @Test func comparesUTF8Bytes() {
        #expect("Grüße".containsBytes(of: "üß"))
        #expect(!"Grüße".containsBytes(of: "ue"))
        #expect("Grüße"[...].containsBytes(of: "ße"))
    }
}

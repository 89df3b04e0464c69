@testable import StackboardX11
import Testing

/// The injector's characters → keysyms, without a display: the quick way for a key of the
/// keyboard (one printable ASCII character) gives what the general way gives.
@Suite struct CharacterKeysymsTests {
    @Test func printableASCIIIsItsOwnKeysymAsTheGeneralWayHasIt() throws {
        for value in UInt32(0x20)..<0x7f {
            let scalar = try #require(Unicode.Scalar(value))
            let general = try #require(CharacterKeysyms.keysym(for: scalar))
            #expect(CharacterKeysyms.keysyms(for: String(scalar)) == [general], "U+\(String(value, radix: 16))")
            #expect(CharacterKeysyms.isPrintable(general))
        }
    }

    @Test func controlCharactersAndOtherTextStillTakeTheGeneralWay() {
        #expect(CharacterKeysyms.keysyms(for: "\n") == [CharacterKeysyms.returnKey])
        #expect(CharacterKeysyms.keysyms(for: "\u{7f}") == [CharacterKeysyms.delete])
        #expect(CharacterKeysyms.keysyms(for: "\u{1}") == nil)
        #expect(CharacterKeysyms.keysyms(for: "ab") == [0x61, 0x62])
        #expect(CharacterKeysyms.keysyms(for: "€") == [0x20ac])
        #expect(!CharacterKeysyms.isPrintable(CharacterKeysyms.returnKey))
    }
}

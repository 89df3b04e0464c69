import Testing
@testable import StackboardCore
import StackboardSystem

@Suite struct LoaderShuffleTests {
    static func pin() throws -> Layout {
        try LoaderSupport.load(String(decoding: try LayoutLoader.readFile(LoaderSupport.shippedDirectory + "/pin.json", files: SystemFiles()), as: UTF8.self))
    }

    static func digits(_ layout: Layout) -> [String] {
        layout.layers[0].root.keys.compactMap { key -> String? in
            guard case .text(let t) = key.action, t.count == 1, t.first?.isNumber == true else { return nil }
            return t
        }
    }

    @Test func aDealPlacesEachDigitOnceAsANormalTextKey() throws {
        let pin = try Self.pin()
        var rng = LoaderRNG(seed: 42)
        let dealt = pin.dealingShuffledDigits(using: &rng)
        #expect(!dealt.hasShuffledDigits)
        #expect(Self.digits(dealt).sorted() == (0...9).map(String.init))
        let before = pin.layers[0].root.keys, after = dealt.layers[0].root.keys
        #expect(before.count == after.count)
        for (old, new) in zip(before, after) {
            if old.action == .shuffledDigit {
                #expect(new.style == .normal && new.label == new.text(shifted: false) && new.weight == old.weight)
            } else {
                #expect(new == old, "other keys stay as they were")
            }
        }
        let size = Size(width: 320, height: 240)
        #expect(KeyboardGeometry(layout: pin, layer: pin.layers[0], size: size).keys.map(\.frame)
                == KeyboardGeometry(layout: dealt, layer: dealt.layers[0], size: size).keys.map(\.frame))
    }

    @Test func differentSeedsDealDifferentlyAndTheSameSeedAlike() throws {
        let pin = try Self.pin()
        var a = LoaderRNG(seed: 1), b = LoaderRNG(seed: 2), c = LoaderRNG(seed: 1)
        let first = Self.digits(pin.dealingShuffledDigits(using: &a))
        #expect(first != Self.digits(pin.dealingShuffledDigits(using: &b)))
        #expect(first == Self.digits(pin.dealingShuffledDigits(using: &c)))
        #expect(first != Self.digits(pin.dealingShuffledDigits(using: &a)), "a second deal from the same generator differs")
    }

    @Test func everyDigitReachesEverySlot() throws {
        let pin = try Self.pin()
        var rng = LoaderRNG(seed: 7)
        var seen = Array(repeating: Set<String>(), count: 10)
        for _ in 0..<500 {
            for (slot, digit) in Self.digits(pin.dealingShuffledDigits(using: &rng)).enumerated() { seen[slot].insert(digit) }
        }
        #expect(seen.allSatisfy { $0.count == 10 })
    }

    @Test func inOrderDealIsAPhonePad() throws {
        let dealt = try Self.pin().dealingDigitsInOrder()
        #expect(Self.digits(dealt) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        #expect(!dealt.hasShuffledDigits)
    }

    @Test func layoutsWithoutSlotsAreUnchanged() throws {
        let layout = try LoaderSupport.load(LoaderSupport.layout(rows: #"["1", "2"]"#))
        var rng = LoaderRNG(seed: 3)
        #expect(layout.dealingShuffledDigits(using: &rng) == layout)
        #expect(layout.dealingDigitsInOrder() == layout)
        #expect(!layout.hasShuffledDigits)
    }
}

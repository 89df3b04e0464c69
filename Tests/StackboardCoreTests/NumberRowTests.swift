import Testing
@testable import StackboardCore
import StackboardSystem

/// The number row: digits on top of a letters layer that has none.
@Suite struct NumberRowTests {
    static func rows(_ layer: Layer?) -> [[String]] {
        (layer?.root.items ?? []).map { item in
            guard case .stack(let row) = item else { return [] }
            return row.keys.map(\.label)
        }
    }

    @Test func qwertyGetsDigitsAboveItsLettersOnly() throws {
        let qwerty = try ShippedLayoutsTests.shipped("qwerty")
        let rowed = qwerty.withNumberRow()
        let letters = Self.rows(rowed.layer(named: "letters"))
        #expect(letters.first == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"])
        #expect(Array(letters.dropFirst()) == Self.rows(qwerty.layer(named: "letters")))
        #expect(rowed.layer(named: "numbers") == qwerty.layer(named: "numbers"))
        #expect(rowed.layer(named: "letters")?.root.keys.first?.action == .text("1"))
    }

    @Test func layoutsWithDigitsOrWithoutLettersStayAsTheyAre() throws {
        for name in ["numeric", "pin", "phone"] {
            let layout = try ShippedLayoutsTests.shipped(name)
            #expect(layout.withNumberRow() == layout, "\(name)")
        }
        let digitsAlready = Layout(name: "t", description: "t", layers: [Layer(name: "letters", root: Stack(axis: .vertical, items: [
            .stack(Stack(axis: .horizontal, items: [.key(Key(label: "&", shiftedLabel: "1", action: .text("&"))), .key(Key(label: "a", action: .text("a")))])),
        ]))])
        #expect(digitsAlready.withNumberRow() == digitsAlready, "a shifted digit (AZERTY) counts")
    }

    @Test func thePreparationAddsTheRowWhenAskedAndBeforeTheSuggestionBar() throws {
        let qwerty = try ShippedLayoutsTests.shipped("qwerty")
        var preparation = LayoutPreparation(shuffle: false, catalog: LayoutCatalog(searchPath: [], files: SystemFiles()), suggestionSlots: 3)
        let plain = preparation.prepare(qwerty)
        preparation.numberRow = true
        let rowed = preparation.prepare(qwerty)
        let rows = Self.rows(rowed.layer(named: "letters"))
        #expect(rows.count == Self.rows(plain.layer(named: "letters")).count + 1)
        #expect(rows.contains(["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]))
        #expect(rowed.layer(named: "letters")?.root.keys.first.map { if case .suggestion = $0.action { true } else { false } } == true,
                "the bar stays on top")
    }
}

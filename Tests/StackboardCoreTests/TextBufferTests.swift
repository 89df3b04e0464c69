import Testing
@testable import StackboardCore

@Suite struct TextBufferTests {
    let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"  // 👨‍👩‍👧, one grapheme
    let germany = "\u{1F1E9}\u{1F1EA}"  // 🇩🇪
    let france = "\u{1F1EB}\u{1F1F7}"  // 🇫🇷

    @Test func insertsAtTheCursorAndMovesIt() {
        var buffer = TextBuffer()
        #expect(changes(&buffer) { $0.insert("12") })
        buffer.moveLeft()
        buffer.insert("x")
        #expect(buffer.text == "1x2")
        #expect(buffer.cursor == 2)
        #expect(changes(&buffer) { $0.insert("") } == false)
    }

    @Test func initialTextPutsTheCursorAtTheEndOrClampsIt() {
        #expect(TextBuffer("abc").cursor == 3)
        #expect(TextBuffer("abc", cursor: 1).cursor == 1)
        #expect(TextBuffer("abc", cursor: 9).cursor == 3)
        #expect(TextBuffer("abc", cursor: -2).cursor == 0)
    }

    @Test func combiningMarkMergesWithThePreviousLetter() {
        var buffer = TextBuffer("e")
        buffer.insert("\u{301}")
        #expect(buffer.count == 1)
        #expect(buffer.cursor == 1)
        #expect(buffer.text == "\u{E9}")  // canonically equal to precomposed é
        #expect(changes(&buffer) { $0.deleteBackward() })
        #expect(buffer.text == "")
    }

    @Test func zwjEmojiIsOneGrapheme() {
        var buffer = TextBuffer("a" + family + "b")
        #expect(buffer.count == 3)
        buffer.setCursor(2)
        buffer.deleteBackward()
        #expect(buffer.text == "ab")
        #expect(buffer.cursor == 1)
    }

    @Test func flagsAreOneGraphemeEach() {
        var buffer = TextBuffer(germany + france)
        #expect(buffer.count == 2)
        buffer.deleteBackward()
        #expect(buffer.text == germany)
        buffer.moveToStart()
        buffer.deleteForward()
        #expect(buffer.text == "")
    }

    @Test func regionalIndicatorsTypedOneByOneMergeIntoAFlag() {
        var buffer = TextBuffer()
        buffer.insert("\u{1F1E9}")
        buffer.insert("\u{1F1EA}")
        #expect(buffer.count == 1)
        #expect(buffer.cursor == 1)
        #expect(buffer.text == germany)
    }

    @Test func deletingBetweenRegionalIndicatorsMergesThemAndKeepsTheCursorValid() {
        var buffer = TextBuffer("\u{1F1E9}a\u{1F1EA}", cursor: 2)
        #expect(buffer.count == 3)
        buffer.deleteBackward()
        #expect(buffer.text == germany)
        #expect(buffer.count == 1)
        #expect(buffer.cursor == 1)
    }

    @Test func cjkCharactersAreOneEach() {
        var buffer = TextBuffer("千万")
        #expect(buffer.count == 2)
        buffer.moveLeft()
        buffer.insert("十")
        #expect(buffer.text == "千十万")
        #expect(buffer.cursor == 2)
    }

    @Test func deleteAtTheEdgesDoesNothing() {
        var buffer = TextBuffer("ab", cursor: 0)
        #expect(changes(&buffer) { $0.deleteBackward() } == false)
        buffer.moveToEnd()
        #expect(changes(&buffer) { $0.deleteForward() } == false)
        #expect(buffer.text == "ab")
        #expect(!TextBuffer().deleteBackwardResult)
    }

    @Test func movesStopAtTheEnds() {
        var buffer = TextBuffer("ab")
        #expect(changes(&buffer) { $0.moveRight() } == false)
        #expect(changes(&buffer) { $0.moveLeft() })
        #expect(changes(&buffer) { $0.moveLeft() })
        #expect(changes(&buffer) { $0.moveLeft() } == false)
        #expect(buffer.cursor == 0)
        #expect(changes(&buffer) { $0.moveToEnd() })
        #expect(changes(&buffer) { $0.moveToEnd() } == false)
        #expect(changes(&buffer) { $0.moveToStart() })
        #expect(changes(&buffer) { $0.moveToStart() } == false)
    }

    @Test func setCursorClamps() {
        var buffer = TextBuffer("a" + family)
        #expect(changes(&buffer) { $0.setCursor(-5) })
        #expect(buffer.cursor == 0)
        #expect(changes(&buffer) { $0.setCursor(100) })
        #expect(buffer.cursor == 2)
        #expect(changes(&buffer) { $0.setCursor(2) } == false)
    }

    @Test func selectAllThenInsertReplacesEverything() {
        var buffer = TextBuffer("hello")
        #expect(changes(&buffer) { $0.selectAll() })
        #expect(buffer.selection == 0..<5)
        #expect(buffer.cursor == 5)
        buffer.insert("y")
        #expect(buffer.text == "y")
        #expect(buffer.selection == nil)
        #expect(buffer.cursor == 1)
    }

    @Test func deleteRemovesTheSelectionInEitherDirection() {
        var buffer = TextBuffer("abcd")
        buffer.select(1..<3)
        #expect(changes(&buffer) { $0.deleteForward() })
        #expect(buffer.text == "ad")
        #expect(buffer.cursor == 1)
        buffer.selectAll()
        #expect(changes(&buffer) { $0.deleteBackward() })
        #expect(buffer.isEmpty)
    }

    @Test func movesCollapseTheSelectionToItsEdges() {
        var buffer = TextBuffer("abcd")
        buffer.select(1..<3)
        #expect(changes(&buffer) { $0.moveLeft() })
        #expect(buffer.cursor == 1)
        #expect(buffer.selection == nil)
        buffer.select(1..<3)
        #expect(changes(&buffer) { $0.moveRight() })
        #expect(buffer.cursor == 3)
        buffer.select(1..<3)
        buffer.setCursor(3)
        #expect(buffer.selection == nil)
    }

    @Test func selectClampsAndAnEmptySelectionIsNone() {
        var buffer = TextBuffer("abc")
        buffer.select(-3..<10)
        #expect(buffer.selection == 0..<3)
        buffer.select(2..<2)
        #expect(buffer.selection == nil)
        #expect(buffer.cursor == 2)
        var empty = TextBuffer()
        #expect(changes(&empty) { $0.selectAll() } == false)
        #expect(empty.selection == nil)
    }

    @Test func clearEmptiesAndReportsWhetherAnythingChanged() {
        var buffer = TextBuffer("ab")
        buffer.selectAll()
        #expect(changes(&buffer) { $0.clear() })
        #expect(buffer == TextBuffer())
        #expect(changes(&buffer) { $0.clear() } == false)
    }

    @Test func proposedInsertListsGraphemesThatHoldInsertedScalars() {
        let buffer = TextBuffer("1")
        let mark = buffer.proposedInsert("\u{301}")
        #expect(mark.text == "1\u{301}")
        #expect(mark.insertedCharacters == ["1\u{301}"])
        let plain = TextBuffer("ab", cursor: 1).proposedInsert("xy")
        #expect(plain.text == "axyb")
        #expect(plain.insertedCharacters == ["x", "y"])
        #expect(buffer.text == "1")  // proposing does not edit
    }

    @Test func maskedTextHasOneBulletPerGrapheme() {
        #expect(TextBuffer("a" + family + germany + "e\u{301}").maskedText == "••••")
        #expect(TextBuffer().maskedText == "")
    }

    @Test func descriptionNeverShowsTheText() {
        var buffer = TextBuffer("s3cr3t")
        buffer.select(1..<2)
        let shown = [String(describing: buffer), String(reflecting: buffer), "\(buffer)", entryFieldDump(buffer)]
        for text in shown {
            #expect(!text.contains("s3cr3t"))
            #expect(!text.contains("cr"))
        }
        #expect(buffer.description == "TextBuffer(length: 6, cursor: 2, selection: 1..<2)")
    }
}

/// Runs a mutating buffer call outside `#expect` (which cannot mutate) and returns its result.
private func changes(_ buffer: inout TextBuffer, _ edit: (inout TextBuffer) -> Bool) -> Bool {
    edit(&buffer)
}

/// What `dump` prints for a value.
func entryFieldDump(_ value: some Any) -> String {
    var out = ""
    dump(value, to: &out)
    return out
}

private extension TextBuffer {
    /// Whether a backward delete would change this buffer.
    var deleteBackwardResult: Bool {
        var copy = self
        return copy.deleteBackward()
    }
}

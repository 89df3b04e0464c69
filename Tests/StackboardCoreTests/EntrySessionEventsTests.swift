import Foundation
import Testing
@testable import StackboardCore

/// The `--events` JSON lines.
@Suite struct EntrySessionEventsTests {
    /// Applies `command` and returns the JSON line of every event it caused.
    func lines(_ command: BufferCommand, _ session: inout EntrySession, secure: Bool = false) -> [String] {
        session.apply(command).map { EntryEventEncoder.jsonLine($0, session: session, secure: secure) }
    }

    @Test func plainFieldLines() {
        var field = EntrySession(initial: "12", rules: FieldRules(maxLength: 6))
        #expect(lines(.insert("7"), &field) == [#"{"event":"insert","text":"7","field":"127","length":3}"#])
        #expect(lines(.deleteBackward, &field) == [#"{"event":"delete","field":"12","length":2}"#])
        #expect(lines(.moveLeft, &field) == [#"{"event":"cursor","cursor":1,"field":"12","length":2}"#])
        #expect(lines(.multiply(1000), &field) == [#"{"event":"multiply","factor":1000,"field":"12000","length":5}"#])
        #expect(lines(.insert("34"), &field) == [#"{"event":"reject","reason":"too-long","max":6,"field":"12000","length":5}"#])
        #expect(lines(.clear, &field) == [#"{"event":"clear","field":"","length":0}"#])
        _ = field.apply(.insert("ab"))
        #expect(lines(.morseDot, &field) == [#"{"event":"morse","pending":".","field":"ab","length":2}"#])
        #expect(EntryEventEncoder.jsonLine(.done, session: field, secure: false)
                == #"{"event":"done","field":"ab","length":2}"#)
        #expect(EntryEventEncoder.jsonLine(field.cancel(), session: field, secure: false) == #"{"event":"cancel"}"#)
    }

    @Test func backspaceEmptyAndNotAllowedLines() {
        var field = EntrySession(rules: FieldRules(allow: .digits), reportBackspaceOnEmpty: true)
        #expect(lines(.deleteBackward, &field) == [#"{"event":"backspace-empty","field":"","length":0}"#])
        #expect(lines(.insert("a"), &field)
                == [#"{"event":"reject","reason":"not-allowed","character":"a","field":"","length":0}"#])
    }

    @Test func secureLinesHoldNoTextAtAll() {
        let secret = "789987"  // digits that no length, cursor or max below can contain
        var field = EntrySession(rules: FieldRules(maxLength: 6, allow: .digits, secure: true), reportBackspaceOnEmpty: true)
        var all: [String] = []
        for digit in secret { all += lines(.insert(String(digit)), &field) }
        all += lines(.insert("9"), &field)  // too long
        all += lines(.deleteBackward, &field)
        all += lines(.insert("q"), &field)  // not allowed
        all += lines(.moveToStart, &field)
        all += lines(.morseDash, &field)
        all += lines(.clear, &field)
        all += lines(.deleteBackward, &field)
        all += field.done().map { EntryEventEncoder.jsonLine($0, session: field, secure: false) }
        #expect(all.count == 14)
        for line in all {
            #expect(!line.contains(where: { "789q".contains($0) }), "\(line)")
            #expect(!line.contains("\"text\""))
            #expect(!line.contains("\"field\""))
            #expect(!line.contains("\"character\""))
            #expect(!line.contains("\"pending\""))
        }
        #expect(all[0] == #"{"event":"insert","length":1}"#)
        #expect(all[6] == #"{"event":"reject","reason":"too-long","max":6,"length":6}"#)
        #expect(all[8] == #"{"event":"reject","reason":"not-allowed","length":5}"#)
        #expect(all[10] == #"{"event":"morse","pending-length":1,"length":5}"#)
        #expect(all.last == #"{"event":"done","length":0}"#)
    }

    @Test func theSecureFlagHidesTextEvenWhenTheRulesDoNot() {
        var field = EntrySession(rules: FieldRules())
        #expect(lines(.insert("42"), &field, secure: true) == [#"{"event":"insert","length":2}"#])
    }

    @Test func quotedEscapesWhatJSONRequires() {
        #expect(EntryEventEncoder.quoted(#"say "hi""#) == #""say \"hi\"""#)
        #expect(EntryEventEncoder.quoted(#"C:\dir"#) == #""C:\\dir""#)
        #expect(EntryEventEncoder.quoted("a\nb\rc\td\u{08}e\u{0C}f") == #""a\nb\rc\td\be\ff""#)
        #expect(EntryEventEncoder.quoted("\u{00}\u{01}\u{1F}") == #""\u0000\u0001\u001f""#)
        #expect(EntryEventEncoder.quoted("\u{2028}\u{2029}") == #""\u2028\u2029""#)
        #expect(EntryEventEncoder.quoted("\u{7F}/") == "\"\u{7F}/\"")
        #expect(EntryEventEncoder.quoted("千万 é 🇩🇪") == "\"千万 é 🇩🇪\"")
        #expect(EntryEventEncoder.quoted("") == #""""#)
    }

    @Test func linesParseBackToTheSameText() throws {
        let tricky = "q\"\\\n\u{01}千e\u{301}\u{1F468}\u{200D}\u{1F469}\u{2028}"
        var field = EntrySession(rules: FieldRules())
        let line = try #require(lines(.insert(tricky), &field).first)
        #expect(!line.contains("\n"))
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["event"] as? String == "insert")
        #expect(object["text"] as? String == tricky)
        #expect(object["field"] as? String == tricky)
        #expect(object["length"] as? Int == tricky.count)
    }
}

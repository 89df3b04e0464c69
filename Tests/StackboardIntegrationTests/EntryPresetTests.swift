import Foundation
import Testing
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The pads from the project's origins, run as `stackboard entry` and tapped under Xvfb.
@Suite struct EntryPresetTests {
    @Test func decimalUsesTheLocaleSeparator() throws {
        let session = try XSession()
        defer { session.close() }
        let german = ["LC_ALL": "de_DE.UTF-8"]
        let entry = try RunningEntry(session, ["--layout", "decimal"], env: german)
        let keys = try entry.frames()
        let separator = try #require(keys.first { $0.action == "decimal" })
        #expect(separator.label == ",")
        try entry.tap(labels: ["1", ",", "5", ",", "2"])   // a second separator is refused
        let enter = try #require(keys.first { $0.action == "return" })
        entry.pointer([entry.at(enter.center.x, enter.center.y), "tap"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "1,52\n")
    }

    @Test func pinDigitsAreDealtAnewEachTimeAndAllTenArePresent() throws {
        let session = try XSession()
        defer { session.close() }
        // The shipped pin pad's slots, dealt at random, in a copy that is not secure and takes
        // ten digits: tapping the ten slots in order prints the deal.
        let layout = try openPINLayoutFile(in: session)
        var deals: [String] = []
        for _ in 0..<2 {
            let entry = try RunningEntry(session, ["--layout", layout])
            let keys = try entry.frames().filter { $0.field != true }
            let slots = keys.indices.filter { keys[$0].action == "text" }
            #expect(slots.count == 10)
            try entry.tap(indices: slots + [try #require(keys.firstIndex { $0.action == "done" })])
            #expect(entry.exitStatus() == 0)
            let deal = entry.child.stdout.trimmingCharacters(in: .newlines)
            #expect(deal.sorted() == Array("0123456789"), "every digit once: \(deal)")
            deals.append(deal)
        }
        #expect(deals[0] != deals[1], "two openings dealt the same order (1 in 3628800 by chance)")
    }

    @Test func pinWithoutShuffleIsInOrderAndMaskedAndSecure() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "pin", "--no-shuffle", "--events"])
        let keys = try entry.frames().filter { $0.field != true }
        // In order, the slots read as `keys` lists them: 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 OK.
        #expect(keys.map { $0.label ?? "" } == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "OK"])
        try entry.tap(labels: ["2", "5", "8", "0", "OK"])
        #expect(entry.exitStatus() == 0)
        // Secure: lengths only, never a digit of the PIN; the result only without --events.
        #expect(entry.lines == [
            #"{"event":"insert","length":1}"#, #"{"event":"insert","length":2}"#,
            #"{"event":"insert","length":3}"#, #"{"event":"insert","length":4}"#,
            #"{"event":"done","length":4}"#,
        ])
    }

    @Test func amountPadMultipliesDeletesAndClears() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "amount-zh", "--events"])
        try entry.tap(labels: ["1", "2", "3", "删除", "万", "千"])
        try session.waitUntil(timeout: 10, "six events (\(entry.lines))") { entry.lines.count >= 6 }
        try entry.tap(labels: ["清除", "5", "百万", "确定"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"insert","text":"1","field":"1","length":1}"#,
            #"{"event":"insert","text":"2","field":"12","length":2}"#,
            #"{"event":"insert","text":"3","field":"123","length":3}"#,
            #"{"event":"delete","field":"12","length":2}"#,
            #"{"event":"multiply","factor":10000,"field":"120000","length":6}"#,
            #"{"event":"multiply","factor":1000,"field":"120000000","length":9}"#,
            #"{"event":"clear","field":"","length":0}"#,
            #"{"event":"insert","text":"5","field":"5","length":1}"#,
            #"{"event":"multiply","factor":1000000,"field":"5000000","length":7}"#,
            #"{"event":"done","field":"5000000","length":7}"#,
        ])
    }

    @Test func aMultiplierOnAnEmptyFieldIsRefused() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "amount-zh", "--events"])
        try entry.tap(labels: ["千", "确定"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"reject","reason":"empty-number","field":"","length":0}"#,
            #"{"event":"done","field":"","length":0}"#,
        ])
    }

    @Test func morseTapsDecodeIntoLettersWithThePendingCodeShown() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "morse", "--events"])
        let keys = try entry.frames().filter { $0.field != true }
        func key(_ action: String) throws -> EntryFrame { try #require(keys.first { $0.action == action }) }
        let dot = try key("morse-dot"), dash = try key("morse-dash"), gap = try key("morse-gap"), enter = try key("return")
        let field = try entry.field()
        // A row of points across the left half of the field, through the middle of the text.
        let probe = stride(from: field.x + 12, to: field.x + field.width / 2, by: 3).map { ($0, field.center.y) }
        let empty = try entry.pixels(probe)
        func tap(_ k: EntryFrame) -> [String] { [entry.at(k.center.x, k.center.y), "tap"] }
        // S (...), then O (---) left pending, shown in the field before the gap ends it. The
        // events come out before the field is painted: wait for each paint.
        entry.pointer(tap(dot) + tap(dot) + tap(dot) + tap(gap))
        try session.waitUntil(timeout: 10, "four events (\(entry.lines))") { entry.lines.count >= 4 }
        var withS: [String] = []
        var previous: [String] = []
        try Wait.require(timeout: 10, interval: 0.15, "the field to show the letter and settle") {
            withS = (try? entry.pixels(probe)) ?? empty
            defer { previous = withS }
            return withS != empty && withS == previous
        }
        entry.pointer(tap(dash) + tap(dash) + tap(dash))
        try session.waitUntil(timeout: 10, "seven events (\(entry.lines))") { entry.lines.count >= 7 }
        try session.waitUntil(timeout: 10, "the field to show the pending code after the letter") {
            (try? entry.pixels(probe)).map { $0 != withS && $0 != empty } ?? false
        }
        entry.pointer(tap(gap) + tap(enter))
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"morse","pending":".","field":"","length":0}"#,
            #"{"event":"morse","pending":"..","field":"","length":0}"#,
            #"{"event":"morse","pending":"...","field":"","length":0}"#,
            #"{"event":"insert","text":"s","field":"s","length":1}"#,
            #"{"event":"morse","pending":"-","field":"s","length":1}"#,
            #"{"event":"morse","pending":"--","field":"s","length":1}"#,
            #"{"event":"morse","pending":"---","field":"s","length":1}"#,
            #"{"event":"insert","text":"o","field":"so","length":2}"#,
            #"{"event":"done","field":"so","length":2}"#,
        ])
    }

    @Test func codeFieldReportsBackspaceOnEmpty() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--events"])
        try entry.tap(labels: ["7", "⌫", "⌫"])
        try session.waitUntil(timeout: 10, "three events (\(entry.lines))") { entry.lines.count >= 3 }
        try entry.waitForFocus()
        entry.xdotool(["key", "Escape"])
        #expect(entry.exitStatus() == 1)
        #expect(entry.lines == [
            #"{"event":"insert","text":"7","field":"7","length":1}"#,
            #"{"event":"delete","field":"","length":0}"#,
            #"{"event":"backspace-empty","field":"","length":0}"#,
            #"{"event":"cancel"}"#,
        ])
    }

    @Test func idCardTakesDigitsAndXUpTo18() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "id-card", "--initial", "11010519491231002"])
        try entry.tap(labels: ["X", "1"])   // the 19th character is refused
        let done = try #require(try entry.frames().first { $0.action == "done" })
        entry.pointer([entry.at(done.center.x, done.center.y), "tap"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "11010519491231002X\n")
    }

    @Test func binaryTakesZeroAndOne() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "binary"])
        try entry.tap(labels: ["1", "0", "1", "1"])
        let enter = try #require(try entry.frames().first { $0.action == "return" })
        entry.pointer([entry.at(enter.center.x, enter.center.y), "tap"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "1011\n")
    }
}

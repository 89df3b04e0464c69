import Foundation
import StackboardCore
import Testing

/// The `--events` stream and what `--secure` keeps out of every output; the error click.
@Suite struct EntryEventsTests {
    @Test func everyKindOfChangeIsOneFlushedLine() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--initial", "ab", "--events"])
        let field = try entry.field()
        entry.pointer([entry.at(field.x + 8, field.center.y), "tap"])           // cursor to the start
        try session.waitUntil(timeout: 10, "the cursor event (\(entry.lines))") { entry.lines.count >= 1 }
        try entry.waitForFocus()
        entry.xdotool(["key", "--delay", "30", "Delete", "c", "End", "BackSpace"])
        try session.waitUntil(timeout: 10, "five events (\(entry.lines))") { entry.lines.count >= 5 }
        try entry.tap(labels: ["x"])
        entry.xdotool(["key", "KP_Enter"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"cursor","cursor":0,"field":"ab","length":2}"#,
            #"{"event":"delete","field":"b","length":1}"#,
            #"{"event":"insert","text":"c","field":"cb","length":2}"#,
            #"{"event":"cursor","cursor":2,"field":"cb","length":2}"#,
            #"{"event":"delete","field":"c","length":1}"#,
            #"{"event":"insert","text":"x","field":"cx","length":2}"#,
            #"{"event":"done","field":"cx","length":2}"#,
        ])
    }

    @Test func secureTextIsOnlyEverTheFinalLine() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--secure", "--prompt", "PIN"])
        try entry.tap(labels: ["3", "1", "⌫", "4", "1", "5"])
        try entry.waitForFocus()
        entry.xdotool(["type", "9"])
        entry.xdotool(["key", "Return"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.child.stdout == "34159\n")
        #expect(entry.child.stderr.isEmpty)
        // Nothing the window shows or says holds the text either.
        #expect(!entry.session.run("xprop", ["-root"]).stdout.contains("3415"))
    }

    @Test func secureEventsHoldLengthsOnly() throws {
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "qwerty", "--secure", "--max-length", "2", "--allow", "ab", "--events"])
        try entry.waitForFocus()
        entry.xdotool(["type", "--delay", "30", "azbb"])
        entry.xdotool(["key", "--delay", "30", "Left", "BackSpace", "Return"])
        #expect(entry.exitStatus() == 0)
        #expect(entry.lines == [
            #"{"event":"insert","length":1}"#,
            #"{"event":"reject","reason":"not-allowed","length":1}"#,
            #"{"event":"insert","length":2}"#,
            #"{"event":"reject","reason":"too-long","max":2,"length":2}"#,
            #"{"event":"cursor","cursor":1,"length":2}"#,
            #"{"event":"delete","length":1}"#,
            #"{"event":"done","length":1}"#,
        ])
        #expect(entry.child.stderr.isEmpty)
    }

    @Test func aRefusedKeyPlaysTheErrorClick() throws {
        // One error click, as `sound-check --kind error` plays it, and nothing else: typing on a
        // physical keyboard plays no key clicks, refusals do.
        let reference = try SoundFixture()
        let check = try reference.stackboard(["sound-check", "--kind", "error", "--count", "1", "--volume", "60", "--interval", "0"])
        #expect(check.status == 0, "\(check.stderr)")
        let click = try reference.recorded()
        try #require(click.contains { $0 != 0 })

        let fx = try SoundFixture()
        let session = try XSession()
        defer { session.close() }
        let entry = try RunningEntry(session, ["--layout", "code", "--volume", "60"], env: fx.environment, sound: true)
        try entry.waitForFocus()
        let before = try SoundThread(pid: entry.child.pid)
        entry.xdotool(["type", "a"])
        // Escape ends the program, which drops a click its sound thread has not taken yet.
        try session.waitUntilTaken("error", by: entry.child.pid, since: before)
        entry.xdotool(["key", "Escape"])
        #expect(entry.exitStatus() == 1)
        let diff = firstDifference(try fx.recorded(), click)
        #expect(diff == nil, "\(diff ?? "")")
    }
}

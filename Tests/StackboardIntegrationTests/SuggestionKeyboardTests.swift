import Foundation
import StackboardCore
import Testing

/// The suggestion bar end to end: the keyboard under Xvfb with openbox types into keysink; a tap
/// on a suggestion completes the word; the learned words are the user's, and a secret is never
/// among them.
@Suite struct SuggestionKeyboardTests {
    /// The bar's slots at the keyboard's size (the layout's own `suggestion` keys).
    static func slots(_ kb: RunningKeyboard) throws -> [ReportedKey] {
        try kb.keys().filter { $0.action == "suggestion" }.sorted { $0.x < $1.x }
    }

    /// keysink is a plain Xlib window (no accessibility bus): learning there is asked for.
    @Test func tappingASuggestionAfterHelTypesTheWordAndASpace() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty", "--learn-everywhere"])
        let slots = try Self.slots(kb)
        #expect(slots.count == 3)
        try kb.tap(labels: ["h", "e", "l"])
        #expect(rig.waitForText("hel") == "hel")
        // The bar shows words that start with "hel" (its pixels change once the words are in).
        let first = try #require(slots.first)
        kb.tap(first)
        _ = Wait.until(timeout: 30, interval: 0.05) { rig.text().count > 3 && rig.text().hasSuffix(" ") }
        try rig.settle()
        let typed = rig.text()
        #expect(typed.hasPrefix("hel") && typed.hasSuffix(" ") && typed.count > 4, "typed: \(typed)")
        // The word is learned into the user's own file when the keyboard ends.
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        let learned = rig.session.dir + "/data/stackboard/words-en.txt"
        let text = (try? String(contentsOfFile: learned, encoding: .utf8)) ?? ""
        let word = typed.trimmingCharacters(in: .whitespaces)
        #expect(text.split(separator: "\n").contains { $0.hasPrefix("w\t") && $0.hasSuffix("\t" + word) },
                "learned \(word): \(text.prefix(300))")
        var info = stat()
        #expect(stat(learned, &info) == 0 && info.st_mode & 0o777 == 0o600)
    }

    /// A click in the focused application (which may move its caret) starts the word again,
    /// also when the pointer leaves the keyboard and presses at once (as a finger jumps): the
    /// keyboard reads the display's presses only while the pointer is off it, and the press
    /// came with the pointer's move.
    @Test func aClickInTheApplicationStartsTheWordAgain() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty", "--learn-everywhere"])
        let first = try #require(try Self.slots(kb).first)
        let sink = try #require(RunningKeyboard.windowInfo(rig.session, name: "keysink"))
        try kb.tap(labels: ["h", "e", "l"])
        #expect(rig.waitForText("hel") == "hel")
        // Onto keysink (the active window already: no focus change) and back to the keyboard's p.
        let p = try kb.key("p")
        kb.pointer(["\(sink.x + sink.width / 2),\(sink.y + sink.height / 2)", "tap", kb.at(p.center.x, p.center.y), "tap"])
        #expect(rig.waitForText("help") == "help")
        kb.tap(first)
        _ = Wait.until(timeout: 30, interval: 0.05) { rig.text().count > 4 && rig.text().hasSuffix(" ") }
        try rig.settle()
        // The bar completed "p", not "help": the word learned is what follows "hel".
        let word = String(rig.text().dropFirst(3)).trimmingCharacters(in: .whitespaces)
        #expect(word.hasPrefix("p") && word.count > 1, "typed: \(rig.text())")
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        let learned = (try? String(contentsOfFile: rig.session.dir + "/data/stackboard/words-en.txt", encoding: .utf8)) ?? ""
        let words = learned.split(separator: "\n").filter { $0.hasPrefix("w\t") }.compactMap { $0.split(separator: "\t").last }
        #expect(words.contains { $0 == word } && !words.contains { $0.hasPrefix("help") }, "typed \(rig.text()), learned: \(words)")
    }

    /// A window whose fields the keyboard cannot see (keysink: no accessibility bus at all) could
    /// hold a password: what is typed there is typed, suggested from, and never learned. With no
    /// accessibility bus there is nothing to turn on: nothing is said.
    @Test func aWindowWhoseFieldCannotBeSeenLearnsNothing() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty"])
        let space = try #require(try kb.keys().first { $0.action == "space" })
        // Words far from any English word: a tap at a key's centre is a key's width from its
        // neighbour, which correction takes for a slip in a word it knows (`quix` → `quiz`).
        for word in ["zorb", "qxjz"] {
            try kb.tap(labels: word.map { String($0) })
            kb.tap(space)
        }
        #expect(rig.waitForText("zorb qxjz ") == "zorb qxjz ")
        kb.child.signal(SIGTERM)
        #expect(kb.child.wait(timeout: 20) == 0, "\(kb.child.stderr)")
        let learned = (try? String(contentsOfFile: rig.session.dir + "/data/stackboard/words-en.txt", encoding: .utf8)) ?? ""
        #expect(!learned.contains("zorb") && !learned.contains("qxjz"), "learned: \(learned.prefix(300))")
        #expect(kb.child.stderr.isEmpty, "\(kb.child.stderr)")
    }

    @Test func withNoSuggestionsTheKeysTakeTheWholeWindow() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty", "--suggestions", "0"])
        #expect(try kb.keys().allSatisfy { $0.action != "suggestion" })
        try kb.tap(labels: ["o", "k"])
        #expect(rig.waitForText("ok") == "ok")
    }
}

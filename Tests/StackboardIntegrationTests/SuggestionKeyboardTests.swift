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

    @Test func tappingASuggestionAfterHelTypesTheWordAndASpace() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty"])
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

    @Test func withNoSuggestionsTheKeysTakeTheWholeWindow() throws {
        let rig = try TypingRig(layout: "us")
        let kb = try RunningKeyboard(rig.session, ["--layout", "qwerty", "--suggestions", "0"])
        #expect(try kb.keys().allSatisfy { $0.action != "suggestion" })
        try kb.tap(labels: ["o", "k"])
        #expect(rig.waitForText("ok") == "ok")
    }
}

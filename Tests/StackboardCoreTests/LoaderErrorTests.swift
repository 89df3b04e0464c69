import Testing
@testable import StackboardCore

/// One test per rule of the format: the error names the path, what was found and what is expected.
@Suite struct LoaderErrorTests {
    typealias S = LoaderSupport

    /// Loads `json`, expects an error at `path` whose message contains every string of `contains`.
    func expectError(_ json: String, path: String, _ contains: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        guard let error = S.error(json) else {
            Issue.record("expected an error at \(path), but the layout loaded", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "t.json", sourceLocation: sourceLocation)
        #expect(error.path == path, "full error: \(error)", sourceLocation: sourceLocation)
        for part in contains {
            #expect(error.message.contains(part), "'\(part)' missing from: \(error)", sourceLocation: sourceLocation)
        }
        #expect(error.position != nil, "no line and column: \(error)", sourceLocation: sourceLocation)
    }

    @Test func unknownActionSuggestsAndListsTheValidOnes() throws {
        let rows = #"["a"], ["b"], ["q", "w", "e", {"label": "⌫", "action": "backsapce"}]"#
        let error = try #require(S.error(S.layout(rows: rows), file: "qwerty.json"))
        #expect(error.path == "layers[0].rows[2][3].action")
        #expect(error.message.contains(#"unknown action "backsapce"; did you mean "backspace"?"#))
        #expect(error.message.contains("Valid actions: " + Action.allNames.joined(separator: ", ")))
        #expect(error.description.hasPrefix("qwerty.json:1:"))
        #expect(error.description.contains(": layers[0].rows[2][3].action: unknown action"))
    }

    @Test func errorDescriptionHasFileLineColumnPathAndMessage() throws {
        let json = "{\n  \"layers\": [\n    {\"name\": \"main\", \"rows\": [[\"a\", {\"weight\": -1, \"label\": \"b\"}]]}\n  ]\n}"
        let error = try #require(S.error(json))
        #expect(error.position == SourcePosition(line: 3, column: 48))
        #expect(error.description == "t.json:3:48: layers[0].rows[0][1].weight: expected the key's share of a weighted row: a number greater than 0 and at most 1000, found the number -1")
    }

    @Test func invalidJSONGivesLineAndColumn() throws {
        let error = try #require(S.error("{\n  \"name\": \"x\",\n  \"layers\": [}\n"))
        #expect(error.position == SourcePosition(line: 3, column: 14))
        #expect(error.path == "")
        #expect(error.message.hasPrefix("invalid JSON: unexpected '}'"))
        #expect(error.description.hasPrefix("t.json:3:14: invalid JSON"))
    }

    @Test func jsonSyntaxMistakesAreNamed() throws {
        let cases: [(String, String)] = [
            (#"{"layers": [1, 2,]}"#, "trailing comma before ]"),
            (#"{"layers": [], }"#, "trailing comma before }"),
            ("{\"name\": \"x\" // mine\n}", "comments are not allowed"),
            ("{'name': 'x'}", "unexpected '''; expected a field name in double quotes"),
            (#"{"name": 'x'}"#, "single quotes"),
            (#"{"spacing": 07}"#, "cannot start with 0"),
            (#"{"name": "x"} {}"#, "after the end of the JSON value"),
            (#"{"name": "x""#, "unexpected end of file inside an object"),
            (#"{"name": "x"#, "unterminated string"),
            ("{\"name\": \"a\nb\"}", "a line break inside a string"),
            (#"{"name": "\q"}"#, "invalid escape '\\q'"),
            (#"{"name": "\u12"}"#, "four hex digits"),
            (#"{"name": "\ud800"}"#, "lone surrogate"),
            (#"{"name": "\u0000"}"#, "NUL"),
            (#"{"name": "x", "name": "y"}"#, #"duplicate field "name""#),
            (#"{"name": tru}"#, "expected true"),
            ("", "the file is empty"),
            ("  \n ", "the file is empty"),
            (#"{"a": 1."#, "digits after '.'"),
            (#"{"a": -}"#, "digits after '-'"),
            (#"{"a": 1e}"#, "exponent"),
        ]
        for (json, expected) in cases {
            let error = S.error(json)
            #expect(error?.message.hasPrefix("invalid JSON: ") == true, "\(json): \(String(describing: error))")
            #expect(error?.message.contains(expected) == true, "\(json): '\(expected)' missing from \(String(describing: error))")
            #expect(error?.position != nil)
        }
    }

    @Test func invalidUTF8AndNULBytesAreErrorsWithAPosition() throws {
        var bytes = Array(#"{"name": "ab"#.utf8)
        bytes += [0xC3, 0x28] + Array(#""}"#.utf8)
        let error = try #require(throwing(bytes))
        #expect(error.message.contains("invalid UTF-8 (byte 0xC3)"))
        #expect(error.position == SourcePosition(line: 1, column: 13))
        let nul = try #require(throwing(Array(#"{"name": "a"#.utf8) + [0] + Array(#""}"#.utf8)))
        #expect(nul.message.contains("a NUL byte inside a string"))
    }

    func throwing(_ bytes: [UInt8]) -> LayoutError? {
        do { _ = try LayoutLoader.load(data: bytes, file: "t.json"); return nil } catch { return error }
    }

    @Test func deepNestingIsCappedNotCrashed() throws {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(S.error(deep))
        #expect(error.message.contains("nested deeper than 32 levels"))
        let stacks = (0..<40).reduce(#""a""#) { inner, _ in #"{"stack": "vertical", "items": [\#(inner)]}"# }
        let stackError = try #require(S.error(S.layout(rows: "[\(stacks)]")))
        #expect(stackError.message.contains("nested deeper than 32 levels"))
    }

    @Test func wrongTypesSayWhatWasFoundAndExpected() {
        expectError(S.layout(rows: #"[{"label": "a", "weight": "wide"}]"#), path: "layers[0].rows[0][0].weight",
                    ["expected the key's share of a weighted row", #"found the string "wide""#])
        expectError(S.layout(rows: #"[{"label": 5}]"#), path: "layers[0].rows[0][0].label", ["expected the key's label: a string", "found the number 5"])
        expectError(S.layout(rows: #"[{"label": "a", "repeat": "yes"}]"#), path: "layers[0].rows[0][0].repeat", ["expected true or false", #"found the string "yes""#])
        expectError(S.layout(rows: #""abc""#), path: "layers[0].rows[0]", ["expected a row: an array of keys, or an object with \"keys\"", #"found the string "abc""#])
        expectError(S.layout(rows: "[7]"), path: "layers[0].rows[0][0]", ["found the number 7", #"write "7" in quotes"#])
        expectError(S.layout(rows: "[null]"), path: "layers[0].rows[0][0]", ["expected a key", "found null"])
        expectError(#"{"layers": {"name": "main"}}"#, path: "layers", ["expected a non-empty array of layers", "found an object"])
        expectError("[1, 2]", path: "", ["expected a layout object", "found an array"])
        expectError(#"{"layers": ["main"]}"#, path: "layers[0]", ["expected a layer object", #"found the string "main""#])
        expectError(S.layout(rows: #"[{"label": "a", "alternates": "é"}]"#), path: "layers[0].rows[0][0].alternates", ["expected an array of alternates", #"found the string "é""#])
        expectError(S.layout(rows: #"[{"label": "a", "alternates": [1]}]"#), path: "layers[0].rows[0][0].alternates[0]", ["expected an alternate", "found the number 1"])
        expectError(S.layout(rows: #"[{"label": "a", "action": 3}]"#), path: "layers[0].rows[0][0].action", ["expected an action name", "found the number 3"])
    }

    @Test func missingFieldsAreNamed() {
        expectError(#"{"name": "x"}"#, path: "", [#"a layout needs a "layers" field"#])
        expectError(#"{"layers": [{"rows": [["a"]]}]}"#, path: "layers[0]", [#"a layer needs a "name" field"#])
        expectError(#"{"layers": [{"name": "main"}]}"#, path: "layers[0]", [#"a layer needs a "rows" field"#])
        expectError(S.layout(rows: #"{"weight": 2}"#), path: "layers[0].rows[0]", [#"a row object needs a "keys" field"#])
        expectError(S.layout(rows: #"[{"stack": "vertical"}]"#), path: "layers[0].rows[0][0]", [#"a stack object needs a "items" field"#])
        expectError(S.layout(rows: #"[{"action": "keysym"}]"#), path: "layers[0].rows[0][0]", [#"a keysym key needs a "keysym" field"#, "F1"])
        expectError(S.layout(rows: #"[{"action": "layer"}]"#), path: "layers[0].rows[0][0]", [#"a layer key needs a "layer" field"#])
        expectError(S.layout(rows: #"[{"action": "multiply"}]"#), path: "layers[0].rows[0][0]", [#"a multiply key needs a "factor" field"#])
        expectError(S.layout(rows: #"[{"action": "text"}]"#), path: "layers[0].rows[0][0]", [#"a text key needs a "text" field"#])
        expectError(S.layout(rows: #"[{"weight": 2}]"#), path: "layers[0].rows[0][0]", [#"a key needs a "label", a "text" or an "action""#])
    }

    @Test func unknownFieldsAreErrorsWithDidYouMean() {
        expectError(S.layout(rows: #"[{"lable": "a"}]"#), path: "layers[0].rows[0][0].lable",
                    [#"unknown field "lable" in a key object; did you mean "label"?"#, "Valid fields: label, shifted, action"])
        expectError(#"{"name": "x", "layer": []}"#, path: "layer", [#"did you mean "layers"?"#])
        expectError(#"{"layers": [{"name": "m", "rows": [["a"]], "colour": 1}]}"#, path: "layers[0].colour", [#"unknown field "colour""#, "Valid fields: name, rows, distribution, spacing"])
        expectError(S.layout(rows: #"{"kyes": ["a"]}"#), path: "layers[0].rows[0].kyes", [#"did you mean "keys"?"#])
        expectError(S.layout(rows: #"[{"stack": "vertical", "itmes": ["a"]}]"#), path: "layers[0].rows[0][0].itmes", [#"did you mean "items"?"#])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"spaceing": 3}"#), path: "defaults.spaceing", [#"did you mean "spacing"?"#])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"maxlength": 3}"#), path: "entry.maxlength", [#"did you mean "maxLength"?"#])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"insets": {"top": 1, "lfet": 2}}"#), path: "defaults.insets.lfet", [#"did you mean "left"?"#])
        expectError(S.layout(rows: #"[{"label": "a", "xyzzy": 1}]"#), path: "layers[0].rows[0][0].xyzzy", [#"unknown field "xyzzy" in a key object. Valid fields:"#])
    }

    @Test func unknownChoicesSuggest() {
        expectError(S.layout(rows: #"[{"label": "a", "style": "acent"}]"#), path: "layers[0].rows[0][0].style",
                    [#"unknown style "acent"; did you mean "accent"?"#, "Valid values: normal, function, accent, blank"])
        // A layout may name a theme of the user's: whether it loads is said when it is used.
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"theme": 3}"#), path: "defaults.theme",
                    ["expected the name of a theme ('stackboard themes' lists them), found the number 3"])
        #expect((try? LayoutLoader.load(json: S.layout(rows: #"["a"]"#, extra: #", "defaults": {"theme": "mine"}"#), file: "t.json"))?.defaults.theme == "mine")
        expectError(S.layout(rows: #"{"keys": ["a"], "distribution": "weigthed"}"#), path: "layers[0].rows[0].distribution", [#"did you mean "weighted"?"#])
        expectError(S.layout(rows: #"[{"stack": "vertcal", "items": ["a"]}]"#), path: "layers[0].rows[0][0].stack", [#"did you mean "vertical"?"#])
    }

    @Test func emptyLayersRowsAndStacksAreErrors() {
        expectError(#"{"layers": []}"#, path: "layers", ["expected a non-empty array of layers", "found an empty array"])
        expectError(#"{"layers": [{"name": "main", "rows": []}]}"#, path: "layers[0].rows", ["expected the layer's rows: a non-empty array", "found an empty array"])
        expectError(S.layout(rows: "[]"), path: "layers[0].rows[0]", ["empty row", "blank"])
        expectError(S.layout(rows: #"{"keys": []}"#), path: "layers[0].rows[0].keys", ["non-empty array", "found an empty array"])
        expectError(S.layout(rows: #"[{"stack": "vertical", "items": []}]"#), path: "layers[0].rows[0][0].items", ["non-empty array"])
        expectError(S.layout(rows: #"["a", {"stack": "vertical", "items": [["b"], []]}]"#), path: "layers[0].rows[0][1].items[1]", ["empty row"])
        expectError(S.layout(rows: #"[""]"#), path: "layers[0].rows[0][0]", ["empty key", #"{"style": "blank"}"#])
        expectError(S.layout(rows: #"[{"style": "blank"}]"#), path: "layers[0]", ["has only blank keys"])
    }

    @Test func weightsMustBePositiveAndSane() {
        expectError(S.layout(rows: #"[{"label": "a", "weight": 0}]"#), path: "layers[0].rows[0][0].weight", ["greater than 0", "found the number 0"])
        expectError(S.layout(rows: #"[{"label": "a", "weight": -1.5}]"#), path: "layers[0].rows[0][0].weight", ["found the number -1.5"])
        expectError(S.layout(rows: #"[{"label": "a", "weight": 1e400}]"#), path: "layers[0].rows[0][0].weight", ["found the number 1e400"])
        expectError(S.layout(rows: #"{"keys": ["a"], "weight": -2}"#), path: "layers[0].rows[0].weight", ["greater than 0"])
        expectError(S.layout(rows: #"[{"stack": "vertical", "items": ["a"], "weight": 0}]"#), path: "layers[0].rows[0][0].weight", ["greater than 0"])
        expectError(S.layout(rows: #"{"keys": [{"label": "a", "weight": 2}, "b"], "distribution": "equal"}"#),
                    path: "layers[0].rows[0].distribution", [#""equal" ignores the different weights"#, "weighted"])
    }

    @Test func spacingAndInsetsMustBeWholeNonNegativePixels() {
        expectError(S.layout(rows: #"{"keys": ["a"], "spacing": -4}"#), path: "layers[0].rows[0].spacing", ["a whole number from 0 to 1000", "found the number -4"])
        expectError(S.layout(rows: #"{"keys": ["a"], "spacing": 2.5}"#), path: "layers[0].rows[0].spacing", ["whole number", "found the number 2.5"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"spacing": 123456789012345678901234567890}"#), path: "defaults.spacing", ["found the number 123456789012345678901234567890"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"insets": [1, 2, 3]}"#), path: "defaults.insets", ["[top, left, bottom, right]", "found an array of 3"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"insets": [1, 2, -3, 4]}"#), path: "defaults.insets[2]", ["found the number -3"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"insets": "wide"}"#), path: "defaults.insets", ["expected insets"])
        expectError(#"{"layers": [{"name": "m", "spacing": -1, "rows": [["a"]]}]}"#, path: "layers[0].spacing", ["found the number -1"])
    }

    @Test func duplicateLayerNamesAreErrors() {
        let json = #"{"layers": [{"name": "main", "rows": [["a"]]}, {"name": "more", "rows": [["b"]]}, {"name": "main", "rows": [["c"]]}]}"#
        expectError(json, path: "layers[2].name", [#"duplicate layer name "main""#, "layers[0] is already called that"])
    }

    @Test func layerKeysMustNameALayer() {
        let json = #"{"layers": [{"name": "letters", "rows": [["a", {"action": "layer", "layer": "numbrs"}]]}, {"name": "numbers", "rows": [["1"]]}]}"#
        expectError(json, path: "layers[0].rows[0][1].layer", [#"no layer named "numbrs"; did you mean "numbers"?"#, "Valid layers: letters, numbers"])
        let inferred = #"{"layers": [{"name": "letters", "rows": [[{"layer": "symbols"}]]}]}"#
        expectError(inferred, path: "layers[0].rows[0][0].layer", [#"no layer named "symbols""#, "Valid layers: letters"])
    }

    @Test func shuffledDigitLayersNeedExactlyTen() {
        let nine = Array(repeating: #"{"action": "shuffled-digit"}"#, count: 9).joined(separator: ", ")
        expectError(S.layout(rows: "[\(nine)]"), path: "layers[0]", ["9 shuffled-digit keys", "exactly 10"])
        let eleven = Array(repeating: #"{"action": "shuffled-digit"}"#, count: 11).joined(separator: ", ")
        expectError(S.layout(rows: "[\(eleven)]"), path: "layers[0]", ["11 shuffled-digit keys"])
        expectError(S.layout(rows: #"[{"label": "1", "alternates": [{"action": "shuffled-digit"}]}]"#), path: "layers[0].rows[0][0].alternates[0]", ["cannot be an alternate"])
    }

    @Test func emptyLabelsNeedText() {
        expectError(S.layout(rows: #"[{"action": "backspace", "label": ""}]"#), path: "layers[0].rows[0][0].label", [#"empty label on a "backspace" key"#])
        expectError(S.layout(rows: #"[{"label": ""}]"#), path: "layers[0].rows[0][0]", [#"a key needs a "label""#])
        #expect(S.error(S.layout(rows: #"[{"action": "space", "label": ""}, {"label": "", "text": "x"}, {"style": "blank", "label": ""}, "a"]"#)) == nil)
    }

    @Test func actionParameters() {
        expectError(S.layout(rows: #"[{"action": "keysym", "keysym": "F 1"}]"#), path: "layers[0].rows[0][0].keysym", [#""F 1" is not a keysym name"#])
        expectError(S.layout(rows: #"[{"action": "keysym", "keysym": ""}]"#), path: "layers[0].rows[0][0].keysym", ["an X keysym name", "found an empty string"])
        expectError(S.layout(rows: #"[{"action": "multiply", "factor": 1}]"#), path: "layers[0].rows[0][0].factor", ["a whole number from 2 to", "found the number 1"])
        expectError(S.layout(rows: #"[{"action": "multiply", "factor": 2.5}]"#), path: "layers[0].rows[0][0].factor", ["found the number 2.5"])
        expectError(S.layout(rows: #"[{"action": "backspace", "text": "x"}]"#), path: "layers[0].rows[0][0].text", [#""text" only goes with action "text""#, #"this key's action is "backspace""#])
        expectError(S.layout(rows: #"[{"text": "x", "keysym": "F1"}]"#), path: "layers[0].rows[0][0]", [#"both "text" and "keysym""#, #"needs an "action""#])
        expectError(S.layout(rows: #"[{"label": "a", "text": ""}]"#), path: "layers[0].rows[0][0].text", ["non-empty string", "found an empty string"])
        expectError(S.layout(rows: #"[{"label": "a", "alternates": [{"label": "b", "alternates": ["c"]}]}]"#),
                    path: "layers[0].rows[0][0].alternates[0].alternates", ["cannot have alternates of its own"])
    }

    @Test func structuralMistakesInRowsAndStacks() {
        expectError(S.layout(rows: #"["a", ["b", "c"]]"#), path: "layers[0].rows[0][1]", ["an array inside a row", #"{"stack": "vertical""#])
        expectError(S.layout(rows: #"["a", {"keys": ["b"]}]"#), path: "layers[0].rows[0][1]", ["cannot sit inside a row"])
        expectError(S.layout(rows: #"{"keys": ["a", {"stack": "horizontal", "items": ["b", [1]]}]}"#), path: "layers[0].rows[0].keys[1].items[1]", ["an array inside a row"])
        expectError(S.layout(rows: #"[{"stack": "vertical", "items": ["a", {"keys": ["b", {"lbl": "c"}]}]}]"#),
                    path: "layers[0].rows[0][0].items[1].keys[1].lbl", ["unknown field"])
    }

    @Test func entryRules() {
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"maxLength": 0}"#), path: "entry.maxLength", ["from 1 to", "found the number 0"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"allow": "/[0-9/"}"#), path: "entry.allow", ["invalid regular expression"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"allow": "//"}"#), path: "entry.allow", ["empty regular expression"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"allow": ""}"#), path: "entry.allow", ["found an empty string"])
        expectError(S.layout(rows: #"["a"]"#, extra: #", "entry": {"secure": 1}"#), path: "entry.secure", ["true or false"])
    }

    @Test func topLevelFields() {
        expectError(#"{"name": "", "layers": [{"name": "m", "rows": [["a"]]}]}"#, path: "name", ["found an empty string"])
        expectError(#"{"description": 5, "layers": [{"name": "m", "rows": [["a"]]}]}"#, path: "description", ["found the number 5"])
    }

    @Test func oversizedDataIsRefusedWithoutParsing() throws {
        let huge = [UInt8](repeating: 0x20, count: LayoutLoader.maxFileSize + 1)
        let error = try #require(throwing(huge))
        #expect(error.message.contains("larger than the 4 MiB"))
    }
}

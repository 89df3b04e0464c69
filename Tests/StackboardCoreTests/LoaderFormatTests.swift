import Testing
@testable import StackboardCore

/// What valid layouts decode to: defaults, inference, nesting and every action.
@Suite struct LoaderFormatTests {
    typealias S = LoaderSupport

    @Test func bareStringsTypeThemselvesAndShiftToOneUpperCaseCharacter() throws {
        let keys = try S.keys(S.layout(rows: #"["a", "é", "ß", "1", "ab", "ﬁ", "ñ"]"#))
        #expect(keys.map(\.label) == ["a", "é", "ß", "1", "ab", "ﬁ", "ñ"])
        #expect(keys.map(\.action) == ["a", "é", "ß", "1", "ab", "ﬁ", "ñ"].map { Action.text($0) })
        #expect(keys.map(\.shiftedLabel) == ["A", "É", nil, nil, nil, nil, "Ñ"])
        #expect(keys.allSatisfy { $0.style == .normal && !$0.repeats && $0.weight == 1 && $0.alternates.isEmpty })
        #expect(keys[0].text(shifted: true) == "A")
    }

    @Test func defaultsTableCoversEveryActionName() {
        #expect(Set(KeyDefaults.table.keys) == Set(Action.allNames))
    }

    @Test func everyNamedKeyIsAnActionOfItsOwnNameAndAnyOtherKeyIsAKeysymAction() throws {
        #expect(NamedKey.fixed.map(\.name) == ["backspace", "delete", "return", "tab", "escape",
                                               "left", "right", "up", "down", "home", "end"])
        for named in NamedKey.fixed {
            #expect(Action.allNames.contains(named.name))
            let key = try #require(try S.keys(S.layout(rows: #"[{"action": "\#(named.name)"}]"#)).first)
            #expect(key.action == .key(named))
        }
        #expect(NamedKey.keysym("Return").name == "keysym" && Action.key(.keysym("F1")).name == "keysym")
    }

    /// A key object for every action name, with the parameters it needs.
    static func keyObject(for name: String) -> String {
        switch name {
        case "text": return #"{"action": "text", "text": "x"}"#
        case "keysym": return #"{"action": "keysym", "keysym": "XF86AudioMute"}"#
        case "layer": return #"{"action": "layer", "layer": "main"}"#
        case "multiply": return #"{"action": "multiply", "factor": 1000}"#
        case "shortcut": return #"{"action": "shortcut", "shortcut": "ctrl+c"}"#
        default: return #"{"action": "\#(name)"}"#
        }
    }

    @Test(arguments: Action.allNames) func everyActionNameDecodesToThatAction(name: String) throws {
        let count = name == "shuffled-digit" ? 10 : 1
        let row = Array(repeating: Self.keyObject(for: name), count: count).joined(separator: ", ")
        let key = try #require(try S.keys(S.layout(rows: "[\(row)]")).first)
        #expect(key.action.name == name)
        #expect(key.style == KeyDefaults.style(for: key.action))
        #expect(key.repeats == KeyDefaults.repeats(for: key.action))
        #expect(key.label == KeyDefaults.label(for: key.action))
        #expect(!key.label.isEmpty, "every action has a default label")
    }

    @Test func defaultLabelsStylesAndRepeats() throws {
        let rows = #"[{"action": "backspace"}, {"action": "return"}, {"action": "space"}, {"action": "shift"}, {"action": "done"}, {"action": "left"}, {"action": "tab"}, {"action": "layer", "layer": "main"}, {"action": "multiply", "factor": 1000}, {"action": "keysym", "keysym": "F1"}]"#
        let keys = try S.keys(S.layout(rows: rows))
        #expect(keys.map(\.label) == ["⌫", "⏎", "space", "⇧", "✓", "←", "⇥", "main", "×1000", "F1"])
        #expect(keys.map(\.style) == [.function, .accent, .normal, .function, .accent, .function, .function, .function, .function, .function])
        #expect(keys.map(\.repeats) == [true, false, true, false, false, true, false, false, false, false])
        #expect(keys.allSatisfy { $0.shiftedLabel == nil })
    }

    @Test func givenPropertiesOverrideDefaults() throws {
        let rows = #"[{"action": "backspace", "label": "删除", "style": "accent", "repeat": false, "weight": 2.5, "shifted": "DEL"}, {"label": "q", "shifted": "Q!", "repeat": true}]"#
        let keys = try S.keys(S.layout(rows: rows))
        #expect(keys[0] == Key(label: "删除", shiftedLabel: "DEL", action: .key(.backspace), weight: 2.5, style: .accent, repeats: false))
        #expect(keys[1] == Key(label: "q", shiftedLabel: "Q!", action: .text("q"), repeats: true))
    }

    @Test func actionIsInferredFromTheParameterGiven() throws {
        let rows = #"[{"label": "2 ABC", "text": "2"}, {"keysym": "Print"}, {"layer": "main", "label": "↺"}, {"factor": 10000, "label": "万"}, {"label": "k"}]"#
        let keys = try S.keys(S.layout(rows: rows))
        #expect(keys.map(\.action) == [.text("2"), .key(.keysym("Print")), .layer("main"), .multiply(10000), .text("k")])
        #expect(keys[0].label == "2 ABC" && keys[0].shiftedLabel == nil)
        #expect(keys[1].label == "Print" && keys[1].style == .function)
        #expect(keys[4].shiftedLabel == "K")
    }

    @Test func alternatesAreStringsOrKeyObjects() throws {
        let rows = #"[{"label": "e", "alternates": ["é", "è", {"label": "€", "text": "€"}, {"action": "keysym", "keysym": "dead_acute", "label": "´"}]}]"#
        let key = try #require(try S.keys(S.layout(rows: rows)).first)
        #expect(key.alternates.map(\.label) == ["é", "è", "€", "´"])
        #expect(key.alternates.map(\.shiftedLabel) == ["É", "È", nil, nil])
        #expect(key.alternates[3].action == .key(.keysym("dead_acute")))
    }

    @Test func blankKeysAreSpacersThatTypeNothing() throws {
        let keys = try S.keys(S.layout(rows: #"[{"style": "blank", "weight": 0.5}, "a", {"style": "blank", "label": ""}]"#))
        #expect(keys[0] == Key(label: "", action: .text(""), weight: 0.5, style: .blank))
        #expect(keys[2].style == .blank && keys[2].action == .text(""))
    }

    @Test func theBriefsExampleLoadsWithTheRightStructure() throws {
        let json = #"""
        {
          "name": "pin", "description": "one line",
          "defaults": {"spacing": 6, "insets": 6, "theme": "dark"},
          "entry": {"secure": true, "maxLength": 6, "allow": "digits", "backspaceOnEmpty": false},
          "layers": [
            {"name": "main", "distribution": "equal", "spacing": 6,
             "rows": [
                ["1", "2", "3"],
                {"keys": ["a", {"label": "⌫", "action": "backspace", "weight": 1.5}], "distribution": "weighted", "spacing": 4, "insets": 0, "weight": 1},
                [ {"stack": "vertical", "items": [["q","w"],["a","s"]], "weight": 3}, {"label": "⏎", "action": "return"} ]
             ]}
          ]
        }
        """#
        let layout = try S.load(json)
        #expect(layout.name == "pin" && layout.description == "one line")
        #expect(layout.defaults == LayoutDefaults(spacing: 6, insets: Insets(all: 6), theme: "dark"))
        #expect(layout.entry == EntryPreset(secure: true, maxLength: 6, allow: "digits", reportBackspaceOnEmpty: false))
        let root = layout.layers[0].root
        #expect(root.axis == .vertical && root.distribution == .fillEqually && root.spacing == 6 && root.insets == .zero)
        guard root.items.count == 3, case .stack(let row0) = root.items[0], case .stack(let row1) = root.items[1],
              case .stack(let row2) = root.items[2] else {
            Issue.record("three rows expected: \(root.items)")
            return
        }
        #expect(row0.axis == .horizontal && row0.distribution == .fillEqually && row0.spacing == nil && row0.items.count == 3)
        #expect(row1.distribution == .proportional && row1.spacing == 4 && row1.insets == .zero && row1.weight == 1)
        #expect(row2.distribution == .proportional, "an item weight makes a plain row weighted")
        guard case .stack(let column) = row2.items[0] else { Issue.record("nested stack expected"); return }
        #expect(column.axis == .vertical && column.weight == 3 && column.items.count == 2)
        guard case .stack(let inner) = column.items[0] else { Issue.record("a row inside the vertical stack"); return }
        #expect(inner.axis == .horizontal && inner.keys.map(\.label) == ["q", "w"])
        #expect(root.keys.map(\.label) == ["1", "2", "3", "a", "⌫", "q", "w", "a", "s", "⏎"])
    }

    @Test func insetsTakeThreeForms() throws {
        func insets(_ value: String) throws -> Insets {
            try S.load(S.layout(rows: #"["a"]"#, extra: #", "defaults": {"insets": \#(value)}"#)).defaults.insets
        }
        #expect(try insets("3") == Insets(all: 3))
        #expect(try insets("[1, 2, 3, 4]") == Insets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(try insets(#"{"left": 5, "bottom": 2}"#) == Insets(top: 0, left: 5, bottom: 2, right: 0))
        let rowInsets = try S.load(S.layout(rows: #"{"keys": ["a"], "insets": [0, 10, 0, 10]}"#)).layers[0].root.items[0]
        #expect(rowInsets == .stack(Stack(axis: .horizontal, insets: Insets(top: 0, left: 10, bottom: 0, right: 10), items: [.key(Key(label: "a", shiftedLabel: "A", action: .text("a")))])))
    }

    @Test func layerRowsWithWeightsAreWeighted() throws {
        let layout = try S.load(S.layout(rows: #"{"keys": ["a"], "weight": 2}, ["b"]"#))
        #expect(layout.layers[0].root.distribution == .proportional)
        let frames = KeyboardGeometry(layout: layout, layer: layout.layers[0], size: Size(width: 100, height: 106)).keys.map(\.frame)
        #expect(frames.map(\.height) == [58, 30], "88 pixels shared 2:1")
    }

    @Test func missingOptionalFieldsGetDefaults() throws {
        let layout = try LayoutLoader.load(json: #"{"layers": [{"name": "m", "rows": [["a"]]}]}"#, file: "/some/dir/my-pad.json")
        #expect(layout.name == "my-pad")
        #expect(layout.description == "")
        #expect(layout.defaults == LayoutDefaults())
        #expect(layout.entry == nil)
    }

    @Test func unicodeEscapesAndByteOrderMark() throws {
        let json = Array("\u{FEFF}".utf8) + Array(#"{"layers": [{"name": "m", "rows": [["\u00e9", "\ud83d\ude00", "\/"]]}]}"#.utf8)
        let layout = try LayoutLoader.load(data: json, file: "t.json")
        #expect(layout.layers[0].root.keys.map(\.label) == ["é", "😀", "/"])
    }

    @Test func layerKeysMayNameLaterLayers() throws {
        let json = #"{"layers": [{"name": "a", "rows": [[{"action": "layer", "layer": "b"}]]}, {"name": "b", "rows": [[{"layer": "a"}]]}]}"#
        let layout = try S.load(json)
        #expect(layout.layers.map(\.name) == ["a", "b"])
        #expect(layout.layers[0].root.keys[0].label == "b")
    }

    @Test func jsonValuesDescribeThemselvesForMessages() throws {
        let value = try JSONParser.parse(Array(#"[null, true, 1.50, "a\"b", [], [1], {}]"#.utf8))
        #expect(value.array?.map(\.found) == ["null", "true", "the number 1.50", #"the string "a\"b""#, "an empty array", "an array", "an object"])
        #expect(JSONValue.quote(String(repeating: "x", count: 50)) == "\"" + String(repeating: "x", count: 37) + "...\"")
        #expect(JSONValue.quote("a\u{1}") == #""a\u0001""#)
    }

    @Test func suggestionsAreForTyposOnly() {
        #expect(Suggestion.closest(to: "backsapce", in: Action.allNames) == "backspace")
        #expect(Suggestion.closest(to: "Shift", in: Action.allNames) == "shift")
        #expect(Suggestion.closest(to: "xyzzy", in: Action.allNames) == nil)
        #expect(Suggestion.closest(to: "up", in: ["up", "down"]) == "up")
        #expect(Suggestion.closest(to: "a", in: ["ab", "b"]) == "ab")
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }
}

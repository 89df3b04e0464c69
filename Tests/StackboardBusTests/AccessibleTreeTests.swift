import StackboardCore
import Testing
@testable import StackboardBus

/// The keyboard as a screen reader sees it: the tree made from a layer's keys, names of symbol
/// keys, extents, answers to AT-SPI calls, and the events a change makes.
@Suite struct AccessibleTreeTests {
    static let keys: [PlacedKey] = [
        PlacedKey(index: 0, key: Key(label: "", action: .suggestion(0)), frame: Rect(x: 0, y: 0, width: 100, height: 40)),
        PlacedKey(index: 1, key: Key(label: "", action: .suggestion(1)), frame: Rect(x: 100, y: 0, width: 100, height: 40)),
        PlacedKey(index: 2, key: Key(label: "q", shiftedLabel: "Q", action: .text("q")), frame: Rect(x: 0, y: 40, width: 50, height: 50)),
        PlacedKey(index: 3, key: Key(label: "⌫", action: .key(.backspace)), frame: Rect(x: 50, y: 40, width: 50, height: 50)),
        PlacedKey(index: 4, key: Key(label: "", action: .text(""), style: .blank), frame: Rect(x: 100, y: 40, width: 50, height: 50)),
        PlacedKey(index: 5, key: Key(label: "⇧", action: .modifier(.shift)), frame: Rect(x: 150, y: 40, width: 50, height: 50)),
        PlacedKey(index: 6, key: Key(label: "English", action: .space), frame: Rect(x: 0, y: 90, width: 100, height: 50)),
        PlacedKey(index: 7, key: Key(label: "Ctrl", action: .modifier(.ctrl)), frame: Rect(x: 100, y: 90, width: 50, height: 50)),
        PlacedKey(index: 8, key: Key(label: "☺", action: .layer("emoji")), frame: Rect(x: 150, y: 90, width: 50, height: 50)),
    ]

    static func keyboard(words: [String] = ["the", "to"], shifted: Bool = false, layer: String = "qwerty/letters",
                         origin: Point = Point(x: 10, y: 500), shown: Bool = true) -> AccessibleKeyboard {
        let geometry = KeyboardGeometry(size: Size(width: 200, height: 140), keys: keys)
        return AccessibleKeyboard.make(layer: layer, layoutName: "qwerty", geometry: geometry, origin: origin, shown: shown,
                                       label: { i in
                                           if case .suggestion(let slot) = keys[i].key.action { return words.indices.contains(slot) ? words[slot] : "" }
                                           return keys[i].key.displayLabel(shifted: shifted)
                                       }, checked: { i in shifted && i == 5 })
    }

    static let app = AccessibleApplication(name: "Stackboard", version: "0.1.0", locale: "en", busName: ":1.5")

    @Test func keysAreNamedByTheirLabelsOrAWordForASymbol() {
        let names = Self.keyboard().keys.map(\.name)
        #expect(names == ["the", "to", "q", "backspace", "shift", "space", "Ctrl", "emoji"]) // the blank key is left out
        #expect(Self.keyboard(shifted: true).keys.map(\.name)[2] == "Q")
        #expect(AccessibleKeyName.name(of: Key(label: "?123", action: .layer("symbols")), showing: "?123") == "?123")
        #expect(AccessibleKeyName.name(of: Key(label: "⏎", action: .key(.returnKey)), showing: "⏎") == "return")
        #expect(AccessibleKeyName.name(of: Key(label: ",", action: .text(",")), showing: ",") == ",")
        #expect(AccessibleKeyName.name(of: Key(label: "⇪", action: .capsLock), showing: "⇪") == "caps lock")
        #expect(AccessibleKeyName.name(of: Key(label: "⌨", action: .hide), showing: "⌨") == "hide keyboard")
    }

    @Test func theTreeIsAnApplicationWithAFrameOfPushButtons() throws {
        var tree = AccessibleTree()
        _ = tree.update(Self.keyboard())
        #expect(tree.role(of: .application) == .application)
        #expect(tree.children(of: .application) == [.frame])
        #expect(tree.role(of: .frame) == .frame)
        #expect(tree.children(of: .frame).count == 8)
        #expect(tree.role(of: .key(2)) == .pushButton && tree.roleName(of: .key(2)) == "push button")
        #expect(tree.role(of: .key(4)) == .toggleButton) // shift
        #expect(tree.indexInParent(of: .key(3)) == 3 && tree.parent(of: .key(3)) == .frame)
        #expect(tree.node(at: tree.path(of: .key(3))) == .key(3))
        #expect(tree.node(at: AccessibleTree.rootPath) == .application)
        #expect(tree.node(at: tree.path(of: .key(3)) + "0") == nil)
        // Nothing takes the focus; the shown keyboard's objects are showing.
        for node in [AccessibleTree.Node.frame, .key(0), .key(4)] {
            #expect(!tree.states(of: node).contains(.focusable))
            #expect(tree.states(of: node).isSuperset(of: [.enabled, .sensitive, .visible, .showing]))
        }
        #expect(tree.states(of: .key(4)).contains(.checkable) && !tree.states(of: .key(4)).contains(.checked))
    }

    @Test func extentsAreTheKeysFramesOnTheScreenAndInTheWindow() {
        var tree = AccessibleTree()
        _ = tree.update(Self.keyboard())
        #expect(tree.extents(of: .key(3), coordinates: 0) == Rect(x: 60, y: 540, width: 50, height: 50))
        #expect(tree.extents(of: .key(3), coordinates: 1) == Rect(x: 50, y: 40, width: 50, height: 50))
        #expect(tree.extents(of: .frame, coordinates: 0) == Rect(x: 10, y: 500, width: 200, height: 140))
        #expect(tree.extents(of: .frame, coordinates: 1) == Rect(x: 0, y: 0, width: 200, height: 140))
        #expect(tree.extents(of: .application, coordinates: 0) == nil)
        #expect(tree.child(of: .frame, at: Point(x: 65, y: 545), coordinates: 0) == .key(3))
        #expect(tree.child(of: .frame, at: Point(x: 55, y: 45), coordinates: 1) == .key(3))
        #expect(tree.child(of: .frame, at: Point(x: 5, y: 5), coordinates: 0) == nil) // above and left of the window
    }

    @Test func callsAreAnsweredFromTheTree() {
        var tree = AccessibleTree()
        _ = tree.update(Self.keyboard())
        let app = Self.app
        #expect(tree.answer("org.a11y.atspi.Accessible", "GetRole", [], on: .key(2), in: app) == .reply([.uint32(43)]))
        #expect(tree.answer("org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(0)], on: .application, in: app)
                == .reply([.structure([.string(":1.5"), .objectPath(AccessibleTree.framePath)])]))
        #expect(tree.answer("org.a11y.atspi.Accessible", "GetChildAtIndex", [.int32(9)], on: .frame, in: app)
                == .reply([.structure([.string(":1.5"), .objectPath(AccessibleTree.nullPath)])]))
        #expect(tree.answer("org.a11y.atspi.Component", "GetExtents", [.uint32(0)], on: .key(2), in: app)
                == .reply([.structure([.int32(10), .int32(540), .int32(50), .int32(50)])]))
        #expect(tree.answer("org.a11y.atspi.Action", "DoAction", [.int32(0)], on: .key(2), in: app) == .press(keyIndex: 2))
        #expect(tree.answer("org.a11y.atspi.Action", "GetName", [.int32(0)], on: .key(2), in: app) == .reply([.string("press")]))
        #expect(tree.property("org.a11y.atspi.Accessible", "Name", of: .key(3), in: app) == .string("backspace"))
        #expect(tree.property("org.a11y.atspi.Accessible", "Parent", of: .application, in: app)
                == .structure([.string("org.a11y.atspi.Registry"), .objectPath(AccessibleTree.rootPath)]))
        #expect(tree.property("org.a11y.atspi.Accessible", "ChildCount", of: .frame, in: app) == .int32(8))
        #expect(tree.property("org.a11y.atspi.Application", "ToolkitName", of: .application, in: app) == .string("Stackboard"))
        if case .invalid = tree.answer("org.a11y.atspi.Action", "DoAction", [.int32(1)], on: .key(2), in: app) {} else {
            Issue.record("a second action was taken")
        }
        // A hidden keyboard's keys are not pressed.
        _ = tree.update(Self.keyboard(shown: false))
        #expect(tree.answer("org.a11y.atspi.Action", "DoAction", [.int32(0)], on: .key(2), in: app) == .reply([.boolean(false)]))
    }

    @Test func aNewWordOnTheBarIsANameChangeAndShiftRenamesLetters() {
        var tree = AccessibleTree()
        let first = tree.update(Self.keyboard())
        #expect(first.prefix(8).allSatisfy { if case .childrenChanged(_, true, _, _) = $0 { true } else { false } })
        #expect(first.dropFirst(8) == [.stateChanged(path: AccessibleTree.framePath, state: "showing", on: true),
                                       .stateChanged(path: AccessibleTree.framePath, state: "visible", on: true)])
        #expect(tree.update(Self.keyboard()) == [])
        let slot = tree.path(of: .key(0))
        #expect(tree.update(Self.keyboard(words: ["they", "to"])) == [.nameChanged(path: slot, name: "they")])
        let shifted = tree.update(Self.keyboard(words: ["they", "to"], shifted: true))
        #expect(shifted == [.nameChanged(path: tree.path(of: .key(2)), name: "Q"),
                            .stateChanged(path: tree.path(of: .key(4)), state: "checked", on: true)])
    }

    @Test func anotherLayerReplacesEveryKeyAndHidingIsAStateChange() {
        var tree = AccessibleTree()
        _ = tree.update(Self.keyboard())
        let old = tree.path(of: .key(7))
        let events = tree.update(Self.keyboard(layer: "qwerty/symbols"))
        #expect(events.first == .childrenChanged(path: AccessibleTree.framePath, added: false, index: 7, child: old))
        #expect(events.count == 16)
        #expect(events.last == .childrenChanged(path: AccessibleTree.framePath, added: true, index: 7, child: tree.path(of: .key(7))))
        #expect(tree.node(at: old) == nil && tree.path(of: .key(7)) != old)
        #expect(tree.update(Self.keyboard(layer: "qwerty/symbols", shown: false))
                == [.stateChanged(path: AccessibleTree.framePath, state: "showing", on: false),
                    .stateChanged(path: AccessibleTree.framePath, state: "visible", on: false)])
        #expect(!tree.states(of: .frame).contains(.showing))
        #expect(tree.update(Self.keyboard(layer: "qwerty/symbols", origin: Point(x: 0, y: 0), shown: false))
                == [.boundsChanged(path: AccessibleTree.framePath, Rect(x: 0, y: 0, width: 200, height: 140))])
    }

    @Test func statusSaysWhenAccessibilityIsWanted() {
        #expect(AccessibleService.wanted(["IsEnabled": .boolean(true)]))
        #expect(AccessibleService.wanted(["IsEnabled": .boolean(false), "ScreenReaderEnabled": .variant(.boolean(true))]))
        #expect(!AccessibleService.wanted(["IsEnabled": .boolean(false), "ScreenReaderEnabled": .boolean(false)]))
    }
}

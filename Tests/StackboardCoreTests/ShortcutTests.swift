import Testing
@testable import StackboardCore

/// Shortcut keys: the chord as written in a layout, its errors, and what a tap sends.
@Suite struct ShortcutTests {
    @Test func chordsAreReadWithModifiersAndOneKey() throws {
        #expect(try Shortcut.parse("ctrl+c") == Shortcut(modifiers: [.ctrl], key: "c"))
        #expect(try Shortcut.parse("Ctrl+Shift+Z") == Shortcut(modifiers: [.ctrl, .shift], key: "z"))
        #expect(try Shortcut.parse("alt+F4") == Shortcut(modifiers: [.alt], key: "F4"))
        #expect(try Shortcut.parse("shift+ctrl+z").description == "ctrl+shift+z")
        #expect(try Shortcut.parse("super+Insert").key == "Insert")
    }

    @Test func badChordsSayWhatToWrite() {
        func message(_ text: String) -> String {
            do { _ = try Shortcut.parse(text); return "" } catch { return error.message }
        }
        #expect(message("c").contains("has no modifier") && message("c").contains("keysym action"))
        #expect(message("ctrl+").contains("ends without a key"))
        #expect(message("control+c").contains("did you mean \"ctrl\"?"))
        #expect(message("crtl+c").contains("did you mean \"ctrl\"?"))
        #expect(message("hyper+c").contains("Valid modifiers: shift, ctrl, alt, super, altgr."))
        #expect(message("ctrl+ctrl+c").contains("appears twice"))
        #expect(message("ctrl+ä").contains("is not a key"))
        #expect(message("ctrl+c+").contains("ends without a key"))
    }

    @Test func terminalsCopyAndPasteWithShift() throws {
        #expect(try Shortcut.parse("ctrl+c").inTerminal == Shortcut(modifiers: [.ctrl, .shift], key: "c"))
        #expect(try Shortcut.parse("ctrl+v").inTerminal == Shortcut(modifiers: [.ctrl, .shift], key: "v"))
        #expect(try Shortcut.parse("ctrl+x").inTerminal == Shortcut(modifiers: [.ctrl], key: "x"))
        #expect(try Shortcut.parse("ctrl+shift+c").inTerminal == Shortcut(modifiers: [.ctrl, .shift], key: "c"))
    }

    @Test func theLayoutFormatTakesAShortcutAndReportsItsErrors() throws {
        let keys = try LoaderSupport.keys(LoaderSupport.layout(rows: #"[{"label": "copy", "shortcut": "ctrl+c"}, {"action": "shortcut", "shortcut": "ctrl+shift+z"}]"#))
        #expect(keys[0].action == .shortcut(Shortcut(modifiers: [.ctrl], key: "c")) && keys[0].style == .function && keys[0].label == "copy")
        #expect(keys[1].label == "ctrl+shift+z", "no label: the chord")
        let bad = LoaderSupport.error(LoaderSupport.layout(rows: #"[{"label": "copy", "shortcut": "control+c"}]"#))
        #expect(bad?.path == "layers[0].rows[0][0].shortcut")
        #expect(bad?.message.contains("did you mean \"ctrl\"?") == true)
        let missing = LoaderSupport.error(LoaderSupport.layout(rows: #"[{"label": "copy", "action": "shortcut"}]"#))
        #expect(missing?.message.contains("shortcut") == true)
        let wrong = LoaderSupport.error(LoaderSupport.layout(rows: #"[{"label": "copy", "action": "text", "shortcut": "ctrl+c"}]"#))
        #expect(wrong?.message.contains("only goes with action \"shortcut\"") == true)
    }

    /// The effects without repaints.
    func sent(_ effects: [Effect]) -> [Effect] {
        effects.filter { if case .redraw = $0 { return false } else { return true } }
    }

    static func rig(entry: Bool = false) -> Rig {
        let keys = [Key(label: "copy", action: .shortcut(Shortcut(modifiers: [.ctrl], key: "c"))),
                    Key(label: "redo", action: .shortcut(Shortcut(modifiers: [.ctrl, .shift], key: "z"))),
                    Key(label: "alt", action: .modifier(.alt)), Key(label: "a", action: .text("a"))]
        let row = StackItem.stack(Stack(axis: .horizontal, items: keys.map(StackItem.key)))
        let layout = Layout(name: "t", description: "t", layers: [Layer(name: "edit", root: Stack(axis: .vertical, items: [row]))])
        return Rig(config: KeyboardConfig(mode: entry ? .entry : .typing), layout: layout)
    }

    @Test func aTapSendsTheChordWithTheActiveModifiersAndUsesThemUp() {
        var rig = Self.rig()
        #expect(sent(rig.tap("copy")) == [.key(.keysym("c"), modifiers: [.ctrl])])
        #expect(sent(rig.tap("redo")) == [.key(.keysym("z"), modifiers: [.ctrl, .shift])])
        _ = rig.tap("alt")
        #expect(sent(rig.tap("copy")) == [.key(.keysym("c"), modifiers: [.ctrl, .alt])])
        #expect(sent(rig.tap("a")) == [.type("a", modifiers: [])], "the latched alt went with the shortcut")
    }

    @Test func inATerminalCopyGoesWithShift() {
        var rig = Self.rig()
        _ = rig.state.setTerminalField(true)
        #expect(sent(rig.tap("copy")) == [.key(.keysym("c"), modifiers: [.ctrl, .shift])])
        _ = rig.state.setTerminalField(false)
        #expect(sent(rig.tap("copy")) == [.key(.keysym("c"), modifiers: [.ctrl])])
    }

    @Test func aKeypadWithItsOwnFieldHasNoShortcuts() {
        #expect(!Action.shortcut(Shortcut(modifiers: [.ctrl], key: "c")).worksInOwnField)
        var rig = Self.rig(entry: true)
        #expect(sent(rig.tap("copy")) == [])
    }
}

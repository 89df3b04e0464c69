import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardX11
import Testing

/// The keypad runtime in the entry role, on an image: the field it edits, the host it tells,
/// the overlay it paints, the clicks of refusals.
@Suite struct KeypadRuntimeTests {
    final class Host: FieldHost, KeypadOverlay {
        var changes: [(events: [EntryEvent], change: FieldChange)] = []
        var refuse: Set<String> = []
        var overlayPaints: [Bool] = []
        func keypad(_ keypad: KeypadRuntime, shouldInsert text: String, into current: String) -> Bool { !refuse.contains(text) }
        func keypad(_ keypad: KeypadRuntime, field events: [EntryEvent], by change: FieldChange) {
            changes.append((events, change))
        }
        func paintOverlay(_ ctx: CairoContext, all: Bool, now: Double) -> [Rect] {
            overlayPaints.append(all)
            return [Rect(x: 0, y: 0, width: 10, height: 10)]
        }
    }

    static let pad = TestLayouts.make("pad", [
        Key(label: "1", action: .text("1")), Key(label: "2", action: .text("2")), Key(label: "⌫", action: .key(.backspace)),
        Key(label: "done", action: .done), Key(label: "cancel", action: .cancel), Key(label: "hide", action: .hide),
    ])

    struct Fixture {
        let window: FakeWindow
        let runtime: KeypadRuntime
        let host = Host()
        var clicks: [ClickKind] { box.clicks }
        let box = ControllerFixture.Box()

        init(rules: FieldRules = FieldRules(maxLength: 2), frame: Rect? = nil) throws {
            window = try FakeWindow(log: FakeLog())
            let editor = FieldEditor(session: EntrySession(rules: rules))
            runtime = KeypadRuntime(layout: KeypadRuntimeTests.pad, surface: window, frame: frame,
                                    painter: try KeyboardPainter(theme: .light), config: KeyboardConfig(), role: .entry(editor))
            runtime.fieldHost = host
            runtime.overlay = host
            let box = self.box
            runtime.click = { box.clicks.append($0) }
        }

        func tap(_ label: String, at now: Double = 1) throws {
            guard let key = runtime.placedGeometry.keys.first(where: { $0.key.label == label }) else {
                throw FixtureError("no key \(label)")
            }
            let centre = Point(x: key.frame.x + key.frame.width / 2, y: key.frame.y + key.frame.height / 2)
            runtime.handle(.press(pointer: 0, at: centre), now: now)
            runtime.handle(.release(pointer: 0, at: centre), now: now + 0.05)
            runtime.repaint(now: now + 0.05)
        }
    }

    @Test func keysEditTheFieldAndTheHostHearsEachChange() throws {
        let f = try Fixture()
        try f.tap("1")
        try f.tap("2")
        try f.tap("⌫")
        #expect(f.runtime.field?.session.text == "1")
        #expect(f.host.changes.map(\.change) == [.edit(.insert("1")), .edit(.insert("2")), .edit(.deleteBackward)])
        try f.tap("done")
        #expect(f.host.changes.last?.change == .done)
        #expect(f.host.changes.last?.events.last == .done)
    }

    @Test func aRefusalFlashesClicksAnErrorAndRepaintsTheOverlayUntilTheFlashEnds() throws {
        let f = try Fixture()
        try f.tap("1")
        try f.tap("2")
        f.host.overlayPaints = []
        try f.tap("1", at: 2) // too long
        #expect(f.runtime.field?.session.text == "12")
        #expect(f.clicks.contains(.error))
        #expect(f.host.overlayPaints == [false])
        let end = try #require(f.runtime.nextDeadline)
        f.runtime.advance(to: end)
        f.runtime.repaint(now: end)
        #expect(f.host.overlayPaints == [false, false])
        #expect(f.runtime.nextDeadline == nil)
    }

    @Test func theHostsVetoRefusesAnInsert() throws {
        let f = try Fixture(rules: FieldRules())
        f.host.refuse = ["2"]
        try f.tap("2")
        #expect(f.runtime.field?.session.text == "")
        #expect(f.host.changes.last?.events == [.reject(.notAllowed(character: "2"))])
    }

    @Test func anEntryKeypadIgnoresHideAndCancelEndsIt() throws {
        let f = try Fixture()
        try f.tap("hide")
        #expect(f.host.changes.isEmpty)
        try f.tap("cancel")
        #expect(f.host.changes.map(\.change) == [.cancel])
    }

    @Test func aKeypadBelowAFieldTakesSurfacePointsAndPaintsInItsFrame() throws {
        let f = try Fixture(frame: Rect(x: 0, y: 50, width: 400, height: 150))
        let one = try #require(f.runtime.placedGeometry.keys.first { $0.key.label == "1" })
        #expect(one.frame.y >= 50)
        try f.tap("1")
        #expect(f.runtime.field?.session.text == "1")
        // The first repaint painted everything, the overlay with it.
        #expect(f.host.overlayPaints.first == true)
    }

    @Test func replacingTheTextKeepsTheRulesAndRepaintsTheOverlay() throws {
        let f = try Fixture()
        f.runtime.repaint(now: 0)
        f.host.overlayPaints = []
        f.runtime.replaceFieldText("21")
        f.runtime.repaint(now: 0)
        #expect(f.runtime.field?.session.text == "21")
        #expect(f.runtime.field?.session.rules.maxLength == 2)
        #expect(f.host.overlayPaints == [false])
        #expect(f.host.changes.isEmpty)
    }
}

import Testing
import StackboardCore
@testable import StackboardBus

/// Facts as the tracker reports them for GTK 3 and Chromium fields (roles and states read on Debian 12).
enum Fields {
    static func id(_ n: Int, app: String = ":1.7") -> AccessibleID {
        AccessibleID(busName: app, path: "/org/a11y/atspi/accessible/\(n)")
    }
    static let editable: AccessibleStates = [.editable, .focusable, .focused, .singleLine, .showing]
    static func gtkEntry(_ n: Int, app: String = ":1.7", pid: Int32 = 100) -> FocusFacts {
        FocusFacts(id: id(n, app: app), role: .text, states: editable, attributes: ["toolkit": "gtk"], pid: pid,
                   extents: Rect(x: 500, y: 300, width: 200, height: 34))
    }
    static func gtkPassword(_ n: Int, pid: Int32 = 100) -> FocusFacts {
        FocusFacts(id: id(n), role: .passwordText, states: editable, attributes: ["toolkit": "gtk"], pid: pid,
                   extents: Rect(x: 500, y: 340, width: 200, height: 34))
    }
    static func button(_ n: Int, app: String = ":1.7", pid: Int32 = 100) -> FocusFacts {
        FocusFacts(id: id(n, app: app), role: .pushButton, states: [.focusable, .focused], pid: pid,
                   extents: Rect(x: 500, y: 400, width: 200, height: 34))
    }
}

@Suite struct AutoShowPolicyTests {
    @Test func anEditableFieldShowsAtOnceAndAButtonHidesAfterTheGracePeriod() {
        var p = AutoShowPolicy(hideDelay: 0.3)
        let entry = Fields.gtkEntry(2)
        #expect(p.handle(.focused(entry), now: 1) == [.show(FieldRequest(id: entry.id, kind: .text,
                                                                           rect: entry.extents, caret: nil))])
        #expect(p.shown)
        #expect(p.handle(.unfocused(entry.id), now: 2) == [])
        #expect(p.handle(.focused(Fields.button(5)), now: 2.01) == [])
        #expect(p.nextDeadline == 2.3)
        #expect(p.advance(to: 2.29) == [])
        #expect(p.advance(to: 2.3) == [.hide])
        #expect(!p.shown && p.nextDeadline == nil)
    }

    @Test func hoppingBetweenTwoFieldsNeverHides() {
        var p = AutoShowPolicy(hideDelay: 0.3)
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.unfocused(Fields.id(2)), now: 2) == [])
        let password = Fields.gtkPassword(3)
        let out = p.handle(.focused(password), now: 2.05)
        #expect(out == [.show(FieldRequest(id: password.id, kind: .password, rect: password.extents, caret: nil))])
        #expect(p.nextDeadline == nil)
        #expect(p.advance(to: 10) == [])
        #expect(p.shown)
    }

    @Test func aRepeatedFocusEventForTheSameFieldDecidesNothingNew() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.focused(Fields.gtkEntry(2)), now: 1.001) == [])
    }

    @Test func aLossReportedForAnotherObjectIsIgnored() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(3)), now: 1)
        #expect(p.handle(.unfocused(Fields.id(2)), now: 1.01) == [])
        #expect(p.nextDeadline == nil && p.shown)
    }

    @Test func theKeyboardsOwnProcessIsIgnored() {
        var p = AutoShowPolicy(ownProcess: 42)
        #expect(p.handle(.focused(Fields.gtkEntry(2, pid: 42)), now: 1) == [])
        _ = p.handle(.focused(Fields.gtkEntry(3)), now: 2)
        #expect(p.handle(.focused(Fields.button(4, pid: 42)), now: 3) == [])
        #expect(p.nextDeadline == nil)
    }

    @Test func theApplicationLeavingTheBusHidesAfterTheGracePeriod() {
        var p = AutoShowPolicy(hideDelay: 0.3)
        _ = p.handle(.focused(Fields.gtkEntry(2, app: ":1.9")), now: 1)
        #expect(p.handle(.applicationGone(busName: ":1.4"), now: 2) == [])
        #expect(p.nextDeadline == nil)
        #expect(p.handle(.applicationGone(busName: ":1.9"), now: 2) == [])
        #expect(p.advance(to: 2.3) == [.hide])
    }

    @Test func losingTheBusKeepsTheKeyboardAsItIs() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.trackingLost, now: 2) == [])
        #expect(p.shown && p.nextDeadline == nil)
    }

    @Test func aPhysicalKeyHidesUntilTheNextFocusWhenTheSettingIsOn() {
        var p = AutoShowPolicy(hideOnPhysicalKeys: true, virtualDevices: [9])
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.physicalKey(device: 9), now: 2) == [])
        #expect(p.handle(.physicalKey(device: 11), now: 3) == [.hide])
        // The same field's focus event again (GTK sends two) does not bring it back...
        #expect(p.handle(.focused(Fields.gtkEntry(2)), now: 3.01) == [])
        // ...the next field does.
        #expect(p.handle(.focused(Fields.gtkPassword(3)), now: 4).count == 1)
        #expect(p.shown)
    }

    @Test func physicalKeysHideNothingByDefault() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.physicalKey(device: 11), now: 2) == [])
        #expect(p.shown)
    }

    @Test func refocusingTheSameFieldAfterLeavingItShowsAgainAfterAPhysicalKey() {
        var p = AutoShowPolicy(hideOnPhysicalKeys: true)
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        _ = p.handle(.physicalKey(device: 11), now: 2)
        _ = p.handle(.unfocused(Fields.id(2)), now: 3)
        #expect(p.handle(.focused(Fields.gtkEntry(2)), now: 4).count == 1)
    }

    @Test func shownByCommandStaysThroughFocusChanges() {
        var p = AutoShowPolicy()
        _ = p.handle(.commanded(visible: true), now: 1)
        #expect(p.handle(.focused(Fields.button(4)), now: 2) == [])
        #expect(p.nextDeadline == nil)
        // A field still gets its layout and place.
        #expect(p.handle(.focused(Fields.gtkPassword(3)), now: 3).count == 1)
        #expect(p.handle(.focused(Fields.button(4)), now: 4) == [])
        #expect(p.advance(to: 100) == [] && p.shown)
    }

    @Test func hiddenByCommandStaysHiddenUntilAnotherField() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.commanded(visible: false), now: 2) == [])
        #expect(!p.shown)
        #expect(p.handle(.focused(Fields.gtkEntry(2)), now: 2.01) == [])
        #expect(p.handle(.focused(Fields.gtkPassword(3)), now: 3).count == 1)
    }

    @Test func pausedDecidesNothingAndPausingHides() {
        var p = AutoShowPolicy()
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        #expect(p.handle(.paused(true), now: 2) == [.hide])
        #expect(p.handle(.focused(Fields.gtkPassword(3)), now: 3) == [])
        _ = p.handle(.paused(false), now: 4)
        #expect(p.handle(.focused(Fields.gtkEntry(5)), now: 5).count == 1)
    }

    @Test func matchboxShowAndHideGoThroughTheSameGracePeriod() {
        var p = AutoShowPolicy(hideDelay: 0.1)
        #expect(p.handle(.invoker(.show), now: 1) == [.show(FieldRequest(id: nil, kind: .text, rect: nil, caret: nil))])
        #expect(p.handle(.invoker(.hide), now: 2) == [])
        // The next field's show cancels the hide: shown again, never hidden in between.
        #expect(p.handle(.invoker(.show), now: 2.05).count == 1)
        #expect(p.nextDeadline == nil && p.shown)
        #expect(p.advance(to: 5) == [])
        _ = p.handle(.invoker(.hide), now: 3)
        #expect(p.advance(to: 3.1) == [.hide])
        #expect(p.handle(.invoker(.toggle), now: 4).count == 1)
        #expect(p.handle(.invoker(.toggle), now: 5) == [.hide])
    }

    @Test func aDueHideFiresBeforeTheNextInput() {
        var p = AutoShowPolicy(hideDelay: 0.3)
        _ = p.handle(.focused(Fields.gtkEntry(2)), now: 1)
        _ = p.handle(.focused(Fields.button(4)), now: 2)
        let out = p.handle(.focused(Fields.gtkEntry(2)), now: 5)
        #expect(out.first == .hide && out.count == 2)
    }

    @Test func theSameInputsAtTheSameTimesGiveTheSameDecisions() {
        let inputs: [(AutoShowInput, Double)] = [
            (.focused(Fields.gtkEntry(2)), 1), (.unfocused(Fields.id(2)), 1.5), (.focused(Fields.button(4)), 1.51),
            (.focused(Fields.gtkPassword(3)), 1.6), (.physicalKey(device: 3), 2), (.focused(Fields.button(4)), 3),
        ]
        func run() -> [AutoShowDecision] {
            var p = AutoShowPolicy(hideOnPhysicalKeys: true)
            var out: [AutoShowDecision] = []
            for (input, t) in inputs { out += p.handle(input, now: t) }
            return out + p.advance(to: 10)
        }
        #expect(run() == run())
        #expect(run().count == 3)
    }
}

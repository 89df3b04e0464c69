import Testing
import StackboardCore
@testable import StackboardBus

@Suite struct SecureFieldWatchTests {
    /// Feeds `input`; returns whether the watch said it changed and whether it is secure now.
    static func feed(_ w: inout SecureFieldWatch, _ input: AutoShowInput) -> (changed: Bool, secure: Bool) {
        let changed = w.handle(input)
        return (changed, w.isSecure)
    }

    @Test func aPasswordFieldIsSecureUntilTheFocusGoesAnywhereElse() {
        var w = SecureFieldWatch()
        #expect(!w.isSecure)
        #expect(Self.feed(&w, .focused(Fields.gtkEntry(2))) == (false, false))
        #expect(Self.feed(&w, .focused(Fields.gtkPassword(3))) == (true, true))
        // A repeat of the same focus changes nothing.
        #expect(Self.feed(&w, .focused(Fields.gtkPassword(3))) == (false, true))
        #expect(Self.feed(&w, .focused(Fields.gtkEntry(2))) == (true, false))
        #expect(Self.feed(&w, .focused(Fields.gtkPassword(3))) == (true, true))
        #expect(Self.feed(&w, .focused(Fields.button(5))) == (true, false))
    }

    @Test func chromiumsPasswordInputIsSecureByItsInputType() {
        var w = SecureFieldWatch()
        let input = FocusFacts(id: Fields.id(9, app: ":1.20"), role: .entry, states: Fields.editable,
                               attributes: ["text-input-type": "password"], pid: 300)
        #expect(Self.feed(&w, .focused(input)) == (true, true))
    }

    @Test func losingTheFieldOrItsApplicationEndsItButNotALossOfAnotherObject() {
        var w = SecureFieldWatch()
        _ = w.handle(.focused(Fields.gtkPassword(3)))
        #expect(Self.feed(&w, .unfocused(Fields.id(2))) == (false, true))
        #expect(Self.feed(&w, .applicationGone(busName: ":1.99")) == (false, true))
        #expect(Self.feed(&w, .unfocused(Fields.id(3))) == (true, false))
        _ = w.handle(.focused(Fields.gtkPassword(3)))
        #expect(Self.feed(&w, .applicationGone(busName: ":1.7")) == (true, false))
    }

    @Test func aLostBusKeepsAPasswordFieldSecureUntilTheNextReport() {
        var w = SecureFieldWatch()
        _ = w.handle(.focused(Fields.gtkPassword(3)))
        #expect(Self.feed(&w, .trackingLost) == (false, true))
        #expect(Self.feed(&w, .commanded(visible: false)) == (false, true))
        #expect(Self.feed(&w, .focused(Fields.gtkEntry(4))) == (true, false))
    }

    @Test func theKeyboardsOwnReportsAndReadOnlyPasswordsAreNotFields() {
        var w = SecureFieldWatch(ownProcess: 100)
        #expect(Self.feed(&w, .focused(Fields.gtkPassword(3))) == (false, false))
        w.ownProcess = nil
        var readOnly = Fields.gtkPassword(3)
        readOnly.states.insert(.readOnly)
        #expect(Self.feed(&w, .focused(readOnly)) == (false, false))
    }
}

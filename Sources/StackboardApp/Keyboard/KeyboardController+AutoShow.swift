import StackboardCore
import StackboardBus
import StackboardRuntime
import StackboardSystem

/// Auto-show: the keyboard shown for a focused field (its pad, secure for a password) or hidden.
extension KeyboardController {
    /// The layout for fields of a kind that wants a pad (nil: the user's own layout).
    static func padLayout(for kind: FieldKind) -> String? {
        switch kind {
        case .number: return "numeric"
        case .decimal: return "decimal"
        case .phone: return "phone"
        case .text, .password, .email, .url, .search, .terminal: return nil
        }
    }

    /// Carries out an auto-show decision: shown for a field (its pad, secure for a password,
    /// out of its way), or hidden.
    func autoShow(_ decision: AutoShowDecision, now: Double) {
        switch decision {
        case .show(let request):
            field = request
            if let pad = Self.padLayout(for: request.kind) {
                if runtime.state.layout.name != pad {
                    let user = runtime.state.layout.name
                    if switchLayout(named: pad, now: now) == nil, layoutBeforeField == nil { layoutBeforeField = user }
                }
            } else if let user = layoutBeforeField {
                layoutBeforeField = nil
                switchLayout(named: user, now: now)
            }
            fieldKindChanged()
            place?(request)
            show(now: now)
        case .hide:
            field = nil
            hide(now: now)
        }
    }

    /// Whether what is typed now is a secret (the focus is in a password field, or auto-show
    /// showed the keyboard for one): no suggestions, nothing learned.
    var isSecure: Bool { focusInPassword || focusInSecureEntry || field?.kind.isSecure == true }

    /// The focus tracker saw the focus enter (true) or leave (false) a password field, with or
    /// without auto-show.
    func secureFieldChanged(_ secure: Bool) {
        let was = isSecure
        focusInPassword = secure
        if isSecure != was { fieldKindChanged() }
    }

    /// The active window is (true) or is not (false) a secure entry window
    /// (`stackboard entry --secure`, `SecureEntryMark`): what is typed there is a secret too.
    func secureEntryFocused(_ secure: Bool) {
        let was = isSecure
        focusInSecureEntry = secure
        if isSecure != was { fieldKindChanged() }
    }

    /// The word engine hears that the field changed (a password field locks it); a password
    /// field's keyboard shows no key preview and does not swipe.
    fileprivate func fieldKindChanged() {
        runtime.setSecureEntry(isSecure, now: MonotonicClock.now())
        runtime.words?.setSecure(isSecure)
        contextChanged(.windowChanged)
    }
}

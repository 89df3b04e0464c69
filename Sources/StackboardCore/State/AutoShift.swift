/// The shift the keyboard latches by itself at the start of a sentence (automatic capitals).
///
/// Rules (tested in `Tests/StackboardCoreTests/StateAutoShiftTests.swift`):
/// - The host says whether a capital is wanted now (`setAutoShift`): the word engine's sentence
///   start, in a field that takes capitals, with the setting on. The state latches its own shift
///   only on a layer that has a shift key and cased letters (a layout without case, or an XKB
///   layout whose shift level types other letters, is left alone), and not while the user's
///   own shift or caps lock is on.
/// - It shifts cased letters only, like caps lock: a digit or a mark after ". " types as it is.
/// - The shift key shows it latched. One tap on shift releases it, and it stays released at
///   that place (the user said no); the next key that types, or a host's `false`, ends that.
/// - The key it shifted uses it up, as a latched shift is; so do hiding and `releaseAll`.
public struct AutoShift: Equatable, Sendable {
    /// Whether the keyboard's own shift is latched now.
    public internal(set) var latched = false
    /// Whether the user released it where it was wanted (it is not latched again there).
    public internal(set) var declined = false

    /// Nothing latched, nothing declined.
    public init() {}

    init(latched: Bool, declined: Bool) {
        self.latched = latched
        self.declined = declined
    }
}

extension KeyboardState {
    /// Whether the keyboard latched its own shift (see `AutoShift`).
    public var autoShifted: Bool { autoShift.latched }

    /// Whether the current layer can take an automatic capital: it has a shift key and a cased
    /// letter that shift turns into its capital.
    public var layerHasCapitals: Bool {
        var shiftKey = false, capital = false
        for placed in geometry.keys {
            switch placed.key.action {
            case .modifier(.shift): shiftKey = true
            case .text(let text):
                if !capital, KeyboardState.isCasedLetter(text),
                   placed.key.shiftedLabel.map({ $0 == text.uppercased() }) ?? false { capital = true }
            default: break
            }
            if shiftKey && capital { return true }
        }
        return false
    }

    /// What `setAutoShift(wanted)` would leave latched (nothing changes when this is `autoShifted`).
    public func autoShiftAfter(_ wanted: Bool) -> Bool {
        guard wanted, !autoShift.declined else { return false }
        if autoShift.latched { return true }
        return !capsLock && !latched.contains(.shift) && !locked.contains(.shift) && layerHasCapitals
    }

    /// Whether `setAutoShift(wanted)` would change anything (a host asks first: a change of the
    /// state withdraws the key offered ahead of a release).
    public func autoShiftChanges(_ wanted: Bool) -> Bool {
        autoShiftAfter(wanted) != autoShift.latched || (!wanted && autoShift.declined)
    }

    /// The host's word on a capital now (see `AutoShift`): latches or releases the keyboard's own
    /// shift; the letters it changes are repainted.
    public mutating func setAutoShift(_ wanted: Bool) -> [Effect] {
        guard autoShiftChanges(wanted) else { return [] }
        return mutate(now: nil) { state in
            state.autoShift.latched = state.autoShiftAfter(wanted)
            if !wanted { state.autoShift.declined = false }
            return []
        }
    }
}

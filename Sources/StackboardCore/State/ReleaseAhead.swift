/// What the release of the one pointer that is down would type, worked out before it comes, so
/// that the host can send the key the moment the release arrives and do the rest after
/// (`KeyboardState.releaseAhead`). It holds only for a release at `point` (where the pointer
/// is now: the release then moves it nowhere) before `until` (the first timer: a long press,
/// a repeat, dwell or scanning would change what the release does) and while the state is
/// unchanged; the host forgets it on any change.
public struct ReleaseAhead: Equatable, Sendable {
    /// The pointer that is down.
    public var pointer: Int
    /// Where it is, in the keypad's pixels.
    public var point: Point
    /// The text its release types, with no modifiers held.
    public var text: String
    /// The time the state's first timer is due (nil: none is pending).
    public var until: Double?
}

extension KeyboardState {
    /// What the release of the pointer that is down would type, if it came now where the
    /// pointer is: nil unless exactly one pointer is down and its release would type text with
    /// no modifiers and ask nothing else of the host (no other key, no layout change, no swipe).
    /// Clicks and repaints may come with it; they are done after the key either way.
    public func releaseAhead(now: Double) -> ReleaseAhead? {
        // A swipe under way hands its path over; a grip moves the window: neither types a key.
        guard pointers.count == 1, let (pointer, track) = pointers.first, track.swipe?.active != true, !track.grip else { return nil }
        var after = self
        let (effects, _) = after.handleDeferringRedraws(.release(pointer: pointer, at: track.point), now: now)
        var typed: String?
        for effect in effects {
            switch effect {
            case .type(let text, let modifiers) where modifiers.isEmpty && typed == nil && !text.isEmpty:
                typed = text
            case .click, .redraw, .redrawAll, .showAlternates, .hideAlternates, .redrawAlternates,
                 .showPreview, .hidePreview, .redrawTrail:
                continue
            default:
                return nil
            }
        }
        guard let typed else { return nil }
        return ReleaseAhead(pointer: pointer, point: track.point, text: typed, until: nextDeadline)
    }
}

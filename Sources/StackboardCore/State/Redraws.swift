/// What the painter shows, captured before a change so that only the difference is repainted.
struct RedrawSnapshot: Sendable {
    var generation: Int
    var shifted: Bool
    var visuals: [KeyVisual]
    var pendingMorse: String
    var alternates: AlternatesPopup?
    var preview: KeyPreview?
    var trails: [Int]
}

/// The state before a change, kept so that what to repaint is worked out after the change's
/// output (the typed key) went out: `KeyboardState.redraws(since:)`. Copying the state is cheap
/// (its arrays are shared until written).
public struct PendingRedraws: Sendable {
    let before: KeyboardState
}

extension KeyboardState {
    /// Runs `body` and appends the repaint effects
    /// for whatever changed: alternates shown, changed or hidden, then `.redrawAll` (layer, size or
    /// shift changed) or `.redraw` of the keys whose look changed. The key preview and the swipe
    /// trails are compared too (`.showPreview`, `.hidePreview`, `.redrawTrail`).
    mutating func mutate(now: Double?, _ body: (inout KeyboardState) -> [Effect]) -> [Effect] {
        let (effects, pending) = change(now: now, body)
        return effects + redraws(since: pending)
    }

    /// Runs `body`; the repaint effects are left to `redraws(since:)`.
    mutating func change(now: Double?, _ body: (inout KeyboardState) -> [Effect]) -> ([Effect], PendingRedraws) {
        let pending = PendingRedraws(before: self)
        let effects = body(&self)
        return (effects, pending)
    }

    /// `handle(_:now:)` without the repaint effects: send the output first, then ask
    /// `redraws(since:)` with the returned value for what to repaint. Together they give exactly
    /// the effects of `handle`.
    public mutating func handleDeferringRedraws(_ event: InputEvent, now: Double) -> (effects: [Effect], pending: PendingRedraws) {
        change(now: now) { state in state.step(event, now: now) }
    }

    /// The repaint effects of everything that changed since `pending` was taken.
    public func redraws(since pending: PendingRedraws) -> [Effect] {
        redraws(since: pending.before.snapshot())
    }

    func snapshot() -> RedrawSnapshot {
        let pressed = pressedKeys
        return RedrawSnapshot(generation: generation, shifted: shifted,
                              visuals: geometry.keys.indices.map { visual(ofKey: $0, pressed: pressed) },
                              pendingMorse: pendingMorse, alternates: alternates, preview: preview,
                              trails: swipeTrails.flatMap { [$0.pointer, $0.path.count] })
    }

    func redraws(since before: RedrawSnapshot) -> [Effect] {
        let after = snapshot()
        var effects: [Effect] = []
        switch (before.alternates, after.alternates) {
        case (nil, let shown?):
            effects.append(.showAlternates(keyIndex: shown.keyIndex))
        case (_?, nil):
            effects.append(.hideAlternates)
        case (let old?, let new?) where old.keyIndex != new.keyIndex:
            effects += [.hideAlternates, .showAlternates(keyIndex: new.keyIndex)]
        case (let old?, let new?) where old != new:
            effects.append(.redrawAlternates)
        default:
            break
        }
        switch (before.preview, after.preview) {
        case (nil, let shown?): effects.append(.showPreview(keyIndex: shown.keyIndex))
        case (_?, nil): effects.append(.hidePreview)
        case (let old?, let new?) where old != new: effects.append(.showPreview(keyIndex: new.keyIndex))
        default: break
        }
        if before.trails != after.trails { effects.append(.redrawTrail) }
        if after.generation != before.generation || after.shifted != before.shifted
            || after.visuals.count != before.visuals.count {
            effects.append(.redrawAll)
            return effects
        }
        var changed = Set(zip(before.visuals, after.visuals).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset))
        if before.pendingMorse != after.pendingMorse {
            for placed in geometry.keys {
                switch placed.key.action {
                case .morseDot, .morseDash, .morseGap: changed.insert(placed.index)
                default: break
                }
            }
        }
        if !changed.isEmpty { effects.append(.redraw(changed.sorted())) }
        return effects
    }
}

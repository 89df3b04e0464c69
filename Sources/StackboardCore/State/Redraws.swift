/// What the painter shows, captured before a change so that only the difference is repainted.
struct RedrawSnapshot: Sendable {
    var generation: Int
    var shifted: Bool
    var visuals: [KeyVisual]
    var pendingMorse: String
    var alternates: AlternatesPopup?
}

extension KeyboardState {
    /// Runs `body`, starts a pending scan when the time is known, and appends the repaint effects
    /// for whatever changed: alternates shown, changed or hidden, then `.redrawAll` (layer, size or
    /// shift changed) or `.redraw` of the keys whose look changed.
    mutating func mutate(now: Double?, _ body: (inout KeyboardState) -> [Effect]) -> [Effect] {
        let before = snapshot()
        var effects = body(&self)
        if let now { startPendingScan(now: now) }
        effects += redraws(since: before)
        return effects
    }

    func snapshot() -> RedrawSnapshot {
        let pressed = Set(pointers.values.map(\.key))
        return RedrawSnapshot(generation: generation, shifted: shifted,
                              visuals: geometry.keys.indices.map { visual(ofKey: $0, pressed: pressed) },
                              pendingMorse: pendingMorse, alternates: alternates)
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

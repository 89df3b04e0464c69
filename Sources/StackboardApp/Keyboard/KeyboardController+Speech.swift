import StackboardCore
import StackboardSpeech

/// Spoken scanning (`--speak`): after each loop turn the keyboard hands the scan's highlight (or
/// the key a resting pointer dwells on) to its `ScanSpeaker`, which says it when it changed. The
/// one place scanning and speech meet.
extension KeyboardController {
    /// After a loop turn: says the highlighted row or key (or the dwelt-on key) if it changed
    /// (never while a password field has the focus); silent while the keyboard is hidden.
    func speakHighlightIfChanged() {
        guard let speech else { return }
        guard visible else { return speech.silence() }
        let state = runtime.state
        let visuals = state.geometry.keys.indices.map { state.visual(ofKey: $0) }
        // The scan's highlight; without one, the key a resting pointer dwells on (`--dwell`).
        var keys = visuals.indices.filter { visuals[$0].scanHighlighted }
        if keys.isEmpty { keys = visuals.indices.filter { visuals[$0].dwellProgress != nil } }
        let spoken = keys.map { index in
            let key = state.geometry.keys[index].key
            if case .suggestion(let slot) = key.action {
                let words = runtime.suggestionLabels
                return SpokenKey(action: key.action, label: words.indices.contains(slot) ? words[slot] : "")
            }
            return SpokenKey(action: key.action, label: state.displayLabel(ofKey: index))
        }
        let highlight: SpokenHighlight? = spoken.isEmpty ? nil : spoken.count == 1 ? .key(spoken[0]) : .group(spoken)
        speech.highlight(highlight, keys: keys, layer: state.layerName, secure: isSecure)
    }
}

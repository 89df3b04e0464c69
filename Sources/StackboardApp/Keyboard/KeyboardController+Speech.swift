import StackboardCore
import StackboardSpeech

/// Spoken scanning (`--speak`): after each loop turn the keyboard hands the scan's highlight to
/// its `ScanSpeaker`, which says it when it changed. The one place scanning and speech meet.
extension KeyboardController {
    /// After a loop turn: says the highlighted row or key if the highlight moved (never while a
    /// password field has the focus); silent while the keyboard is hidden.
    func speakHighlightIfChanged() {
        guard let speech else { return }
        guard visible else { return speech.silence() }
        let state = runtime.state
        let keys = state.geometry.keys.indices.filter { state.visual(ofKey: $0).scanHighlighted }
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

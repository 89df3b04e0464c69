import StackboardCore
import StackboardSpeech

/// Spoken scanning (`--speak`): after each loop turn the keyboard hands the scan's highlight
/// (`ScanMarks`, as `KeypadScanner.highlightChanged` set them; or the key a resting pointer dwells on) to
/// its `ScanSpeaker`, which says it when it changed. The one place scanning and speech meet.
extension KeyboardController {
    /// After a loop turn: says the highlighted row or key (or the dwelt-on key) if it changed
    /// (never while a password field has the focus); silent while the keyboard is hidden.
    func speakHighlightIfChanged() {
        guard let speech else { return }
        guard visible else { return speech.silence() }
        let state = runtime.state
        // The scan's highlight (a group's back step included); without one, the key a resting
        // pointer dwells on (`--dwell`).
        let marks = state.scanMarks
        if !marks.keys.isEmpty { return speakHighlight(keys: marks.keys.sorted(), back: marks.back) }
        let visuals = state.geometry.keys.indices.map { state.visual(ofKey: $0) }
        speakHighlight(keys: visuals.indices.filter { visuals[$0].dwellProgress != nil })
    }

    /// Says the highlight of `keys` (indices of the layer shown; empty: nothing highlighted), or
    /// with `back` the back step of their group, if it changed since the last turn. A scanner
    /// that knows its own highlight calls this directly (`ScanMachine.highlight`: `.keys(k)` is
    /// `keys: k`, `.back(k)` is `keys: k, back: true`, `.none` is `keys: []`).
    func speakHighlight(keys: [Int], back: Bool = false) {
        guard let speech else { return }
        let state = runtime.state
        let spoken = keys.filter { state.geometry.keys.indices.contains($0) }.map { index in
            let key = state.geometry.keys[index].key
            if case .suggestion(let slot) = key.action {
                let words = runtime.suggestionLabels
                return SpokenKey(action: key.action, label: words.indices.contains(slot) ? words[slot] : "")
            }
            return SpokenKey(action: key.action, label: state.displayLabel(ofKey: index))
        }
        let highlight: SpokenHighlight? = spoken.isEmpty ? nil : back ? .back : spoken.count == 1 ? .key(spoken[0]) : .group(spoken)
        speech.highlight(highlight, keys: keys, layer: state.layerName, secure: isSecure)
    }
}

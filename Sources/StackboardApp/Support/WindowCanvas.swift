import StackboardRender
import StackboardX11

/// A cairo context on a window's back buffer, made again when the window replaces its buffer
/// (after a resize). Shared by the keyboard and the entry window.
struct WindowCanvas {
    private var current: (generation: Int, context: CairoContext)?

    /// The context for `window`'s current back buffer; nil (after one stderr line naming
    /// `what`) when cairo cannot make one.
    mutating func context(for window: KeyboardWindow, what: String) -> CairoContext? {
        if let current, current.generation == window.bufferGeneration { return current.context }
        current = nil
        do {
            let context = try CairoContext(surface: try CairoSurface(taking: window.retainedSurface()))
            current = (window.bufferGeneration, context)
            return context
        } catch {
            printError("stackboard: cannot paint \(what): \(error)")
            return nil
        }
    }

    /// Drops the context (before the window goes).
    mutating func reset() { current = nil }
}

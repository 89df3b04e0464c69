import CCairoPango
import CLazy

/// The part of the text stack's start that needs no painter: Pango opened (Sources/CLazy, ~3 ms
/// of loading and linking) and fontconfig started (its configuration files parsed and its font
/// caches mapped, 5-10 ms), on a thread of the keyboard's own from the start's first step. A
/// first start with no cached frame waits for both before it can lay out a label; on a second
/// core they run beside the option parsing, the layouts, the X connection and the window.
///
/// Wait for `run`'s end before any painter starts its text (`TextRenderer.start`): Pango's font
/// map starts fontconfig in a thread of Pango's when none is running, and two starts side by
/// side would each do all of the work.
public enum TextWarmup {
    /// Opens Pango and starts fontconfig (call it on a thread of its own). A failure is left
    /// for the painter's `start` to report.
    public static func run() {
        guard stackboard_lazy_open(STACKBOARD_LAZY_PANGO) == nil else { return }
        _ = FcInit()
    }
}

import CX11
import StackboardCore
import StackboardRender
import StackboardX11
#if canImport(Glibc)
import Glibc
#endif

/// A keypad inside a Swift X11 application's own window: a child window of the host's window,
/// painted like Stackboard's keyboard and driven by its state machine in entry mode. The host
/// keeps its event loop and its text field: it forwards every event to `handle(event:)`, calls
/// `advance(to:)` by `nextDeadline` (key repeat), and hears about edits through `delegate`.
///
/// The keypad keeps its own copy of the field (`text`) to apply the layout's rules, multipliers
/// and Morse; set it with `setText` when the host's field changes otherwise. It never takes the
/// focus and plays no sound. Times are seconds on `Keypad.now()` (CLOCK_MONOTONIC). Release the
/// keypad before closing the display.
public final class Keypad {
    /// Told about every edit, done and cancel.
    public weak var delegate: KeypadDelegate?
    /// The layout shown (shuffled PIN digits already dealt).
    public let layout: Layout

    let window: ChildWindow
    var state: KeyboardState
    var editor: FieldEditor
    let painter: KeyboardPainter
    var canvas: (generation: Int, context: CairoContext)?
    var dirtyKeys: Set<Int> = []
    var dirtyAll = true

    /// Creates the keypad at `frame` (in `parent`'s pixels) in the host's window `parent`, on the
    /// host's display connection `display` (a `Display *`). `layout` is a layout name or a JSON
    /// file (as `stackboard --layout` takes); its entry preset gives the field's rules. PIN pads
    /// are dealt shuffled unless `shuffle` is false; decimal keys type `decimalSeparator`.
    public init(display: OpaquePointer, parent: UInt, frame: Rect, layout: String, theme: String = "light",
                shuffle: Bool = true, decimalSeparator: String = ".") throws(KeypadError) {
        var loaded: Layout
        do { loaded = try LayoutCatalog.forCurrentProcess().load(layout) } catch { throw .layout(error) }
        if loaded.hasShuffledDigits {
            if shuffle {
                var rng = SystemRandomNumberGenerator()
                loaded = loaded.dealingShuffledDigits(using: &rng)
            } else {
                loaded = loaded.dealingDigitsInOrder()
            }
        }
        loaded = loaded.withDecimalSeparator(decimalSeparator)
        guard let chosenTheme = Theme.named(theme) else { throw .unknownTheme(theme) }
        let preset = loaded.entry ?? EntryPreset()
        let rules: FieldRules
        do {
            rules = try FieldRules(maxLength: preset.maxLength, allow: preset.allow, secure: preset.secure,
                                   decimalSeparator: decimalSeparator)
        } catch {
            throw .rules(error)
        }
        do {
            painter = try KeyboardPainter(theme: chosenTheme)
            window = try ChildWindow(display: display, parent: parent, frame: frame)
        } catch {
            throw .window("cannot make the keypad: \(error)")
        }
        self.layout = loaded
        // A keypad in a host's window shows no long-press popups: keys with alternates type their own text.
        let config = KeyboardConfig(mode: .entry, longPressDelay: Keypad.noLongPress, decimalSeparator: decimalSeparator)
        state = KeyboardState(layout: loaded, size: window.size, config: config)
        editor = FieldEditor(session: EntrySession(rules: rules, decimalSeparator: decimalSeparator,
                                                   reportBackspaceOnEmpty: true))
        repaint()
    }

    /// A long-press delay no press lasts (about 30 years): keys with alternates just type.
    static let noLongPress = 1e9

    /// The current CLOCK_MONOTONIC time in seconds: the clock of `nextDeadline` and `advance(to:)`.
    public static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// The keypad's X window (a child of the host's window).
    public var windowID: UInt { window.windowID }

    /// Where the keypad sits in the host's window.
    public var frame: Rect { window.frame }

    /// The keypad's copy of the field's text. Never log it.
    public var text: String { editor.session.text }

    /// The rules inserts must pass before `shouldInsert` is asked (from the layout's preset).
    public var rules: FieldRules { editor.session.rules }

    /// Replaces the keypad's copy of the field (cursor at the end), e.g. when the host's field
    /// changed by itself or another field took over the keypad.
    public func setText(_ text: String) {
        editor.replaceText(text)
        dirtyKeys.formUnion(KeyboardPainter.morseGapIndices(in: state.geometry))
        repaint()
    }

    /// Looks at one event from the host's queue. Returns true when it was the keypad's (the
    /// host should not handle it further); taps are carried out before it returns.
    public func handle(event: UnsafeMutablePointer<XEvent>) -> Bool {
        guard let inputs = window.handle(event) else { return false }
        let now = Keypad.now()
        for input in inputs { perform(state.handle(input, now: now)) }
        repaint()
        return true
    }

    /// `handle(event:)` for a host whose Xlib module is not this package's: `event` points to an `XEvent`.
    public func handle(rawEvent: UnsafeMutableRawPointer) -> Bool {
        handle(event: rawEvent.assumingMemoryBound(to: XEvent.self))
    }

    /// When `advance(to:)` must be called next (a held key repeats); nil when idle.
    public var nextDeadline: Double? { state.nextDeadline }

    /// Does what is due at `now` (`Keypad.now()`): key repeat, long press.
    public func advance(to now: Double) {
        perform(state.advance(to: now))
        repaint()
    }

    /// Moves and resizes the keypad in the host's window; the keys are laid out again.
    public func setFrame(_ frame: Rect) {
        do { try window.setFrame(frame) } catch { return }
        perform(state.resize(to: window.size))
        dirtyAll = true
        repaint()
    }
}

import CX11
import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSystem
import StackboardX11

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
    private let bridge: FieldBridge
    private let runtime: KeypadRuntime

    /// Creates the keypad at `frame` (in `parent`'s pixels) in the host's window `parent`, on the
    /// host's display connection `display` (a `Display *`). `layout` is a layout name or a JSON
    /// file (as `stackboard --layout` takes); its entry preset gives the field's rules. `theme` is a
    /// theme name or file (as `--theme` takes). PIN pads are dealt shuffled unless `shuffle` is
    /// false; decimal keys type `decimalSeparator`.
    public init(display: OpaquePointer, parent: UInt, frame: Rect, layout: String, theme: String = "light",
                shuffle: Bool = true, decimalSeparator: String = ".") throws(KeypadError) {
        var preparation = LayoutPreparation(shuffle: shuffle, decimalSeparator: decimalSeparator, catalog: .forCurrentProcess())
        preparation.ownField = true
        let loaded: Layout
        do { loaded = try preparation.load(layout) } catch { throw .layout(error) }
        let chosenTheme: Theme
        do { chosenTheme = try ThemeCatalog(layouts: preparation.catalog).load(theme) } catch { throw .theme(error) }
        let rules: FieldRules
        do { rules = try preparation.fieldRules(for: loaded).rules } catch { throw .rules(error) }
        let painter: KeyboardPainter
        do {
            painter = try KeyboardPainter(theme: chosenTheme)
            window = try ChildWindow(display: display, parent: parent, frame: frame)
        } catch {
            throw .window("cannot make the keypad: \(error)")
        }
        self.layout = loaded
        bridge = FieldBridge()
        // A keypad in a host's window shows no long-press popups: keys with alternates type their own text.
        let config = KeyboardConfig(timing: KeyTiming(longPressDelay: KeyTiming.noLongPress), decimalSeparator: decimalSeparator)
        let editor = FieldEditor(session: EntrySession(rules: rules, decimalSeparator: decimalSeparator,
                                                       reportBackspaceOnEmpty: true))
        runtime = KeypadRuntime(layout: loaded, surface: window, painter: painter, config: config, role: .entry(editor))
        runtime.fieldHost = bridge
        bridge.keypad = self
        runtime.repaint(now: Keypad.now())
    }

    /// The current CLOCK_MONOTONIC time in seconds: the clock of `nextDeadline` and `advance(to:)`.
    public static func now() -> Double { MonotonicClock.now() }

    /// The keypad's X window (a child of the host's window).
    public var windowID: UInt { window.windowID }

    /// Where the keypad sits in the host's window.
    public var frame: Rect { window.frame }

    /// The keypad's copy of the field's text. Never log it.
    public var text: String { runtime.field?.session.text ?? "" }

    /// The rules inserts must pass before `shouldInsert` is asked (from the layout's preset).
    public var rules: FieldRules { runtime.field?.session.rules ?? FieldRules() }

    /// Replaces the keypad's copy of the field (cursor at the end), e.g. when the host's field
    /// changed by itself or another field took over the keypad.
    public func setText(_ text: String) {
        runtime.replaceFieldText(text)
        runtime.repaint(now: Keypad.now())
    }

    /// Looks at one event from the host's queue. Returns true when it was the keypad's (the
    /// host should not handle it further); taps are carried out before it returns.
    public func handle(event: UnsafeMutablePointer<XEvent>) -> Bool {
        guard let inputs = window.handle(event) else { return false }
        let now = Keypad.now()
        for input in inputs { runtime.handle(input, now: now) }
        runtime.repaint(now: now)
        return true
    }

    /// `handle(event:)` for a host whose Xlib module is not this package's: `event` points to an `XEvent`.
    public func handle(rawEvent: UnsafeMutableRawPointer) -> Bool {
        handle(event: rawEvent.assumingMemoryBound(to: XEvent.self))
    }

    /// When `advance(to:)` must be called next (a held key repeats); nil when idle.
    public var nextDeadline: Double? { runtime.nextDeadline }

    /// Does what is due at `now` (`Keypad.now()`): key repeat, long press.
    public func advance(to now: Double) {
        runtime.advance(to: now)
        runtime.repaint(now: now)
    }

    /// Moves and resizes the keypad in the host's window; the keys are laid out again.
    public func setFrame(_ frame: Rect) {
        do { try window.setFrame(frame) } catch { return }
        let now = Keypad.now()
        runtime.setFrame(Rect(size: window.size), now: now)
        runtime.repaint(now: now)
    }

    /// Tells the delegate about each event of a field change, in order.
    fileprivate func report(_ events: [EntryEvent], by change: FieldChange) {
        guard let delegate else { return }
        let backward = change == .edit(.deleteBackward)
        for event in events {
            switch event {
            case .insert(let text): delegate.keypad(self, didInsert: text)
            case .delete where backward, .backspaceEmpty: delegate.keypadDidDeleteBackward(self)
            case .reject(let reason): delegate.keypad(self, didReject: reason)
            case .done: delegate.keypadDidFinish(self)
            case .cancel: delegate.keypadDidCancel(self)
            default: delegate.keypad(self, didChange: event)
            }
        }
    }

    /// Whether the delegate lets `text` into the field.
    fileprivate func allows(_ text: String, into current: String) -> Bool {
        delegate?.keypad(self, shouldInsert: text, into: current) ?? true
    }
}

/// The runtime's field host for a `Keypad` (the keypad owns the runtime, which holds its hosts
/// weakly; this small object breaks the cycle the other way).
private final class FieldBridge: FieldHost {
    weak var keypad: Keypad?

    func keypad(_ runtime: KeypadRuntime, shouldInsert text: String, into current: String) -> Bool {
        keypad?.allows(text, into: current) ?? true
    }

    func keypad(_ runtime: KeypadRuntime, field events: [EntryEvent], by change: FieldChange) {
        keypad?.report(events, by: change)
    }
}

import StackboardCore
import StackboardX11

/// Moves, resizes, docks and undocks the keyboard's window for the grip and the corners, and
/// remembers where the user left it (per layout and screen size, in a `GeometryStore`).
///
/// A drag of the core pointer goes to the window manager when one runs (`_NET_WM_MOVERESIZE`);
/// then the window's frame is read back once the button is up and the frame has settled.
/// Without a window manager, and for touches (whose events a window manager's pointer grab
/// would not see), the window follows the pointer's root position itself (`WindowDrag`), as
/// each event reported it (`note`): window pixels move with the window.
final class WindowMover {
    let window: KeyboardWindowing
    /// Where places are remembered (nil: nowhere, a plug's keyboard).
    let store: GeometryStore?
    /// The smallest key a resize leaves (`minimumKey(scale:)`).
    let minimumKey: Size
    /// Whether a layout's remembered place is taken when it is shown (false when the command
    /// line gave the geometry or the dock).
    let followsMemory: Bool
    /// The layout shown, and the smallest window it fits in.
    private(set) var layout: String
    private(set) var minimum: Size
    /// Where the keyboard floats (where undocking goes; what auto-show avoids a field from).
    private(set) var floatingFrame: Rect
    /// The drags the keyboard carries out itself, by pointer.
    private var drags: [Int: (drag: WindowDrag, last: Rect)] = [:]
    /// Where each pointer was last, in root pixels (`.rootPosition` events, in order with their inputs).
    private var roots: [Int: Point] = [:]
    /// Told when the keyboard is docked or floated here (the grip, a layout's remembered place):
    /// the placement and the frame asked for (the monitor placer keeps it after a RandR change).
    var placed: (WindowPlacement, Rect) -> Void = { _, _ in }
    /// A drag the window manager carries out: when to look at the frame next, and what it was.
    private var watching: (due: Double, frame: Rect?, until: Double)?

    /// How often (seconds) the frame is read back after the window manager took a drag.
    static let settleInterval = 0.5
    /// The longest a window manager's drag is watched for (seconds).
    static let settleLimit = 600.0

    init(window: KeyboardWindowing, store: GeometryStore?, layout: Layout, home: Rect, minimumKey: Size, followsMemory: Bool) {
        self.window = window
        self.store = store
        self.minimumKey = minimumKey
        self.followsMemory = followsMemory
        self.layout = layout.name
        self.minimum = Self.minimum(of: layout, key: minimumKey, within: Size(width: home.width, height: home.height))
        floatingFrame = home
        window.setMinimumSize(minimum, frame: home)
    }

    /// The smallest key a resize leaves at `scale`: 24 pixels wide and 16 high times the scale
    /// (a layout's thin rows, such as the grip's, are 24 pixels high at the default size).
    static func minimumKey(scale: Double) -> Size {
        Size(width: max(8, Int((24 * scale).rounded())), height: max(6, Int((16 * scale).rounded())))
    }

    /// The smallest window `layout` is resized to: keys of `key` at least, but never more than
    /// `given` (the size the options or the user gave it: a `--geometry 600x200` keyboard is not
    /// made taller by its hints).
    static func minimum(of layout: Layout, key: Size, within given: Size) -> Size {
        let keys = layout.minimumSize(key: key)
        return Size(width: max(1, min(keys.width, given.width)), height: max(1, min(keys.height, given.height)))
    }

    /// What the grip and the corners do now.
    var control: WindowControl { window.placement == .floating ? .floating : .docked }

    /// A layout is shown: its smallest size applies, and its remembered place (if any).
    func show(_ layout: Layout) {
        self.layout = layout.name
        let screen = window.screenSize
        let frame = window.rootFrame() ?? floatingFrame
        minimum = Self.minimum(of: layout, key: minimumKey, within: Size(width: frame.width, height: frame.height))
        window.setMinimumSize(minimum, frame: frame)
        guard followsMemory, let entry = store?.entry(layout: layout.name, screen: screen) else { return }
        floatingFrame = entry.frame
        setPlacement(entry, on: screen)
    }

    /// Pointer `pointer` is at `root` (root pixels) for its next input event.
    func note(pointer: Int, root: Point) {
        roots[pointer] = root
    }

    /// Pointer `pointer`, which went down at `from` and is now at `to` (window pixels), drags
    /// the window from now on: the window follows it as if it had been grabbed at `from`.
    func begin(pointer: Int, kind: WindowDragKind, from: Point, to: Point, now: Double) {
        guard window.placement == .floating, let frame = window.rootFrame() else { return }
        let root = roots[pointer] ?? Point(x: frame.x + to.x, y: frame.y + to.y)
        // Where the pointer went down: the window follows the pointer from there.
        let anchor = Point(x: root.x - (to.x - from.x), y: root.y - (to.y - from.y))
        if pointer == 0, window.windowManagerMovesWindows {
            // The window manager moves the window by how far the pointer is from the point given.
            window.beginWindowManagerDrag(kind, at: anchor)
            watching = (now + Self.settleInterval, frame, now + Self.settleLimit)
            return
        }
        let drag = WindowDrag(kind: kind, start: frame, anchor: anchor, screen: window.screenSize, minimum: minimum)
        let first = drag.frame(at: root)
        if first != frame { window.move(to: first) }
        drags[pointer] = (drag, first)
    }

    /// Takes the events of pointers that drag the window (true: the event was one of theirs).
    func take(_ input: InputEvent) -> Bool {
        switch input {
        case .move(let id, let point), .release(let id, let point):
            guard let (drag, last) = drags[id] else { return false }
            let root = roots[id] ?? Point(x: last.x + point.x, y: last.y + point.y)
            let frame = drag.frame(at: root)
            if frame != last { window.move(to: frame) }
            drags[id] = (drag, frame)
            if case .release = input {
                drags[id] = nil
                remember(floating: frame)
            }
            return true
        case .cancel(let id):
            guard let (_, last) = drags.removeValue(forKey: id) else { return false }
            remember(floating: last)
            return true
        case .press(let id, _):
            drags[id] = nil
            return false
        case .hover, .leave, .pick, .pickOption:
            return false
        }
    }

    /// Docks a floating keyboard (on the edge nearer its middle) or floats a docked one where it
    /// floated last; remembers it. Returns what the grip and corners do then.
    func toggleDock() -> WindowControl {
        let screen = window.screenSize
        let entry: WindowMemory.Entry
        if window.placement == .floating {
            let frame = window.rootFrame() ?? floatingFrame
            floatingFrame = frame
            entry = WindowMemory.Entry(frame: frame, dock: frame.y + frame.height / 2 < screen.height / 2 ? .top : .bottom)
        } else {
            let remembered = store?.entry(layout: layout, screen: screen)?.frame
            let current = window.rootFrame() ?? floatingFrame
            floatingFrame = remembered ?? Self.undocked(current, screen: screen)
            entry = WindowMemory.Entry(frame: floatingFrame, dock: nil)
        }
        setPlacement(entry, on: screen)
        store?.remember(entry, layout: layout, screen: screen)
        return control
    }

    private func setPlacement(_ entry: WindowMemory.Entry, on screen: Size) {
        let placement = Self.placement(entry.dock), frame = entry.windowFrame(on: screen)
        window.setPlacement(placement, frame: frame, remap: window.windowManagerMovesWindows)
        placed(placement, frame)
    }

    /// When `advance` must run (a window manager's drag is watched).
    var nextDeadline: Double? { watching?.due }

    /// Reads the frame back after a window manager's drag: remembered once the button is up and
    /// the frame is the same twice in a row.
    func advance(to now: Double) {
        guard let watch = watching, watch.due <= now else { return }
        let buttonDown = window.pointerButtonDown
        let frame = window.rootFrame()
        if now >= watch.until || frame == nil {
            watching = nil
        } else if !buttonDown, frame == watch.frame, let frame {
            watching = nil
            remember(floating: frame)
        } else {
            watching = (now + Self.settleInterval, frame, watch.until)
        }
    }

    private func remember(floating frame: Rect) {
        floatingFrame = frame
        store?.remember(WindowMemory.Entry(frame: frame), layout: layout, screen: window.screenSize)
    }

    /// A floating frame for a keyboard that was docked at `docked`: four fifths of its width,
    /// centred, a little above the bottom edge.
    static func undocked(_ docked: Rect, screen: Size) -> Rect {
        let width = max(1, docked.width * 4 / 5), height = min(docked.height, screen.height)
        return Rect(x: (screen.width - width) / 2, y: max(0, screen.height - height - screen.height / 20), width: width, height: height)
    }

    static func placement(_ dock: WindowMemory.Edge?) -> WindowPlacement {
        switch dock {
        case .top?: return .dock(.top)
        case .bottom?: return .dock(.bottom)
        case nil: return .floating
        }
    }
}

import StackboardCore

/// The keyboard's accessible objects, pure: an application, its frame (the window) and the
/// frame's keys, with their object paths, roles, names, states and extents, made from the
/// `AccessibleKeyboard` of the last turn. `update` says what changed as AT-SPI events; the D-Bus
/// side (`AccessibleService`) only sends them and answers calls from this value.
///
/// Key objects live as long as their set of keys: another layer or layout replaces every one
/// (new paths, so that a screen reader holding an old one learns it is gone, and
/// `ChildrenChanged` removes and adds them); the same layer keeps its objects, and a changed
/// label (shift, a new word on the bar) is a `PropertyChange` of the name.
public struct AccessibleTree: Equatable, Sendable {
    /// One object of the tree.
    public enum Node: Equatable, Hashable, Sendable {
        /// The application (the root the registry embeds).
        case application
        /// The keyboard's window.
        case frame
        /// The key at this position among the frame's children.
        case key(Int)
    }

    /// The application's path, fixed by AT-SPI.
    public static let rootPath = "/org/a11y/atspi/accessible/root"
    /// Where every object of the tree lives (the D-Bus side answers the whole subtree).
    public static let prefix = "/org/a11y/atspi/accessible"
    /// The frame's path.
    public static let framePath = prefix + "/frame"
    /// The path AT-SPI uses for "no object".
    public static let nullPath = "/org/a11y/atspi/null"

    /// The keyboard last shown (nil before the first update).
    public private(set) var keyboard: AccessibleKeyboard?
    /// How many times the keys were replaced (part of their paths).
    public private(set) var generation = 0

    /// An empty tree: an application with a frame that has no keys yet.
    public init() {}

    /// The keys exposed now.
    public var keys: [AccessibleKeyboard.KeyItem] { keyboard?.keys ?? [] }

    // MARK: Paths

    /// The object at `path`, nil for a path that is not (or no longer) one of the tree's.
    public func node(at path: String) -> Node? {
        if path == Self.rootPath { return .application }
        if path == Self.framePath { return .frame }
        let keyPrefix = Self.keyPrefix(generation)
        guard path.hasPrefix(keyPrefix), let position = Int(path.dropFirst(keyPrefix.count)),
              keys.indices.contains(position) else { return nil }
        return .key(position)
    }

    /// The path of `node`.
    public func path(of node: Node) -> String {
        switch node {
        case .application: return Self.rootPath
        case .frame: return Self.framePath
        case .key(let position): return Self.keyPrefix(generation) + String(position)
        }
    }

    static func keyPrefix(_ generation: Int) -> String { prefix + "/key\(generation)_" }

    // MARK: Structure

    /// The parent of `node` (nil for the application: its parent is the desktop).
    public func parent(of node: Node) -> Node? {
        switch node {
        case .application: return nil
        case .frame: return .application
        case .key: return .frame
        }
    }

    /// The children of `node`, in order.
    public func children(of node: Node) -> [Node] {
        switch node {
        case .application: return [.frame]
        case .frame: return keys.indices.map { .key($0) }
        case .key: return []
        }
    }

    /// The index of `node` among its parent's children (-1 for the application).
    public func indexInParent(of node: Node) -> Int {
        switch node {
        case .application: return -1
        case .frame: return 0
        case .key(let position): return position
        }
    }

    // MARK: What each object is

    /// Its AT-SPI role.
    public func role(of node: Node) -> AccessibleRole {
        switch node {
        case .application: return .application
        case .frame: return .frame
        case .key(let position): return keys[position].toggles ? .toggleButton : .pushButton
        }
    }

    /// The role's name as AT-SPI spells it (`push button`).
    public func roleName(of node: Node) -> String {
        switch role(of: node) {
        case .application: return "application"
        case .frame: return "frame"
        case .toggleButton: return "toggle button"
        default: return "push button"
        }
    }

    /// Its name: the application's, the frame's, a key's word.
    public func name(of node: Node, application: String) -> String {
        switch node {
        case .application: return application
        case .frame: return application + " keyboard"
        case .key(let position): return keys[position].name
        }
    }

    /// Its description: the frame tells the layout and the layer.
    public func description(of node: Node) -> String {
        guard case .frame = node, let keyboard else { return "" }
        return keyboard.layoutName
    }

    /// A stable identifier for tests and scripts (`key:q`-like names are not unique: the index).
    public func accessibleID(of node: Node) -> String {
        switch node {
        case .application: return "stackboard"
        case .frame: return "keyboard"
        case .key(let position):
            let key = keys[position]
            return key.isSlot ? "suggestion-\(key.index)" : "key-\(key.index)"
        }
    }

    /// Its states. The keyboard never takes the focus: nothing is focusable.
    public func states(of node: Node) -> AccessibleStates {
        var states: AccessibleStates = [.enabled, .sensitive]
        let shown = keyboard?.shown ?? false
        switch node {
        case .application:
            return states
        case .frame:
            if shown { states.formUnion([.visible, .showing]) }
        case .key(let position):
            if shown { states.formUnion([.visible, .showing]) }
            let key = keys[position]
            if key.toggles { states.insert(.checkable) }
            if key.checked { states.insert(.checked) }
        }
        return states
    }

    // MARK: Where it is

    /// Its extents in AT-SPI coordinates `coordinates` (0: screen, 1: window, 2: parent); nil for
    /// the application, which has none.
    public func extents(of node: Node, coordinates: UInt32) -> Rect? {
        guard let keyboard else { return node == .application ? nil : Rect(x: 0, y: 0, width: 0, height: 0) }
        let onScreen = coordinates == 0
        switch node {
        case .application:
            return nil
        case .frame:
            // Its parent, the application, has no extents: parent coordinates are the screen's.
            let origin = coordinates == 1 ? Point(x: 0, y: 0) : keyboard.origin
            return Rect(x: origin.x, y: origin.y, width: keyboard.size.width, height: keyboard.size.height)
        case .key(let position):
            let f = keyboard.keys[position].frame
            guard onScreen else { return f } // the frame is the window: window and parent agree
            return Rect(x: f.x + keyboard.origin.x, y: f.y + keyboard.origin.y, width: f.width, height: f.height)
        }
    }

    /// The key at `point` (in `coordinates`) inside `node`, nil when none (keys have no children).
    public func child(of node: Node, at point: Point, coordinates: UInt32) -> Node? {
        guard case .frame = node, let keyboard else { return nil }
        let p = coordinates == 1 ? point : Point(x: point.x - keyboard.origin.x, y: point.y - keyboard.origin.y)
        return keyboard.keys.firstIndex { $0.frame.contains(p) }.map { .key($0) }
    }

    /// The geometry index of the key a press of `node` taps (nil: not a key, or the keyboard is hidden).
    public func pressIndex(of node: Node) -> Int? {
        guard case .key(let position) = node, keyboard?.shown == true else { return nil }
        return keys[position].index
    }

    // MARK: Changes

    /// Takes `new` and returns what a screen reader must hear of the change: the keys replaced
    /// (`ChildrenChanged` remove, then add, on the frame), names changed, checked states,
    /// the window shown or hidden.
    public mutating func update(_ new: AccessibleKeyboard) -> [AccessibleEvent] {
        guard new != keyboard else { return [] }
        let old = keyboard
        keyboard = new
        var events: [AccessibleEvent] = []
        let sameKeys = old.map { $0.layer == new.layer && $0.keys.elementsEqual(new.keys) { $0.index == $1.index } } ?? false
        if sameKeys, let old {
            for (position, (before, after)) in zip(old.keys, new.keys).enumerated() {
                if before.name != after.name { events.append(.nameChanged(path: path(of: .key(position)), name: after.name)) }
                if before.checked != after.checked {
                    events.append(.stateChanged(path: path(of: .key(position)), state: "checked", on: after.checked))
                }
            }
        } else {
            let oldPaths = (old?.keys.indices).map { $0.map { path(of: .key($0)) } } ?? []
            generation += 1
            for (position, p) in oldPaths.enumerated().reversed() {
                events.append(.childrenChanged(path: Self.framePath, added: false, index: position, child: p))
            }
            for position in new.keys.indices {
                events.append(.childrenChanged(path: Self.framePath, added: true, index: position, child: path(of: .key(position))))
            }
        }
        if old?.shown != new.shown, old != nil || new.shown {
            events.append(.stateChanged(path: Self.framePath, state: "showing", on: new.shown))
            events.append(.stateChanged(path: Self.framePath, state: "visible", on: new.shown))
        }
        if let old, old.origin != new.origin || old.size != new.size {
            events.append(.boundsChanged(path: Self.framePath,
                                         Rect(x: new.origin.x, y: new.origin.y, width: new.size.width, height: new.size.height)))
        }
        return events
    }
}

/// What changed in the tree, as one AT-SPI event (`org.a11y.atspi.Event.Object`).
public enum AccessibleEvent: Equatable, Sendable {
    /// `ChildrenChanged` `add` or `remove` on `path`: the child `child` at `index`.
    case childrenChanged(path: String, added: Bool, index: Int, child: String)
    /// `PropertyChange` `accessible-name` on `path`.
    case nameChanged(path: String, name: String)
    /// `StateChanged` of `state` (`showing`, `visible`, `checked`) on `path`.
    case stateChanged(path: String, state: String, on: Bool)
    /// `BoundsChanged` on `path`: its new extents on the screen.
    case boundsChanged(path: String, Rect)
}

extension AccessibleRole {
    /// ATSPI_ROLE_TOGGLE_BUTTON: a modifier key that latches or locks.
    public static let toggleButton = AccessibleRole(rawValue: 62)
    /// ATSPI_ROLE_APPLICATION: an application's root.
    public static let application = AccessibleRole(rawValue: 75)
}

extension AccessibleStates {
    /// ATSPI_STATE_CHECKED: a latched or locked modifier.
    public static let checked = AccessibleStates(rawValue: 1 << 4)
    /// ATSPI_STATE_ENABLED.
    public static let enabled = AccessibleStates(rawValue: 1 << 8)
    /// ATSPI_STATE_SENSITIVE.
    public static let sensitive = AccessibleStates(rawValue: 1 << 24)
    /// ATSPI_STATE_VISIBLE.
    public static let visible = AccessibleStates(rawValue: 1 << 30)
    /// ATSPI_STATE_CHECKABLE: a toggle button.
    public static let checkable = AccessibleStates(rawValue: 1 << 41)

    /// The two 32-bit words `GetState` sends (low word first).
    public var words: [UInt32] { [UInt32(truncatingIfNeeded: rawValue), UInt32(truncatingIfNeeded: rawValue >> 32)] }
}

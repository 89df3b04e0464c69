import StackboardCore

/// AT-SPI's D-Bus names and the decoding of its replies and event signals into StackboardCore's
/// focus facts (pure: unit-tested without a bus).
public enum Atspi {
    /// The registry on the accessibility bus.
    public static let registry = "org.a11y.atspi.Registry"
    /// The registry's object.
    public static let registryPath = "/org/a11y/atspi/registry"
    /// Events the tracker registers for: the focus (Onboard's AtspiStateTracker registers the same
    /// two) and the caret's moves (Onboard's AtspiTextContext follows the text the same way).
    public static let focusEvents = ["object:state-changed:focused", "focus:", "object:text-caret-moved"]
    /// Match rules for the signals the tracker reads.
    public static let matchRules = [
        "type='signal',interface='org.a11y.atspi.Event.Object',member='StateChanged',arg0='focused'",
        "type='signal',interface='org.a11y.atspi.Event.Focus',member='Focus'",
        "type='signal',interface='org.a11y.atspi.Event.Object',member='TextCaretMoved'",
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged'",
        // The registry's announcement of each application that joins (no sender= here: sd-bus
        // compares a sender rule with the unique name, never the registry's well-known one).
        "type='signal',path='/org/a11y/atspi/accessible/root',interface='org.a11y.atspi.Event.Object',"
            + "member='ChildrenChanged',arg0='add'",
    ]
    /// An event registered for a moment to make the registry announce this tracker to every
    /// application (`FocusTracker`, the probe of a joined application): the desktop's own, which no toolkit sends and
    /// Qt's bridge skips without a warning (a name it does not know gets one on its stderr).
    static let probeEvent = "window:desktop-create"
    /// ATSPI_COORD_TYPE_SCREEN.
    static let screenCoordinates = BusValue.uint32(0)

    /// A focus change read from an event signal: who, and whether it gained (true) or lost the focus.
    public static func focusChange(_ signal: BusSignal) -> (AccessibleID, Bool)? {
        let id = AccessibleID(busName: signal.sender, path: signal.path)
        switch (signal.interface, signal.member) {
        case ("org.a11y.atspi.Event.Object", "StateChanged"):
            // (s kind, i detail1, i detail2, v any_data, a{sv} properties); older bridges end with (so).
            guard signal.arguments.count >= 2, signal.arguments[0].string == "focused",
                  let detail1 = signal.arguments[1].integer else { return nil }
            return (id, detail1 != 0)
        case ("org.a11y.atspi.Event.Focus", "Focus"):
            return (id, true)
        default:
            return nil
        }
    }

    /// The accessible whose caret moved, from `TextCaretMoved` (s kind, i offset, i, v, a{sv}).
    public static func caretMoved(_ signal: BusSignal) -> AccessibleID? {
        guard signal.interface == "org.a11y.atspi.Event.Object", signal.member == "TextCaretMoved" else { return nil }
        return AccessibleID(busName: signal.sender, path: signal.path)
    }

    /// The application that left the bus, from NameOwnerChanged (name, old owner, new owner).
    public static func departedApplication(_ signal: BusSignal) -> String? {
        guard signal.member == "NameOwnerChanged", signal.arguments.count == 3,
              let name = signal.arguments[0].string, name.hasPrefix(":"),
              signal.arguments[2].string == "" else { return nil }
        return name
    }

    /// The application that joined the bus, from the registry's `ChildrenChanged` ("add", index,
    /// 0, v (so) the application's root, properties) on the desktop. An application's own
    /// `ChildrenChanged` on its root (a new window) names the application itself: not a joining.
    public static func joinedApplication(_ signal: BusSignal) -> String? {
        guard signal.interface == "org.a11y.atspi.Event.Object", signal.member == "ChildrenChanged",
              signal.path == rootPath, signal.arguments.count >= 4, signal.arguments[0].string == "add",
              let fields = signal.arguments[3].elements, fields.count == 2, let app = fields[0].string,
              app.hasPrefix(":"), app != signal.sender else { return nil }
        return app
    }

    /// The accessibility bus launcher's name on the session bus.
    public static let launcher = "org.a11y.Bus"
    /// The session bus's signal that the launcher's name changed owner (it started or ended).
    public static let launcherOwnerRule =
        "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.a11y.Bus'"

    /// Whether a NameOwnerChanged says the launcher has started (its name has a new owner).
    public static func launcherStarted(_ signal: BusSignal) -> Bool { gotOwner(signal, name: launcher) }

    /// Whether a call's error says its destination is not running and was not started for it
    /// (a call without auto-start to a name nobody owns).
    public static func notRunning(_ error: BusError) -> Bool {
        guard case .remote(_, let name, _) = error else { return false }
        return name == "org.freedesktop.DBus.Error.NameHasNoOwner" || name == "org.freedesktop.DBus.Error.ServiceUnknown"
    }

    /// Whether a NameOwnerChanged says the registry has a (new) owner: events must be registered again.
    public static func registryRestarted(_ signal: BusSignal) -> Bool { gotOwner(signal, name: registry) }

    /// Whether a NameOwnerChanged (name, old owner, new owner) gives `name` a new owner.
    static func gotOwner(_ signal: BusSignal, name: String) -> Bool {
        signal.member == "NameOwnerChanged" && signal.arguments.count == 3
            && signal.arguments[0].string == name && signal.arguments[2].string?.isEmpty == false
    }

    /// `GetRole`'s `u`.
    public static func role(_ reply: [BusValue]) -> AccessibleRole? {
        guard reply.count == 1, case .uint32(let r) = reply[0] else { return nil }
        return AccessibleRole(rawValue: r)
    }

    /// `GetState`'s `au` (two words).
    public static func states(_ reply: [BusValue]) -> AccessibleStates? {
        guard reply.count == 1, let words = reply[0].elements else { return nil }
        let values = words.compactMap { v -> UInt32? in if case .uint32(let w) = v { return w }; return nil }
        guard values.count == words.count else { return nil }
        return AccessibleStates(words: values)
    }

    /// `GetAttributes`' `a{ss}`.
    public static func attributes(_ reply: [BusValue]) -> [String: String]? {
        guard reply.count == 1, let dict = reply[0].stringDictionary else { return nil }
        return dict.compactMapValues(\.string)
    }

    /// A `(iiii)` rectangle (GetExtents, GetCharacterExtents), nil when empty: GTK answers
    /// (-1, -1, -1, -1) for objects with no place, Chromium (0, 0, 0, 0) for hidden ones.
    public static func rect(_ reply: [BusValue]) -> Rect? {
        let fields = reply.count == 1 ? (reply[0].elements ?? []) : reply
        guard fields.count == 4 else { return nil }
        let n = fields.compactMap(\.integer)
        guard n.count == 4, n[2] > 0, n[3] > 0 else { return nil }
        return Rect(x: Int(n[0]), y: Int(n[1]), width: Int(n[2]), height: Int(n[3]))
    }

    /// The registry's desktop (its children are the applications) and each application's root.
    static let rootPath = "/org/a11y/atspi/accessible/root"

    /// `GetMatches` arguments for the focused object: the match rule `(aiia{ss}iaiiasib)` with
    /// the state FOCUSED and MATCH_ALL for each criterion (all of none holds; at-spi2-atk
    /// matches nothing for MATCH_INVALID), sorted canonically (SORT_ORDER_INVALID, 0, finds
    /// nothing), at most one, through the whole tree.
    static let focusedMatch: [BusValue] = {
        let focused = AccessibleStates.focused.rawValue
        let words: [BusValue] = [.int32(Int32(bitPattern: UInt32(truncatingIfNeeded: focused))),
                                 .int32(Int32(bitPattern: UInt32(truncatingIfNeeded: focused >> 32)))]
        let all = BusValue.int32(1)
        let rule = BusValue.structure([.array(element: "i", words), all, .array(element: "{ss}", []), all,
                                       .array(element: "i", []), all, .array(element: "s", []), all, .boolean(false)])
        return [rule, .uint32(1), .int32(1), .boolean(true)]
    }()

    /// An `a(so)` of object references (GetChildren, GetMatches); the null reference is none.
    static func references(_ reply: [BusValue]) -> [AccessibleID] {
        guard reply.count == 1, let items = reply[0].elements else { return [] }
        return items.compactMap { item in
            guard let fields = item.elements, fields.count == 2, let bus = fields[0].string, let path = fields[1].string,
                  !bus.isEmpty, path != "/org/a11y/atspi/null" else { return nil }
            return AccessibleID(busName: bus, path: path)
        }
    }

    /// `Properties.Get`'s `v` holding an integer (the Text interface's CaretOffset).
    public static func integer(_ reply: [BusValue]) -> Int64? { reply.count == 1 ? reply[0].integer : nil }
}

/// The tray icon's menu as com.canonical.dbusmenu describes it: a root (id 0) with Show or Hide
/// keyboard, Settings, a separator and Quit. Pure: the service answers GetLayout and
/// GetGroupProperties from it and turns an item's `clicked` event into a request.
public struct TrayMenu: Equatable, Sendable {
    /// What a menu item asks for.
    public enum Item: Int32, CaseIterable, Sendable {
        /// Show or hide the keyboard (the label says which).
        case showHide = 1
        /// The settings (the same request as the settings panel's ⚙ key).
        case settings = 2
        /// A line between the items above and Quit.
        case separator = 3
        /// Stop the keyboard.
        case quit = 4
    }

    /// Whether the keyboard is shown (the first item then hides it).
    public var keyboardShown = false
    /// Counts layout changes (dbusmenu's `revision`; hosts ask again when it grows).
    public private(set) var revision: UInt32 = 1

    /// A menu for a hidden keyboard.
    public init() {}

    /// The keyboard was shown or hidden; true when the menu changed (a new revision).
    public mutating func setKeyboardShown(_ shown: Bool) -> Bool {
        guard shown != keyboardShown else { return false }
        keyboardShown = shown
        revision += 1
        return true
    }

    /// An item's properties (dbusmenu's names: `label`, `type`, `icon-name`, `children-display`).
    public func properties(of id: Int32) -> [(String, BusValue)] {
        guard let item = Item(rawValue: id) else {
            return id == 0 ? [("children-display", .string("submenu"))] : []
        }
        switch item {
        case .showHide:
            return [("label", .string(keyboardShown ? "Hide keyboard" : "Show keyboard")), ("icon-name", .string("input-keyboard"))]
        case .settings:
            return [("label", .string("Settings…")), ("icon-name", .string("preferences-system"))]
        case .separator:
            return [("type", .string("separator"))]
        case .quit:
            return [("label", .string("Quit")), ("icon-name", .string("application-exit"))]
        }
    }

    /// Whether `id` names an item of the menu (the root included).
    public func has(_ id: Int32) -> Bool { id == 0 || Item(rawValue: id) != nil }

    /// `(ia{sv}av)` for item `id` and, `depth` levels down (-1: all), its children; only the
    /// properties in `names` (empty: all).
    public func layout(of id: Int32, depth: Int32, names: [String]) -> BusValue {
        let props = properties(of: id).filter { names.isEmpty || names.contains($0.0) }
        let children: [BusValue] = id == 0 && depth != 0
            ? Item.allCases.map { .variant(layout(of: $0.rawValue, depth: depth - 1, names: names)) }
            : []
        return .structure([.int32(id), .stringVariantDict(props), .array(element: "v", children)])
    }

    /// What a `clicked` event on `id` asks for (nil: nothing, e.g. the separator).
    public func request(clicked id: Int32) -> TrayRequest? {
        switch Item(rawValue: id) {
        case .showHide: return keyboardShown ? .hide : .show
        case .settings: return .settings
        case .quit: return .quit
        case .separator, nil: return nil
        }
    }
}

/// What the tray icon asks the keyboard to do.
public enum TrayRequest: Equatable, Sendable {
    /// Show the keyboard.
    case show
    /// Hide it.
    case hide
    /// Show it if hidden, else hide it (a click on the icon).
    case toggle
    /// Open the settings (see `KeyboardController.openSettings`).
    case settings
    /// Stop the keyboard.
    case quit
}

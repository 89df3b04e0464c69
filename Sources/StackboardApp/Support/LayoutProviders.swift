import StackboardCore
import StackboardSystem
import StackboardX11
import StackboardXKB
extension LayoutCatalog {
    /// The catalog every command loads layouts from: this process's search path, the emoji
    /// panel, the `xkb:` layouts compiled from xkb-data, and `xkb`, the display's own.
    static func stackboard() -> LayoutCatalog {
        let xkb = XkbLayoutProvider(environment: FileSystem.environment())
        return LayoutCatalog.forCurrentProcess().adding(xkb).adding(ActiveXkbLayoutProvider(xkb: xkb))
    }
}

/// `xkb`: the keyboard of the display's active XKB layout and group, read when it is loaded.
/// (Following the keymap live is the runtime's part: it loads `xkb` again when the keymap or
/// the group changes; see `ActiveXkbLayout`.)
struct ActiveXkbLayoutProvider: LayoutProvider {
    /// Makes the `xkb:` layout once the active one is known.
    let xkb: XkbLayoutProvider

    var id: String { "xkb-active" }
    var listedNames: [String] { ["xkb"] }
    func provides(_ name: String) -> Bool { name == "xkb" }

    func layout(named name: String) throws(LayoutError) -> Layout {
        let connection: XConnection
        do { connection = try XConnection() } catch {
            throw LayoutError(file: "", message: "the layout xkb is the display's own keymap, and \(error.description); or name one, such as xkb:de")
        }
        guard let active = ActiveXkbLayout(property: connection.xkbRulesNamesProperty()), let layout = active.layoutName else {
            throw LayoutError(file: "", message: "the display does not say which XKB layout it uses (no _XKB_RULES_NAMES on its root window; set one with setxkbmap), or name one, such as xkb:us")
        }
        return try xkb.layout(named: layout.description)
    }
}

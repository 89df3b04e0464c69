/// Where the user put a floating keyboard and whether they docked it, per layout and screen
/// size: what `$XDG_STATE_HOME/stackboard/geometry.json` holds. Pure: the keyboard reads and
/// writes the file (`GeometryStore`).
///
/// ```
/// {"version":1,"windows":[{"layout":"qwerty","screen":"1280x800","x":0,"y":500,"width":960,"height":300,"dock":"none"}]}
/// ```
/// `x`, `y`, `width`, `height` are the floating frame (also while docked: where undocking goes);
/// `dock` is `none`, `bottom` or `top` (docked: full width at that edge, that height).
public struct WindowMemory: Equatable, Sendable {
    /// One layout's window on one screen size.
    public struct Entry: Equatable, Sendable {
        /// The floating frame, root pixels.
        public var frame: Rect
        /// The edge it is docked on (nil: floating).
        public var dock: Edge?

        /// An entry with every property given.
        public init(frame: Rect, dock: Edge? = nil) {
            self.frame = frame
            self.dock = dock
        }

        /// The frame the window has: the floating frame (kept on the screen: an edited file may
        /// put it anywhere), or the full width along the dock's edge.
        public func windowFrame(on screen: Size) -> Rect {
            guard let dock else { return KeyboardSizing.fit(frame, in: screen) }
            let height = min(max(1, frame.height), screen.height)
            return Rect(x: 0, y: dock == .top ? 0 : screen.height - height, width: screen.width, height: height)
        }
    }

    /// A screen edge a keyboard docks on.
    public enum Edge: String, Sendable, CaseIterable {
        /// The top edge.
        case top
        /// The bottom edge.
        case bottom
    }

    /// The entries by layout name and screen size.
    public private(set) var entries: [String: Entry] = [:]

    /// No entries.
    public init() {}

    static func key(layout: String, screen: Size) -> String { layout + "\u{0}" + screen.description }

    /// The entry of `layout` on a screen of `screen`.
    public subscript(layout: String, screen: Size) -> Entry? {
        get { entries[Self.key(layout: layout, screen: screen)] }
        set { entries[Self.key(layout: layout, screen: screen)] = newValue }
    }

    /// The memory in `bytes` (a file's contents); `file` names it in the error.
    public static func decode(_ bytes: [UInt8], file: String) throws(WindowMemoryError) -> WindowMemory {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch {
            throw WindowMemoryError(file: file, message: "not JSON (\(error.message))")
        }
        guard root["version"]?.number == 1 else { throw WindowMemoryError(file: file, message: "no \"version\": 1") }
        guard let windows = root["windows"]?.array else { throw WindowMemoryError(file: file, message: "no \"windows\" array") }
        var memory = WindowMemory()
        for (i, item) in windows.enumerated() {
            func int(_ name: String) -> Int? {
                guard let n = item[name]?.number, n.isFinite, n.rounded() == n, abs(n) <= 1_000_000 else { return nil }
                return Int(n)
            }
            guard let layout = item["layout"]?.string, !layout.isEmpty, let screenText = item["screen"]?.string,
                  let screen = Size(parsing: screenText), let x = int("x"), let y = int("y"),
                  let width = int("width"), let height = int("height"), width > 0, height > 0,
                  let dockText = item["dock"]?.string, dockText == "none" || Edge(rawValue: dockText) != nil else {
                throw WindowMemoryError(file: file, message: "window \(i + 1) needs layout, screen (WxH), x, y, width, height and dock (none, bottom or top)")
            }
            memory[layout, screen] = Entry(frame: Rect(x: x, y: y, width: width, height: height), dock: Edge(rawValue: dockText))
        }
        return memory
    }

    /// The file's text: every entry, sorted by layout and screen.
    public func encoded() -> String {
        let windows = entries.sorted { $0.key < $1.key }.map { key, entry -> String in
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            return JSONWriter.object([
                ("layout", .string(parts.first ?? "")), ("screen", .string(parts.count > 1 ? parts[1] : "")),
                ("x", .int(entry.frame.x)), ("y", .int(entry.frame.y)), ("width", .int(entry.frame.width)),
                ("height", .int(entry.frame.height)), ("dock", .string(entry.dock?.rawValue ?? "none")),
            ])
        }
        return "{\"version\":1,\"windows\":[\n" + windows.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A window memory file that cannot be used (it is then ignored, and rewritten when the
/// keyboard next remembers something).
public struct WindowMemoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong with it.
    public var message: String

    public var description: String {
        "ignoring the remembered window places in '\(file)': \(message); it is written again when you next move the keyboard"
    }
}

extension Layout {
    /// The smallest window in which every key of every layer keeps at least `key` pixels (with
    /// the layout's spacing and insets): how far a user may shrink the keyboard.
    public func minimumSize(key: Size) -> Size {
        var width = 1, height = 1
        for layer in layers {
            let size = Self.minimum(of: layer.root, key: key, defaultSpacing: defaults.spacing)
            width = max(width, size.width + defaults.insets.left + defaults.insets.right)
            height = max(height, size.height + defaults.insets.top + defaults.insets.bottom)
        }
        return Size(width: width, height: height)
    }

    private static func minimum(of stack: Stack, key: Size, defaultSpacing: Int) -> Size {
        let spacing = stack.spacing ?? defaultSpacing
        let items = stack.items.map { item -> (Size, Double) in
            switch item {
            case .key: return (key, item.weight)
            case .stack(let nested): return (minimum(of: nested, key: key, defaultSpacing: defaultSpacing), item.weight)
            }
        }
        guard !items.isEmpty else { return Size(width: 0, height: 0) }
        let horizontal = stack.axis == .horizontal
        let along = items.map { horizontal ? $0.0.width : $0.0.height }
        let across = items.map { horizontal ? $0.0.height : $0.0.width }.max() ?? 0
        let gaps = spacing * (items.count - 1)
        // Each item gets its share of what the gaps leave: the length must give every item its minimum.
        let total = items.reduce(0) { $0 + (stack.distribution == .fillEqually ? 1 : max($1.1, 1e-9)) }
        var length = 0.0
        for (i, item) in items.enumerated() {
            let share = (stack.distribution == .fillEqually ? 1 : max(item.1, 1e-9)) / total
            length = max(length, Double(along[i]) / share)
        }
        let needed = Int(length.rounded(.up)) + gaps + items.count // the engine rounds shares down
        let inset = stack.insets
        return horizontal
            ? Size(width: needed + inset.left + inset.right, height: across + inset.top + inset.bottom)
            : Size(width: across + inset.left + inset.right, height: needed + inset.top + inset.bottom)
    }
}

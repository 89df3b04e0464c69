/// Where the user left the summon button, per monitor: what
/// `$XDG_STATE_HOME/stackboard/summon-button.json` holds. A place belongs to one monitor by
/// its name and size (`HDMI-1` at 1920x1080), and is kept relative to that monitor's corner, so
/// the button comes back to the same spot of the same screen when monitors are rearranged.
/// Pure: the keyboard reads and writes the file.
///
/// ```
/// {"version":1,"buttons":[{"monitor":"HDMI-1","size":"1920x1080","x":1840,"y":980}]}
/// ```
public struct SummonPlaces: Equatable, Sendable {
    /// The places (the button's top-left corner relative to its monitor), by monitor key.
    public private(set) var places: [String: Point] = [:]

    /// No places.
    public init() {}

    static func key(_ monitor: Monitor) -> String { monitor.name + "\u{0}" + Size(width: monitor.frame.width, height: monitor.frame.height).description }

    /// The button's frame (root pixels, `diameter` a side) on `monitor`: where it was left there,
    /// kept inside the monitor, else the default place (near the bottom-right corner, clear of
    /// the edges by `margin`).
    public func frame(on monitor: Monitor, diameter: Int, margin: Int) -> Rect {
        let m = monitor.frame
        let side = max(1, min(diameter, m.width, m.height))
        let relative = places[Self.key(monitor)]
            ?? Point(x: m.width - side - margin, y: m.height - side - margin)
        return SummonGesture.kept(Rect(x: m.x + relative.x, y: m.y + relative.y, width: side, height: side), in: m)
    }

    /// Remembers that the button was left at `frame` (root pixels) on `monitor`; false when that
    /// was known already (nothing to write).
    public mutating func remember(_ frame: Rect, on monitor: Monitor) -> Bool {
        let relative = Point(x: frame.x - monitor.frame.x, y: frame.y - monitor.frame.y)
        let key = Self.key(monitor)
        guard places[key] != relative else { return false }
        places[key] = relative
        return true
    }

    /// The places in `bytes` (a file's contents); `file` names it in the error.
    public static func decode(_ bytes: [UInt8], file: String) throws(SummonPlacesError) -> SummonPlaces {
        let root: JSONValue
        do { root = try JSONParser.parse(bytes) } catch {
            throw SummonPlacesError(file: file, message: "not JSON (\(error.message))")
        }
        guard root["version"]?.number == 1 else { throw SummonPlacesError(file: file, message: "no \"version\": 1") }
        guard let buttons = root["buttons"]?.array else { throw SummonPlacesError(file: file, message: "no \"buttons\" array") }
        var out = SummonPlaces()
        for (i, item) in buttons.enumerated() {
            func int(_ name: String) -> Int? {
                guard let n = item[name]?.number, n.isFinite, n.rounded() == n, abs(n) <= 100_000 else { return nil }
                return Int(n)
            }
            guard let name = item["monitor"]?.string, !name.isEmpty, let sizeText = item["size"]?.string,
                  let size = Size(parsing: sizeText), let x = int("x"), let y = int("y") else {
                throw SummonPlacesError(file: file, message: "button \(i + 1) needs monitor, size (WxH), x and y")
            }
            out.places[name + "\u{0}" + size.description] = Point(x: x, y: y)
        }
        return out
    }

    /// The file's text: every place, sorted by monitor and size.
    public func encoded() -> String {
        let buttons = places.sorted { $0.key < $1.key }.map { key, point -> String in
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            return JSONWriter.object([
                ("monitor", .string(parts.first ?? "")), ("size", .string(parts.count > 1 ? parts[1] : "")),
                ("x", .int(point.x)), ("y", .int(point.y)),
            ])
        }
        return "{\"version\":1,\"buttons\":[\n" + buttons.joined(separator: ",\n") + "\n]}\n"
    }
}

/// A summon button places file that cannot be used (it is then ignored, and written again when
/// the button is next moved).
public struct SummonPlacesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// What is wrong with it.
    public var message: String

    public var description: String {
        "ignoring the summon button's remembered places in '\(file)': \(message); it is written again when you next move the button"
    }
}

/// The summon button's round outline as the rows of an X Shape region: one span per row of a
/// circle `diameter` pixels across (Xvfb and most X servers without a compositor show a window
/// as a rectangle unless it is shaped; these spans cut it to a disc).
public enum SummonShape {
    /// For each row `y` of `0..<diameter`, the span `x..<x+width` that lies inside the circle.
    public static func spans(diameter: Int) -> [Rect] {
        guard diameter > 0 else { return [] }
        let r = Double(diameter) / 2
        return (0..<diameter).map { y in
            let dy = Double(y) + 0.5 - r
            let half = (r * r - dy * dy).squareRoot()
            let left = Int((r - half).rounded())
            let width = max(1, diameter - 2 * left)
            return Rect(x: min(left, diameter - 1), y: y, width: width, height: 1)
        }
    }
}

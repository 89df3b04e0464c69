/// An X geometry `WxH+X+Y` (also `WxH`, and `-X`/`-Y` offsets from the right or bottom edge).
public struct WindowGeometry: Equatable, Hashable, Sendable {
    /// The size.
    public var size: Size
    /// The x offset (nil: not given); negative with `fromRight`.
    public var x: Int?
    /// The y offset (nil: not given).
    public var y: Int?
    /// The x offset counts from the right edge (`-X`).
    public var fromRight: Bool
    /// The y offset counts from the bottom edge (`-Y`).
    public var fromBottom: Bool

    /// The geometry of `size` at the given offsets (none: centred at the bottom).
    public init(size: Size, x: Int? = nil, y: Int? = nil, fromRight: Bool = false, fromBottom: Bool = false) {
        self.size = size
        self.x = x
        self.y = y
        self.fromRight = fromRight
        self.fromBottom = fromBottom
    }

    /// Parses `WxH`, `WxH+X+Y`, `WxH-X-Y`; nil when malformed.
    public init?(parsing text: String) {
        let chars = Array(text)
        var i = 0
        func number() -> Int? {
            var digits = ""
            while i < chars.count, let d = chars[i].wholeNumberValue, chars[i].isASCII { digits.append(String(d)); i += 1 }
            return digits.isEmpty || digits.count > 6 ? nil : Int(digits)
        }
        guard let w = number(), i < chars.count, chars[i] == "x" || chars[i] == "X" else { return nil }
        i += 1
        guard let h = number(), w > 0, h > 0 else { return nil }
        size = Size(width: w, height: h)
        x = nil; y = nil; fromRight = false; fromBottom = false
        if i == chars.count { return }
        guard chars[i] == "+" || chars[i] == "-" else { return nil }
        fromRight = chars[i] == "-"; i += 1
        guard let px = number(), i < chars.count, chars[i] == "+" || chars[i] == "-" else { return nil }
        fromBottom = chars[i] == "-"; i += 1
        guard let py = number(), i == chars.count else { return nil }
        x = px; y = py
    }

    /// The window's frame on a screen of `screen` size; without an offset, centred at the bottom.
    public func frame(on screen: Size) -> Rect {
        let w = min(size.width, screen.width), h = min(size.height, screen.height)
        let px = x.map { fromRight ? screen.width - w - $0 : $0 } ?? (screen.width - w) / 2
        let py = y.map { fromBottom ? screen.height - h - $0 : $0 } ?? screen.height - h
        return Rect(x: px, y: py, width: w, height: h)
    }
}

import StackboardCore

/// An X-style geometry `WxH+X+Y`: any part may be left out (`WxH`, `+X+Y`), and a minus sign
/// measures the offset from the right or bottom edge of the screen (`-0-0` is the bottom right).
struct GeometrySpec: Equatable {
    /// An offset from the left/top (`+N`) or right/bottom (`-N`) edge.
    struct Offset: Equatable {
        var value: Int
        var fromEnd: Bool
    }

    var width: Int?
    var height: Int?
    var x: Offset?
    var y: Offset?

    /// Parses `text`; nil when it is not a geometry.
    init?(parsing text: String) {
        var rest = Substring(text)
        let sizePart = rest.prefix { $0 != "+" && $0 != "-" }
        rest = rest.dropFirst(sizePart.count)
        if !sizePart.isEmpty {
            guard let size = Size(parsing: String(sizePart)) else { return nil }
            width = size.width
            height = size.height
        }
        if !rest.isEmpty {
            guard let (x, afterX) = Self.offset(rest), let (y, afterY) = Self.offset(afterX), afterY.isEmpty else { return nil }
            self.x = x
            self.y = y
        }
        if width == nil && x == nil { return nil }
    }

    private static func offset(_ text: Substring) -> (Offset, Substring)? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 7, let value = Int(digits) else { return nil }
        return (Offset(value: value, fromEnd: sign == "-"), text.dropFirst(1 + digits.count))
    }

    /// The frame on a `screen`, taking missing parts from `fallback`.
    func frame(on screen: Size, fallback: Rect) -> Rect {
        let w = width ?? fallback.width, h = height ?? fallback.height
        let fx = x.map { $0.fromEnd ? screen.width - w - $0.value : $0.value } ?? fallback.x
        let fy = y.map { $0.fromEnd ? screen.height - h - $0.value : $0.value } ?? fallback.y
        return Rect(x: fx, y: fy, width: w, height: h)
    }
}

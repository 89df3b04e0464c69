/// Decoding of rows, nested stacks and their items.
extension LayoutDecoder {
    /// The fields of a row object.
    static let rowFields = ["keys", "distribution", "spacing", "insets", "weight"]
    /// The fields of a nested stack object.
    static let stackFields = ["stack", "items", "distribution", "spacing", "insets", "weight"]
    /// The largest spacing or inset, in pixels.
    static let maxPixels = 1000

    /// A row of a layer: an array of items, or a row object, or a nested stack object.
    mutating func row(_ node: JSONValue, path: String) throws(LayoutError) -> StackItem {
        if let elements = node.array {
            let items = try items(elements, offset: node.offset, path: path, axis: .horizontal, what: "row")
            return .stack(Stack(axis: .horizontal, distribution: items.distribution, items: items.list))
        }
        if let members = node.members {
            if members.contains(where: { $0.key == "stack" }) { return try stack(node, path: path) }
            return try rowObject(node, path: path)
        }
        throw context.expected("a row: an array of keys, or an object with \"keys\"", path, node)
    }

    /// `{"keys": [...], "distribution", "spacing", "insets", "weight"}`: a horizontal stack.
    mutating func rowObject(_ node: JSONValue, path: String) throws(LayoutError) -> StackItem {
        let fields = try FieldReader(node, path: path, what: "a row object", allowed: Self.rowFields, context: context)
        guard let list = try fields.array("keys", expected: "the row's keys: a non-empty array", nonEmpty: true) else {
            throw fields.missing("keys", expected: "an array of keys", in: "a row object")
        }
        let items = try items(list, offset: node.offset, path: fields.path("keys"), axis: .horizontal, what: "row")
        var stack = Stack(axis: .horizontal, items: items.list)
        try applyStackOptions(fields, to: &stack, inferred: items.distribution)
        return .stack(stack)
    }

    /// `{"stack": "vertical"|"horizontal", "items": [...], ...}`: a nested stack.
    mutating func stack(_ node: JSONValue, path: String) throws(LayoutError) -> StackItem {
        let fields = try FieldReader(node, path: path, what: "a stack object", allowed: Self.stackFields, context: context)
        guard let axisName = try fields.choice("stack", of: ["vertical", "horizontal"], what: "stack direction"),
              let axis = Axis(rawValue: axisName) else {
            throw fields.missing("stack", expected: "\"vertical\" or \"horizontal\"", in: "a stack object")
        }
        guard let list = try fields.array("items", expected: "the stack's items: a non-empty array", nonEmpty: true) else {
            throw fields.missing("items", expected: "an array of keys, rows or stacks", in: "a stack object")
        }
        let items = try items(list, offset: node.offset, path: fields.path("items"), axis: axis, what: "\(axisName) stack")
        var stack = Stack(axis: axis, items: items.list)
        try applyStackOptions(fields, to: &stack, inferred: items.distribution)
        return .stack(stack)
    }

    /// Decodes the items of a stack along `axis`; the distribution is weighted when the items' weights differ.
    mutating func items(_ elements: [JSONValue], offset: Int, path: String, axis: Axis, what: String) throws(LayoutError)
        -> (list: [StackItem], distribution: Distribution) {
        guard !elements.isEmpty else {
            throw context.error(path, at: offset, "empty \(what): it needs at least one key (for a gap use {\"style\": \"blank\"})")
        }
        var list: [StackItem] = []
        for (i, element) in elements.enumerated() {
            list.append(try item(element, path: JSONPath.index(path, i), parentAxis: axis))
        }
        return (list, Self.inferredDistribution(list))
    }

    /// One item of a stack: a bare string, a key object, a nested stack, or (in a vertical stack) a row.
    mutating func item(_ node: JSONValue, path: String, parentAxis: Axis) throws(LayoutError) -> StackItem {
        switch node.kind {
        case .string(let s):
            return .key(try bareKey(s, node, path: path))
        case .object(let members):
            if members.contains(where: { $0.key == "stack" }) { return try stack(node, path: path) }
            if members.contains(where: { $0.key == "keys" }) {
                guard parentAxis == .vertical else {
                    throw context.error(path, node, "a row object (with \"keys\") cannot sit inside a row; for a column of keys use {\"stack\": \"vertical\", \"items\": [...]}")
                }
                return try rowObject(node, path: path)
            }
            return .key(try keyObject(node, path: path))
        case .array(let elements):
            guard parentAxis == .vertical else {
                throw context.error(path, node, "an array inside a row: a row holds keys; for a column of keys use {\"stack\": \"vertical\", \"items\": [...]}")
            }
            let items = try items(elements, offset: node.offset, path: path, axis: .horizontal, what: "row")
            return .stack(Stack(axis: .horizontal, distribution: items.distribution, items: items.list))
        case .number(_, let literal):
            throw context.error(path, node, "expected a key (a string or a key object), found the number \(literal); write \"\(literal)\" in quotes for a key that types it")
        case .bool, .null:
            throw context.expected("a key (a string or a key object) or a stack", path, node)
        }
    }

    /// Weighted when the items' weights differ (equal weights share alike either way).
    static func inferredDistribution(_ items: [StackItem]) -> Distribution {
        Set(items.map(\.weight)).count > 1 ? .proportional : .fillEqually
    }

    /// Reads distribution, spacing, insets and weight into `stack`.
    mutating func applyStackOptions(_ fields: FieldReader, to stack: inout Stack, inferred: Distribution) throws(LayoutError) {
        stack.distribution = try distribution(fields, inferred: inferred)
        stack.spacing = try fields.int("spacing", in: 0...Self.maxPixels, expected: "the pixels between items")
        if let node = fields.value("insets") { stack.insets = try insets(node, path: fields.path("insets")) }
        let weight = try fields.positive("weight", max: Self.maxWeight, expected: "the share of a weighted parent")
        if let weight { stack.weight = weight }
    }

    /// The `distribution` field, or the inferred one. "equal" with items of different weights is an
    /// error (the weights would be ignored).
    func distribution(_ fields: FieldReader, inferred: Distribution) throws(LayoutError) -> Distribution {
        guard let name = try fields.choice("distribution", of: ["equal", "weighted"], what: "distribution"),
              let given = Distribution(rawValue: name) else { return inferred }
        if given == .fillEqually && inferred == .proportional {
            throw context.error(fields.path("distribution"), fields.value("distribution") ?? JSONValue(.null, offset: fields.offset),
                                "\"equal\" ignores the different weights its items give; use \"weighted\", or remove the weights")
        }
        return given
    }

    /// Insets: a number, `[top, left, bottom, right]` or `{"top", "left", "bottom", "right"}` (missing edges are 0).
    func insets(_ node: JSONValue, path: String) throws(LayoutError) -> Insets {
        let expected = "insets: a number of pixels, [top, left, bottom, right], or {\"top\": .., \"left\": .., \"bottom\": .., \"right\": ..}"
        let edge = "an inset in pixels"
        switch node.kind {
        case .number:
            return Insets(all: try FieldReader.int(node, path: path, in: 0...Self.maxPixels, expected: edge, context: context))
        case .array(let a):
            guard a.count == 4 else { throw context.error(path, node, "expected \(expected), found an array of \(a.count)") }
            var v: [Int] = []
            for (i, e) in a.enumerated() {
                v.append(try FieldReader.int(e, path: JSONPath.index(path, i), in: 0...Self.maxPixels, expected: edge, context: context))
            }
            return Insets(top: v[0], left: v[1], bottom: v[2], right: v[3])
        case .object:
            let fields = try FieldReader(node, path: path, what: "insets", allowed: ["top", "left", "bottom", "right"], context: context)
            func side(_ name: String) throws(LayoutError) -> Int { try fields.int(name, in: 0...Self.maxPixels, expected: edge) ?? 0 }
            return Insets(top: try side("top"), left: try side("left"), bottom: try side("bottom"), right: try side("right"))
        default:
            throw context.expected(expected, path, node)
        }
    }
}

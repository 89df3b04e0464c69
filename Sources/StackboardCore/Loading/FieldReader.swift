/// What the decoder knows about the file it reads: its name and bytes (for positions).
struct DecodingContext {
    /// The file as named to the loader.
    let file: String
    /// The source bytes.
    let bytes: [UInt8]

    /// An error at `path`, pointing at byte `offset`.
    func error(_ path: String, at offset: Int?, _ message: String) -> LayoutError {
        LayoutError(file: file, path: path, position: offset.map { SourcePosition(offset: $0, in: bytes) }, message: message)
    }

    /// An error about `node` at `path`.
    func error(_ path: String, _ node: JSONValue, _ message: String) -> LayoutError {
        error(path, at: node.offset, message)
    }

    /// `expected X, found Y` about `node` at `path`.
    func expected(_ expectation: String, _ path: String, _ node: JSONValue) -> LayoutError {
        error(path, node, "expected \(expectation), found \(node.found)")
    }
}

/// Joins JSON path components: `layers[0].rows`.
enum JSONPath {
    /// `path.name` (or `name` at the root).
    static func field(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }
    /// `path[index]`.
    static func index(_ path: String, _ index: Int) -> String { path + "[\(index)]" }
}

/// Reads the fields of one JSON object, rejecting unknown fields (with a did-you-mean) and
/// values of the wrong type or range, each error naming the field's path.
struct FieldReader {
    let members: [JSONMember]
    let offset: Int
    let path: String
    let context: DecodingContext

    /// Checks that `node` is an object (described as `what`, e.g. "a key object") with only `allowed` fields.
    init(_ node: JSONValue, path: String, what: String, allowed: [String], context: DecodingContext) throws(LayoutError) {
        guard let members = node.members else { throw context.expected(what, path, node) }
        for member in members where !allowed.contains(member.key) {
            throw context.error(JSONPath.field(path, member.key), at: member.keyOffset,
                                "unknown field \(JSONValue.quote(member.key)) in \(what)"
                                + Suggestion.hint(member.key, in: allowed, list: "fields"))
        }
        self.members = members
        self.offset = node.offset
        self.path = path
        self.context = context
    }

    /// Whether the field is present.
    func has(_ name: String) -> Bool { members.contains { $0.key == name } }

    /// The field's value, if present.
    func value(_ name: String) -> JSONValue? { members.first { $0.key == name }?.value }

    /// The field's path.
    func path(_ name: String) -> String { JSONPath.field(path, name) }

    /// A string field; `nonEmpty` rejects "".
    func string(_ name: String, expected: String, nonEmpty: Bool = true) throws(LayoutError) -> String? {
        guard let node = value(name) else { return nil }
        guard let s = node.string, !(nonEmpty && s.isEmpty) else { throw context.expected(expected, path(name), node) }
        return s
    }

    /// A string field that must be present.
    func requiredString(_ name: String, expected: String, in what: String) throws(LayoutError) -> String {
        guard let s = try string(name, expected: expected) else { throw missing(name, expected: expected, in: what) }
        return s
    }

    /// A boolean field.
    func bool(_ name: String) throws(LayoutError) -> Bool? {
        guard let node = value(name) else { return nil }
        guard let b = node.bool else { throw context.expected("true or false", path(name), node) }
        return b
    }

    /// A whole-number field within `range`.
    func int(_ name: String, in range: ClosedRange<Int>, expected: String) throws(LayoutError) -> Int? {
        guard let node = value(name) else { return nil }
        return try FieldReader.int(node, path: path(name), in: range, expected: expected, context: context)
    }

    /// A whole number within `range` (`expected` describes it, without the range).
    static func int(_ node: JSONValue, path: String, in range: ClosedRange<Int>, expected: String,
                    context: DecodingContext) throws(LayoutError) -> Int {
        let rangeText = range.upperBound == Int.max ? "of at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        guard let n = node.number, n.isFinite, n == n.rounded(), abs(n) < 1e15,
              n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw context.expected("\(expected): a whole number \(rangeText)", path, node)
        }
        return Int(n)
    }

    /// A number field greater than 0 and at most `max`.
    func positive(_ name: String, max: Double, expected: String) throws(LayoutError) -> Double? {
        guard let node = value(name) else { return nil }
        guard let n = node.number, n.isFinite, n > 0, n <= max else {
            throw context.expected("\(expected): a number greater than 0 and at most \(Self.format(max))", path(name), node)
        }
        return n
    }

    /// A number field within `range`.
    func number(_ name: String, in range: ClosedRange<Double>, expected: String) throws(LayoutError) -> Double? {
        guard let node = value(name) else { return nil }
        guard let n = node.number, n.isFinite, range.contains(n) else {
            throw context.expected("\(expected): a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))",
                                   path(name), node)
        }
        return n
    }

    /// An array field (`nonEmpty` rejects []).
    func array(_ name: String, expected: String, nonEmpty: Bool) throws(LayoutError) -> [JSONValue]? {
        guard let node = value(name) else { return nil }
        guard let a = node.array, !(nonEmpty && a.isEmpty) else { throw context.expected(expected, path(name), node) }
        return a
    }

    /// One of `choices` (did-you-mean on a typo).
    func choice(_ name: String, of choices: [String], what: String) throws(LayoutError) -> String? {
        guard let node = value(name) else { return nil }
        guard let s = node.string else {
            throw context.expected("\(what): one of \(choices.map(JSONValue.quote).joined(separator: ", "))", path(name), node)
        }
        guard choices.contains(s) else {
            throw context.error(path(name), node, "unknown \(what) \(JSONValue.quote(s))"
                                + Suggestion.hint(s, in: choices, list: "values"))
        }
        return s
    }

    /// The error for a missing required field.
    func missing(_ name: String, expected: String, in what: String) -> LayoutError {
        context.error(path, at: offset, "\(what) needs a \(JSONValue.quote(name)) field (\(expected))")
    }

    /// A number without a needless `.0`.
    static func format(_ n: Double) -> String {
        n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
    }
}

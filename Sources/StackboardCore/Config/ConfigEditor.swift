/// Changes settings in the text of config.json the way a careful person would by hand: the
/// members it changes get their new value where they stand, new ones go at the end of their
/// object in the file's own indentation, removed ones go with their comma, and every other
/// byte (unknown keys, settings written by hand, the order, the spacing) stays as it was. Pure:
/// text in, text out; `ConfigFile` (StackboardApp) reads the file and writes it atomically.
///
/// A file that is not a JSON object is never rewritten: `merge` throws, saying what to fix.
public enum ConfigEditor {
    /// Why the text could not be changed: the file is not a JSON object. `description` says
    /// where and what to do.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// One line: where the file is wrong, and that it was left as it is.
        public var description: String
        /// A refusal saying `description`.
        public init(_ description: String) { self.description = description }
    }

    /// `text` (the file's bytes, empty for a file that is not there) with `edits` made, in order.
    public static func merge(_ text: [UInt8], _ edits: [SettingEdit]) throws(Refusal) -> [UInt8] {
        var bytes = text.allSatisfy(isSpace) ? Array("{\n}\n".utf8) : text
        for edit in edits {
            guard let key = edit.setting.spec.key else { continue }
            let path = key.split(separator: ".").map(String.init)
            bytes = try apply(path, edit.value.map(json), to: bytes)
        }
        return bytes
    }

    /// A setting's value as JSON text (`["xkb:de", "xkb:ru"]`, `1.25`, `"dark"`).
    public static func json(_ value: SettingValue) -> String {
        switch value {
        case .bool(let b): return b ? "true" : "false"
        case .int(let n): return String(n)
        case .double(let d): return SettingValue.format(d)
        case .string(let s): return JSONWriter.quoted(s)
        case .names(let names): return "[" + names.map(JSONWriter.quoted).joined(separator: ", ") + "]"
        case .geometry, .size: return JSONWriter.quoted(value.description)
        }
    }

    // MARK: One edit

    /// Sets (or removes, `value` nil) the member at `path` (`["sound", "enabled"]`).
    static func apply(_ path: [String], _ value: String?, to bytes: [UInt8]) throws(Refusal) -> [UInt8] {
        let root = try parse(bytes)
        guard var members = root.members else {
            throw Refusal("the file is \(root.found), not an object like {\"theme\": \"dark\"}; fix it or delete it, and "
                          + "the settings panel will write it again")
        }
        var object = root
        var depth = 0
        // Down to the innermost object of the path that exists.
        while depth < path.count - 1, let member = members.first(where: { $0.key == path[depth] }), let inner = member.value.members {
            object = member.value
            members = inner
            depth += 1
        }
        let name = path[depth]
        let rest = Array(path[(depth + 1)...])
        if let member = members.first(where: { $0.key == name }) {
            // There: replace its value (a group that was not an object becomes one).
            guard let value else {
                return rest.isEmpty ? remove(member, from: members, in: bytes) : bytes
            }
            let end = valueEnd(bytes, from: member.value.offset)
            let text = rest.isEmpty ? value : nested(rest, value)
            return Array(bytes[..<member.value.offset]) + Array(text.utf8) + Array(bytes[end...])
        }
        guard let value else { return bytes } // nothing to remove
        return insert(name: name, value: rest.isEmpty ? value : nested(rest, value), into: object, members: members, in: bytes)
    }

    /// `{"a": {"b": value}}` for `["a", "b"]`.
    static func nested(_ path: [String], _ value: String) -> String {
        path.reversed().reduce(value) { inner, name in "{" + JSONWriter.quoted(name) + ": " + inner + "}" }
    }

    /// Adds `"name": value` as the last member of `object`, spaced like the members before it.
    static func insert(name: String, value: String, into object: JSONValue, members: [JSONMember], in bytes: [UInt8]) -> [UInt8] {
        let close = valueEnd(bytes, from: object.offset) - 1 // the `}`
        let member = JSONWriter.quoted(name) + ": " + value
        guard let last = members.last else {
            // An empty object: one member on a line of its own when the braces are on two lines.
            let inside = bytes[(object.offset + 1)..<close]
            if inside.contains(UInt8(ascii: "\n")) {
                let indent = indentation(ofLineAt: object.offset, in: bytes)
                let text = "\n" + indent + "  " + member + "\n" + indent
                return Array(bytes[...object.offset]) + Array(text.utf8) + Array(bytes[close...])
            }
            return Array(bytes[...object.offset]) + Array(member.utf8) + Array(bytes[close...])
        }
        let end = valueEnd(bytes, from: last.value.offset)
        let between = bytes[(members.count > 1 ? valueEnd(bytes, from: members[members.count - 2].value.offset) : object.offset + 1)..<last.keyOffset]
        let separator: String
        if bytes[end..<close].contains(UInt8(ascii: "\n")) || between.contains(UInt8(ascii: "\n")) {
            separator = ",\n" + indentation(ofLineAt: last.keyOffset, in: bytes)
        } else {
            separator = ", "
        }
        return Array(bytes[..<end]) + Array((separator + member).utf8) + Array(bytes[end...])
    }

    /// Takes `member` out of its object, with the comma and spacing that went with it.
    static func remove(_ member: JSONMember, from members: [JSONMember], in bytes: [UInt8]) -> [UInt8] {
        guard let index = members.firstIndex(where: { $0.keyOffset == member.keyOffset }) else { return bytes }
        let end = valueEnd(bytes, from: member.value.offset)
        if index + 1 < members.count {
            // Up to the next member: its own spacing takes this one's place.
            return Array(bytes[..<member.keyOffset]) + Array(bytes[members[index + 1].keyOffset...])
        }
        if index > 0 {
            // The last one: from the end of the member before it.
            let previousEnd = valueEnd(bytes, from: members[index - 1].value.offset)
            return Array(bytes[..<previousEnd]) + Array(bytes[end...])
        }
        // The only one: the object keeps its braces and what follows the member.
        var start = member.keyOffset
        while start > 0, isSpace(bytes[start - 1]), bytes[start - 1] != UInt8(ascii: "{") { start -= 1 }
        return Array(bytes[..<start]) + Array(bytes[end...])
    }

    // MARK: Reading the text

    static func parse(_ bytes: [UInt8]) throws(Refusal) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, maxDepth: 8, whenEmpty: "empty")
        } catch {
            let at = SourcePosition(offset: error.offset, in: bytes)
            throw Refusal("line \(at.line), column \(at.column): \(error.message); the file was left as it is: fix it or "
                          + "delete it, and the settings panel will write it again")
        }
    }

    /// The offset just past the JSON value that starts at `start` (text the parser accepted).
    static func valueEnd(_ bytes: [UInt8], from start: Int) -> Int {
        guard start < bytes.count else { return bytes.count }
        var i = start
        switch bytes[i] {
        case UInt8(ascii: "\""):
            return stringEnd(bytes, from: i)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            while i < bytes.count {
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    i = stringEnd(bytes, from: i)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default:
                    break
                }
                i += 1
            }
            return bytes.count
        default:
            // A number or a literal: up to the next delimiter.
            while i < bytes.count, !isSpace(bytes[i]), ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]")].contains(bytes[i]) {
                i += 1
            }
            return i
        }
    }

    /// The offset just past the string whose opening quote is at `start`.
    static func stringEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var i = start + 1
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "\\") { i += 2; continue }
            if bytes[i] == UInt8(ascii: "\"") { return i + 1 }
            i += 1
        }
        return bytes.count
    }

    /// The spaces and tabs that begin the line holding `offset`.
    static func indentation(ofLineAt offset: Int, in bytes: [UInt8]) -> String {
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    static func isSpace(_ b: UInt8) -> Bool {
        b == UInt8(ascii: " ") || b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") || b == UInt8(ascii: "\t")
    }
}

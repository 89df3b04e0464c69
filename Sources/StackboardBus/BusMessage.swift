import CSDBus
#if canImport(Glibc)
import Glibc
#endif

/// Writing `BusValue`s into and reading them out of an `sd_bus_message *` (internal: sd-bus types
/// stay in this module).
enum BusMessage {
    /// Appends `values` to the message body.
    static func append(_ values: [BusValue], to m: OpaquePointer) throws(BusError) {
        for v in values { try append(v, to: m) }
    }

    private static func check(_ rc: Int32, _ call: String) throws(BusError) {
        if rc < 0 { throw BusError.system(call: call, code: -rc) }
    }

    private static func basic<T>(_ m: OpaquePointer, _ type: Character, _ value: T) throws(BusError) {
        var v = value
        let rc = withUnsafePointer(to: &v) { sd_bus_message_append_basic(m, CChar(type.asciiValue ?? 0), $0) }
        try check(rc, "sd_bus_message_append_basic")
    }

    private static func text(_ m: OpaquePointer, _ type: Character, _ s: String) throws(BusError) {
        let rc = s.withCString { sd_bus_message_append_basic(m, CChar(type.asciiValue ?? 0), $0) }
        try check(rc, "sd_bus_message_append_basic(\(type))")
    }

    private static func container(_ m: OpaquePointer, _ type: Character, _ contents: String,
                                  _ body: () throws(BusError) -> Void) throws(BusError) {
        let rc = contents.withCString { sd_bus_message_open_container(m, CChar(type.asciiValue ?? 0), $0) }
        try check(rc, "sd_bus_message_open_container(\(type)\(contents))")
        try body()
        try check(sd_bus_message_close_container(m), "sd_bus_message_close_container")
    }

    static func append(_ value: BusValue, to m: OpaquePointer) throws(BusError) {
        switch value {
        case .byte(let v): try basic(m, "y", v)
        case .boolean(let v): try basic(m, "b", Int32(v ? 1 : 0))
        case .int16(let v): try basic(m, "n", v)
        case .uint16(let v): try basic(m, "q", v)
        case .int32(let v): try basic(m, "i", v)
        case .uint32(let v): try basic(m, "u", v)
        case .int64(let v): try basic(m, "x", v)
        case .uint64(let v): try basic(m, "t", v)
        case .double(let v): try basic(m, "d", v)
        case .string(let s): try text(m, "s", s)
        case .objectPath(let s): try text(m, "o", s)
        case .signature(let s): try text(m, "g", s)
        case .array(let element, let items):
            try container(m, "a", element) { () throws(BusError) in
                for item in items { try append(item, to: m) }
            }
        case .dictEntry(let k, let v):
            try container(m, "e", k.signature + v.signature) { () throws(BusError) in
                try append(k, to: m); try append(v, to: m)
            }
        case .structure(let fields):
            try container(m, "r", fields.map(\.signature).joined()) { () throws(BusError) in
                for f in fields { try append(f, to: m) }
            }
        case .variant(let inner):
            try container(m, "v", inner.signature) { () throws(BusError) in try append(inner, to: m) }
        }
    }

    /// Every value left in the current container of `m` (the whole body when called first).
    static func read(_ m: OpaquePointer) throws(BusError) -> [BusValue] {
        var out: [BusValue] = []
        while let v = try readOne(m) { out.append(v) }
        return out
    }

    private static func readBasic<T>(_ m: OpaquePointer, _ type: CChar, _ zero: T) throws(BusError) -> T {
        var v = zero
        let rc = withUnsafeMutablePointer(to: &v) { sd_bus_message_read_basic(m, type, $0) }
        try check(rc, "sd_bus_message_read_basic")
        return v
    }

    private static func readText(_ m: OpaquePointer, _ type: CChar) throws(BusError) -> String {
        var p: UnsafePointer<CChar>?
        let rc = sd_bus_message_read_basic(m, type, &p)
        try check(rc, "sd_bus_message_read_basic")
        return p.map { String(cString: $0) } ?? ""
    }

    private static func readContainer(_ m: OpaquePointer, _ type: CChar, _ contents: String) throws(BusError) -> [BusValue] {
        let rc = contents.withCString { sd_bus_message_enter_container(m, type, $0) }
        try check(rc, "sd_bus_message_enter_container")
        let items = try read(m)
        try check(sd_bus_message_exit_container(m), "sd_bus_message_exit_container")
        return items
    }

    /// The next value, nil at the end of the container.
    static func readOne(_ m: OpaquePointer) throws(BusError) -> BusValue? {
        var type: CChar = 0
        var contentsPointer: UnsafePointer<CChar>?
        let rc = sd_bus_message_peek_type(m, &type, &contentsPointer)
        try check(rc, "sd_bus_message_peek_type")
        if rc == 0 { return nil }
        let contents = contentsPointer.map { String(cString: $0) } ?? ""
        switch UInt8(bitPattern: type) {
        case UInt8(ascii: "y"): return .byte(try readBasic(m, type, UInt8(0)))
        case UInt8(ascii: "b"): return .boolean(try readBasic(m, type, Int32(0)) != 0)
        case UInt8(ascii: "n"): return .int16(try readBasic(m, type, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(try readBasic(m, type, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(try readBasic(m, type, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(try readBasic(m, type, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(try readBasic(m, type, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(try readBasic(m, type, UInt64(0)))
        case UInt8(ascii: "d"): return .double(try readBasic(m, type, Double(0)))
        case UInt8(ascii: "h"): return .int32(try readBasic(m, type, Int32(-1))) // a file descriptor: not used
        case UInt8(ascii: "s"): return .string(try readText(m, type))
        case UInt8(ascii: "o"): return .objectPath(try readText(m, type))
        case UInt8(ascii: "g"): return .signature(try readText(m, type))
        case UInt8(ascii: "a"): return .array(element: contents, try readContainer(m, type, contents))
        case UInt8(ascii: "r"): return .structure(try readContainer(m, type, contents))
        case UInt8(ascii: "v"):
            let inner = try readContainer(m, type, contents)
            guard let first = inner.first else { throw BusError.system(call: "empty variant", code: EBADMSG) }
            return .variant(first)
        case UInt8(ascii: "e"):
            let kv = try readContainer(m, type, contents)
            guard kv.count == 2 else { throw BusError.system(call: "dictionary entry", code: EBADMSG) }
            return .dictEntry(kv[0], kv[1])
        default:
            throw BusError.system(call: "unknown D-Bus type '\(Character(UnicodeScalar(UInt8(bitPattern: type))))'",
                                  code: EBADMSG)
        }
    }
}

/// One D-Bus value, with its type: what method calls, replies and signals carry.
public indirect enum BusValue: Equatable, Sendable {
    /// `y`.
    case byte(UInt8)
    /// `b`.
    case boolean(Bool)
    /// `n`.
    case int16(Int16)
    /// `q`.
    case uint16(UInt16)
    /// `i`.
    case int32(Int32)
    /// `u`.
    case uint32(UInt32)
    /// `x`.
    case int64(Int64)
    /// `t`.
    case uint64(UInt64)
    /// `d`.
    case double(Double)
    /// `s`.
    case string(String)
    /// `o`.
    case objectPath(String)
    /// `g`.
    case signature(String)
    /// `aT`: elements that each have the signature `element` (kept for empty arrays).
    case array(element: String, [BusValue])
    /// `{KV}`: one entry of a dictionary (only inside an array).
    case dictEntry(BusValue, BusValue)
    /// `(...)`.
    case structure([BusValue])
    /// `v`: a value of any type.
    case variant(BusValue)

    /// The value's D-Bus type signature (`s`, `a{sv}`, `(iiii)`).
    public var signature: String {
        switch self {
        case .byte: return "y"
        case .boolean: return "b"
        case .int16: return "n"
        case .uint16: return "q"
        case .int32: return "i"
        case .uint32: return "u"
        case .int64: return "x"
        case .uint64: return "t"
        case .double: return "d"
        case .string: return "s"
        case .objectPath: return "o"
        case .signature: return "g"
        case .array(let element, _): return "a" + element
        case .dictEntry(let k, let v): return "{" + k.signature + v.signature + "}"
        case .structure(let fields): return "(" + fields.map(\.signature).joined() + ")"
        case .variant: return "v"
        }
    }

    /// A dictionary `a{sv}` of string keys.
    public static func stringVariantDict(_ entries: [(String, BusValue)]) -> BusValue {
        .array(element: "{sv}", entries.map { .dictEntry(.string($0.0), .variant($0.1)) })
    }

    /// An array of strings `as`.
    public static func strings(_ items: [String]) -> BusValue { .array(element: "s", items.map { .string($0) }) }

    // MARK: Reading

    /// The value inside any number of variants.
    public var unwrapped: BusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// The text of a string, object path or signature.
    public var string: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): return s
        default: return nil
        }
    }

    /// A boolean.
    public var bool: Bool? {
        if case .boolean(let b) = unwrapped { return b }
        return nil
    }

    /// Any integer that fits in Int64.
    public var integer: Int64? {
        switch unwrapped {
        case .byte(let v): return Int64(v)
        case .int16(let v): return Int64(v)
        case .uint16(let v): return Int64(v)
        case .int32(let v): return Int64(v)
        case .uint32(let v): return Int64(v)
        case .int64(let v): return v
        case .uint64(let v): return v <= UInt64(Int64.max) ? Int64(v) : nil
        default: return nil
        }
    }

    /// The elements of an array, or the fields of a structure.
    public var elements: [BusValue]? {
        switch unwrapped {
        case .array(_, let items): return items
        case .structure(let fields): return fields
        default: return nil
        }
    }

    /// A dictionary with string keys (`a{s*}`); values keep their type.
    public var stringDictionary: [String: BusValue]? {
        guard case .array(_, let items) = unwrapped else { return nil }
        var out: [String: BusValue] = [:]
        for item in items {
            guard case .dictEntry(let k, let v) = item, let key = k.string else { return nil }
            out[key] = v
        }
        return out
    }
}

/// The signature of a list of values (a message body).
public func busSignature(of values: [BusValue]) -> String { values.map(\.signature).joined() }

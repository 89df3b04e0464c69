/// Reads the layouts and variants out of xkb-data's `evdev.xml` (the `xkbConfigRegistry`
/// format of xkb.dtd): a small scanner for that one shape, not a general XML parser.
///
/// Only `layoutList/layout` elements count (models and options have `configItem`s too); a
/// layout's `configItem` gives its name, shortDescription, description and languageList, each
/// `variantList/variant` likewise. A variant without a languageList has its layout's. Entities
/// (`&amp;`, `&#233;`) are decoded. Malformed input gives fewer entries, never a crash.
enum XkbRulesXML {
    /// The layouts then variants, in file order, from the bytes of a rules XML file.
    static func layouts(in bytes: [UInt8], extra: Bool) -> [XkbLayoutInfo] {
        var scanner = Scanner(bytes: bytes, extra: extra)
        scanner.run()
        return scanner.result
    }

    /// The fields of one `configItem`.
    struct Item {
        var name = ""
        var shortDescription: String?
        var description = ""
        var languages: [String] = []
    }

    struct Scanner {
        let bytes: [UInt8]
        let extra: Bool
        var result: [XkbLayoutInfo] = []
        var stack: [String] = []
        var layout: Item?
        var variant: Item?
        var variants: [Item] = []
        var text: [UInt8] = []

        init(bytes: [UInt8], extra: Bool) { self.bytes = bytes; self.extra = extra }

        mutating func run() {
            var i = 0
            let n = bytes.count
            while i < n {
                guard bytes[i] == UInt8(ascii: "<") else {
                    text.append(bytes[i])
                    i += 1
                    continue
                }
                if starts("<!--", at: i) {
                    i = find("-->", from: i + 4).map { $0 + 3 } ?? n
                    continue
                }
                guard let close = find(">", from: i + 1) else { return }
                let inner = bytes[(i + 1)..<close]
                i = close + 1
                guard let first = inner.first else { continue }
                if first == UInt8(ascii: "?") || first == UInt8(ascii: "!") { continue }
                if first == UInt8(ascii: "/") {
                    end(tagName(inner.dropFirst()))
                } else {
                    let name = tagName(inner)
                    start(name)
                    if inner.last == UInt8(ascii: "/") { end(name) }
                }
                text.removeAll(keepingCapacity: true)
            }
        }

        mutating func start(_ name: String) {
            stack.append(name)
            guard stack.contains("layoutList") else { return }
            if name == "layout" && stack.dropLast().last == "layoutList" {
                layout = Item()
                variants = []
            } else if name == "variant" && layout != nil {
                variant = Item()
            }
        }

        mutating func end(_ name: String) {
            guard let open = stack.lastIndex(of: name) else { return }
            let parent = open > 0 ? stack[open - 1] : ""
            stack.removeSubrange(open...)
            guard layout != nil else { return }
            let value = Self.decode(text)
            switch (name, parent) {
            case ("name", "configItem"): update { $0.name = value }
            case ("description", "configItem"): update { $0.description = value }
            case ("shortDescription", "configItem"): update { $0.shortDescription = value.isEmpty ? nil : value }
            case ("iso639Id", "languageList"): update { $0.languages.append(value) }
            case ("variant", _):
                if let v = variant, !v.name.isEmpty { variants.append(v) }
                variant = nil
            case ("layout", "layoutList"):
                if let l = layout { emit(l) }
                layout = nil
            default: break
            }
        }

        mutating func update(_ change: (inout Item) -> Void) {
            if var v = variant {
                change(&v)
                variant = v
            } else if var l = layout {
                change(&l)
                layout = l
            }
        }

        mutating func emit(_ l: Item) {
            guard !l.name.isEmpty else { return }
            result.append(XkbLayoutInfo(name: XkbLayoutName(layout: l.name), shortDescription: l.shortDescription,
                                        description: l.description, languages: l.languages, isExtra: extra))
            for v in variants {
                result.append(XkbLayoutInfo(name: XkbLayoutName(layout: l.name, variant: v.name),
                                            shortDescription: v.shortDescription ?? l.shortDescription,
                                            description: v.description,
                                            languages: v.languages.isEmpty ? l.languages : v.languages, isExtra: extra))
            }
        }

        func starts(_ literal: String, at i: Int) -> Bool {
            let l = Array(literal.utf8)
            return i + l.count <= bytes.count && bytes[i..<(i + l.count)].elementsEqual(l)
        }

        func find(_ literal: String, from start: Int) -> Int? {
            let l = Array(literal.utf8)
            guard let first = l.first else { return nil }
            var i = start
            while i + l.count <= bytes.count {
                if bytes[i] == first && bytes[i..<(i + l.count)].elementsEqual(l) { return i }
                i += 1
            }
            return nil
        }

        func tagName(_ inner: ArraySlice<UInt8>) -> String {
            let end = inner.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "/") } ?? inner.endIndex
            return String(decoding: inner[inner.startIndex..<end], as: UTF8.self)
        }

        /// Text content with entities decoded and surrounding white space removed.
        static func decode(_ raw: [UInt8]) -> String {
            let text = String(decoding: raw, as: UTF8.self)
            guard text.contains("&") else { return trimmed(text) }
            var out = ""
            var rest = Substring(text)
            while let amp = rest.firstIndex(of: "&") {
                out += rest[..<amp]
                guard let semi = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semi) <= 10 else {
                    out += "&"
                    rest = rest[rest.index(after: amp)...]
                    continue
                }
                let entity = rest[rest.index(after: amp)..<semi]
                out += entityValue(entity) ?? "&\(entity);"
                rest = rest[rest.index(after: semi)...]
            }
            return trimmed(out + rest)
        }

        static func entityValue(_ entity: Substring) -> String? {
            switch entity {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default:
                guard entity.hasPrefix("#") else { return nil }
                let digits = entity.dropFirst()
                let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
                return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            }
        }

        static func trimmed(_ s: String) -> String {
            let scalars = s.unicodeScalars
            guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                  let end = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
            return String(scalars[start...end])
        }
    }
}

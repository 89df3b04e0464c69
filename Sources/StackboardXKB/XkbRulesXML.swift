import StackboardCore
/// Reads the layouts and variants out of xkb-data's `evdev.xml` (the `xkbConfigRegistry`
/// format of xkb.dtd): a small scanner for that one shape, not a general XML parser.
///
/// Only `layoutList/layout` elements count (models and options have `configItem`s too); a
/// layout's `configItem` gives its name, shortDescription, description and languageList, each
/// `variantList/variant` likewise. A variant without a languageList has its layout's. Entities
/// (`&amp;`, `&#233;`) are decoded. Malformed input gives fewer entries, never a crash. Works
/// on the bytes (no string per tag), so that reading the 250 kB file costs little.
enum XkbRulesXML {
    /// The layouts then variants, in file order, from the bytes of a rules XML file.
    static func layouts(in bytes: [UInt8], extra: Bool) -> [XkbLayoutInfo] {
        var scanner = Scanner(extra: extra)
        bytes.withUnsafeBufferPointer { scanner.run($0) }
        return scanner.result
    }

    /// The elements that matter; every other is `other`.
    enum Tag: UInt8 {
        case layoutList, layout, variantList, variant, configItem, name, shortDescription, description
        case languageList, iso639Id, other

        static let names: [(Tag, [UInt8])] = [
            (.layoutList, Array("layoutList".utf8)), (.layout, Array("layout".utf8)),
            (.variantList, Array("variantList".utf8)), (.variant, Array("variant".utf8)),
            (.configItem, Array("configItem".utf8)), (.name, Array("name".utf8)),
            (.shortDescription, Array("shortDescription".utf8)), (.description, Array("description".utf8)),
            (.languageList, Array("languageList".utf8)), (.iso639Id, Array("iso639Id".utf8)),
        ]

        init(_ name: UnsafeBufferPointer<UInt8>.SubSequence) {
            self = Tag.names.first { $0.1.count == name.count && $0.1.elementsEqual(name) }?.0 ?? .other
        }
    }

    /// The fields of one `configItem`.
    struct Item {
        var name = ""
        var shortDescription: String?
        var description = ""
        var languages: [String] = []
    }

    struct Scanner {
        let extra: Bool
        var result: [XkbLayoutInfo] = []
        var stack: [Tag] = []
        var inLayoutList = 0
        var layout: Item?
        var variant: Item?
        var variants: [Item] = []
        var textStart = 0

        init(extra: Bool) { self.extra = extra }

        mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            let n = bytes.count
            var i = 0
            while i < n {
                guard bytes[i] == UInt8(ascii: "<") else { i += 1; continue }
                let tagStart = i
                if i + 3 < n && bytes[i + 1] == UInt8(ascii: "!") && bytes[i + 2] == UInt8(ascii: "-") && bytes[i + 3] == UInt8(ascii: "-") {
                    i = Self.find(bytes, from: i + 4) { j in j + 2 < n && bytes[j] == UInt8(ascii: "-") && bytes[j + 1] == UInt8(ascii: "-") && bytes[j + 2] == UInt8(ascii: ">") }
                        .map { $0 + 3 } ?? n
                    textStart = i
                    continue
                }
                guard let close = Self.find(bytes, from: i + 1, where: { bytes[$0] == UInt8(ascii: ">") }) else { return }
                i = close + 1
                let inner = bytes[(tagStart + 1)..<close]
                guard let first = inner.first, first != UInt8(ascii: "?"), first != UInt8(ascii: "!") else { continue }
                if first == UInt8(ascii: "/") {
                    end(Tag(Self.tagName(inner.dropFirst())), text: bytes[min(textStart, tagStart)..<tagStart])
                } else {
                    let tag = Tag(Self.tagName(inner))
                    start(tag)
                    if inner.last == UInt8(ascii: "/") { end(tag, text: bytes[close..<close]) }
                }
                textStart = i
            }
        }

        mutating func start(_ tag: Tag) {
            if tag == .layoutList { inLayoutList += 1 }
            if inLayoutList > 0 {
                if tag == .layout && stack.last == .layoutList {
                    layout = Item()
                    variants = []
                } else if tag == .variant && layout != nil {
                    variant = Item()
                }
            }
            stack.append(tag)
        }

        mutating func end(_ tag: Tag, text: UnsafeBufferPointer<UInt8>.SubSequence) {
            guard let open = stack.lastIndex(of: tag) else { return }
            let parent = open > 0 ? stack[open - 1] : .other
            stack.removeSubrange(open...)
            if tag == .layoutList { inLayoutList = max(0, inLayoutList - 1) }
            guard layout != nil else { return }
            switch (tag, parent) {
            case (.name, .configItem): update { $0.name = Self.decode(text) }
            case (.description, .configItem): update { $0.description = Self.decode(text) }
            case (.shortDescription, .configItem):
                let value = Self.decode(text)
                update { $0.shortDescription = value.isEmpty ? nil : value }
            case (.iso639Id, .languageList): update { $0.languages.append(Self.decode(text)) }
            case (.variant, _):
                if let v = variant, !v.name.isEmpty { variants.append(v) }
                variant = nil
            case (.layout, .layoutList):
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

        static func find(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, where match: (Int) -> Bool) -> Int? {
            var i = start
            while i < bytes.count {
                if match(i) { return i }
                i += 1
            }
            return nil
        }

        static func tagName(_ inner: UnsafeBufferPointer<UInt8>.SubSequence) -> UnsafeBufferPointer<UInt8>.SubSequence {
            let end = inner.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "/") } ?? inner.endIndex
            return inner[inner.startIndex..<end]
        }

        /// Text content with entities decoded and surrounding white space removed.
        static func decode(_ raw: UnsafeBufferPointer<UInt8>.SubSequence) -> String {
            let text = String(decoding: raw, as: UTF8.self)
            guard raw.contains(UInt8(ascii: "&")) else { return trimmed(text) }
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

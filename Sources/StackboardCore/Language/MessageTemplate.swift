/// A message of the catalogs with places for what changes (`cannot type: %s`), and how a line
/// the program wrote fits it, so that a message is translated where it is written out (one
/// place) rather than at each of the places that make it.
///
/// Rules: an original is a template when it has `%s` places; a line fits it when it starts with
/// the text before the first place, ends with the text after the last, and has the texts between
/// them in order, each place taking the shortest text that lets the rest fit (never empty). The
/// translation names the places with `%s` in order or `%1$s`, `%2$s` by number (a language may
/// need them in another order).
public struct MessageTemplate: Equatable, Sendable {
    /// The fixed texts around and between the places (one more than the places).
    public let parts: [String]
    /// The translation, with its places.
    public let translation: String

    /// The template of `original` (nil: it has no place) translated as `translation`.
    public init?(original: String, translation: String) {
        let parts = Self.split(original)
        guard parts.count > 1, !translation.isEmpty else { return nil }
        self.parts = parts
        self.translation = translation
    }

    /// How many characters of the original are fixed: a longer template is a closer fit.
    public var fixedLength: Int { parts.reduce(0) { $0 + $1.count } }

    /// What `line` has in the places (nil: it does not fit).
    public func places(in line: String) -> [String]? {
        guard let first = parts.first, let last = parts.last, line.hasPrefix(first), line.hasSuffix(last),
              line.count >= first.count + last.count + parts.count - 1 else { return nil }
        var rest = Array(line.dropFirst(first.count).dropLast(last.count))[...]
        var found: [String] = []
        for middle in parts.dropFirst().dropLast() {
            // The place takes at least one character, then as few as the next fixed text allows.
            let fixed = Array(middle)
            guard !rest.isEmpty, let at = Self.index(of: fixed, in: rest, from: rest.startIndex + 1) else { return nil }
            found.append(String(rest[..<at]))
            rest = rest[(at + fixed.count)...]
        }
        guard !rest.isEmpty else { return nil }
        found.append(String(rest))
        return found
    }

    /// `text` cut at each `%s`.
    static func split(_ text: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var chars = text[...]
        while let c = chars.first {
            if c == "%", chars.dropFirst().first == "s" {
                parts.append(current)
                current = ""
                chars = chars.dropFirst(2)
            } else {
                current.append(c)
                chars = chars.dropFirst()
            }
        }
        parts.append(current)
        return parts
    }

    /// Where `needle` first starts in `haystack` at or after `from` (nil: nowhere).
    static func index(of needle: [Character], in haystack: ArraySlice<Character>, from: Int) -> Int? {
        guard !needle.isEmpty else { return from <= haystack.endIndex ? from : nil }
        var i = from
        while i + needle.count <= haystack.endIndex {
            if haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The translation with `places` put in (`%s` in order, `%N$s` by number; a place the
    /// translation names that is not there is left empty).
    public func fill(_ places: [String]) -> String {
        var out = ""
        var next = 0
        var rest = Substring(translation)
        while let percent = rest.firstIndex(of: "%") {
            out += rest[..<percent]
            let after = rest[rest.index(after: percent)...]
            if after.hasPrefix("s") {
                out += next < places.count ? places[next] : ""
                next += 1
                rest = after.dropFirst()
            } else if let dollar = after.firstIndex(of: "$"), let n = Int(after[..<dollar]), after[dollar...].hasPrefix("$s") {
                out += (1...places.count).contains(n) ? places[n - 1] : ""
                rest = after[dollar...].dropFirst(2)
            } else {
                out += "%"
                rest = after
            }
        }
        return out + rest
    }
}

extension Translations {
    /// The catalogs' templates, best first: catalog by catalog, the closest fits (most fixed
    /// text) first. Made once by whoever translates messages (not at start-up: messages are rare).
    public func messageTemplates() -> [MessageTemplate] {
        catalogs.flatMap { _, catalog in
            catalog.translations.compactMap { MessageTemplate(original: $0.key, translation: $0.value) }
                .sorted { ($0.fixedLength, $0.parts.joined(separator: "%s")) > ($1.fixedLength, $1.parts.joined(separator: "%s")) }
        }
    }

    /// `line` (a message of the program) in the user's language: the whole line where a catalog
    /// has it; else the first of `templates` (default: `messageTemplates()`) it fits, with each
    /// place's text translated the same way (an error inside a message is a message too); else
    /// the line as it is.
    public func message(_ line: String, templates: [MessageTemplate]? = nil) -> String {
        message(line, templates: templates ?? messageTemplates(), depth: 0)
    }

    private func message(_ line: String, templates: [MessageTemplate], depth: Int) -> String {
        let whole = text(line)
        guard whole == line, depth < 4 else { return whole }
        for template in templates {
            if let places = template.places(in: line) {
                return template.fill(places.map { message($0, templates: templates, depth: depth + 1) })
            }
        }
        return line
    }
}

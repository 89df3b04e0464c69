import CAnthy
import CLazy

/// anthy, opened once for the process, and one conversion context (freed with the object):
/// kana in, segments and their candidates out. It learns from a committed segment only when
/// asked to (`commit`).
final class AnthyConverter {
    private let context: anthy_context_t
    /// The kana of the conversion shown.
    private var converted = ""

    /// The Debian packages it needs.
    static let packages = "libanthy1 and anthy"

    /// Opens anthy and a context (anthy's `anthy_init`, `anthy_create_context`).
    init() throws(ComposeError) {
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_ANTHY) {
            throw ComposeError("the Japanese layout needs anthy: \(String(cString: why))")
        }
        guard anthy_init() == 0, let context = anthy_create_context() else {
            throw ComposeError("anthy cannot start (no dictionary?): install the packages \(Self.packages)")
        }
        _ = anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
        self.context = context
    }

    deinit { anthy_release_context(context) }

    /// Converts `kana` (again only when it changed).
    private func convert(_ kana: String) {
        guard kana != converted else { return }
        converted = kana
        _ = anthy_set_string(context, kana)
    }

    /// The candidates for `kana`: the whole conversion (each segment's best), then the first
    /// segment's candidates with how many kana each covers.
    func candidates(_ kana: String) -> (sentence: String, first: [String], firstLength: Int) {
        guard !kana.isEmpty else { return ("", [], 0) }
        convert(kana)
        var stat = anthy_conv_stat()
        guard anthy_get_stat(context, &stat) == 0, stat.nr_segment > 0 else { return ("", [], 0) }
        let sentence = (0..<stat.nr_segment).map { segment(Int32($0), 0) }.joined()
        var first = anthy_segment_stat()
        guard anthy_get_segment_stat(context, 0, &first) == 0 else { return (sentence, [], 0) }
        let options = (0..<first.nr_candidate).map { segment(0, $0) }
        return (sentence, stat.nr_segment == 1 ? options.filter { $0 != sentence } : options, Int(first.seg_len))
    }

    /// Learns the conversion shown: the segments as their best candidates (the sentence), or the
    /// first segment as candidate `index` (anthy's `anthy_commit_segment`).
    func commit(sentence: Bool, firstIndex index: Int) {
        var stat = anthy_conv_stat()
        guard anthy_get_stat(context, &stat) == 0 else { return }
        if sentence {
            for s in 0..<stat.nr_segment { _ = anthy_commit_segment(context, s, 0) }
        } else {
            _ = anthy_commit_segment(context, 0, Int32(index))
        }
        converted = ""
    }

    private func segment(_ segment: Int32, _ candidate: Int32) -> String {
        let size = anthy_get_segment(context, segment, candidate, nil, 0)
        guard size > 0 else { return "" }
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        _ = anthy_get_segment(context, segment, candidate, &buffer, size + 1)
        return String(decoding: buffer.prefix(Int(size)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

import CLazy
import COpenCC
import Glibc

/// OpenCC's Simplified → Traditional conversion (phrase-aware), opened on first use: the
/// evaluation reads a Simplified text's pinyin in Luna Pinyin's dictionary, which is written in
/// Traditional characters.
final class ChineseConverter {
    private let handle: opencc_t

    /// OpenCC's configuration of the conversion.
    static let configuration = "s2t.json"

    /// Opens OpenCC's Simplified → Traditional conversion.
    init() throws(ComposeError) {
        if let why = stackboard_lazy_open(STACKBOARD_LAZY_OPENCC) {
            throw ComposeError("the Chinese evaluation needs OpenCC: \(String(cString: why))")
        }
        guard let handle = opencc_open(Self.configuration), Int(bitPattern: handle) != -1 else {
            throw ComposeError("OpenCC cannot open \(Self.configuration): install the package opencc-data (or libopencc1.1)")
        }
        self.handle = handle
    }

    deinit { _ = opencc_close(handle) }

    /// `text` in Traditional characters ("" when OpenCC fails).
    func traditional(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let converted = bytes.withUnsafeBufferPointer({ buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { opencc_convert_utf8(handle, $0, bytes.count) }
            } ?? nil
        }) else { return "" }
        defer { opencc_convert_utf8_free(converted) }
        return String(cString: converted)
    }
}

extension StringProtocol {
    /// Whether `part` stands in the text, compared byte for byte in UTF-8 (an empty `part` always
    /// does). For ASCII names such as an input device's "XTEST" this is the same as `contains(_:)`,
    /// whose string version lives in _StringProcessing: calling that at start-up pages in a
    /// few hundred KiB of its code and of the regex parser it sits next to (docs/benchmarks.md).
    public func containsBytes(of part: some StringProtocol) -> Bool {
        let text = Array(utf8), needle = Array(part.utf8)
        guard needle.count <= text.count else { return false }
        return (0...(text.count - needle.count)).contains { text[$0...].starts(with: needle) }
    }
}

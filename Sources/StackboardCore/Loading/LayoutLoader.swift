/// Loads layout files (the JSON format of docs/layouts.md) with precise errors.
///
/// Any input gives a layout or a `LayoutError`; nothing crashes or hangs (nesting is capped at
/// `maxDepth`, files at `maxFileSize`).
public enum LayoutLoader {
    /// The deepest nesting of JSON arrays and objects accepted.
    public static let maxDepth = 32
    /// The largest file accepted, in bytes (a layout is a few kilobytes).
    public static let maxFileSize = 4 << 20

    /// Loads a layout from UTF-8 JSON `data`; `file` names it in errors (and gives the default name).
    public static func load(data: [UInt8], file: String) throws(LayoutError) -> Layout {
        guard data.count <= maxFileSize else { throw tooLarge(file, data.count) }
        let context = DecodingContext(file: file, bytes: data)
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, maxDepth: maxDepth,
                                        whenEmpty: "a layout is a JSON object: { \"name\": ..., \"layers\": [...] }")
        } catch {
            throw context.error("", at: error.offset, "invalid JSON: \(error.message)")
        }
        var decoder = LayoutDecoder(context: context)
        return try decoder.layout(root, fallbackName: layoutName(forFile: file))
    }

    /// Loads a layout from a JSON string (for tests and built-in text).
    public static func load(json: String, file: String) throws(LayoutError) -> Layout {
        try load(data: Array(json.utf8), file: file)
    }

    /// Loads the layout file at `path` in `files` (errors name the path as given).
    public static func load(file path: String, files: any Files) throws(LayoutError) -> Layout {
        try load(data: readFile(path, files: files), file: path)
    }

    /// The bytes of the regular file at `path` in `files`, or an error that says why it cannot be read
    /// (`kind`: what the file should be, `layout` or `theme`).
    public static func readFile(_ path: String, kind: String = "layout", files: any Files) throws(LayoutError) -> [UInt8] {
        switch files.kind(path) {
        case .missing:
            throw LayoutError(file: path, message: "no such file; check the path (\(kind)s are .json files, see 'stackboard \(kind)s')")
        case .unreadable:
            throw LayoutError(file: path, message: "cannot read the file's attributes; check its permissions")
        case .directory:
            throw LayoutError(file: path, message: "is a directory, not a \(kind) file")
        case .other:
            throw LayoutError(file: path, message: "is not a regular file (a device, pipe or socket?); give the path of a .json \(kind) file")
        case .regular(let size):
            if size > maxFileSize { throw tooLarge(path, size, kind) }
        }
        guard let data = files.contents(path, limit: maxFileSize) else {
            if case .regular(let size) = files.kind(path), size > maxFileSize { throw tooLarge(path, size, kind) }
            throw LayoutError(file: path, message: "cannot read the file; check its permissions")
        }
        return data
    }

    static func tooLarge(_ file: String, _ size: Int, _ kind: String = "layout") -> LayoutError {
        LayoutError(file: file, message: "the file is \(size) bytes, larger than the \(maxFileSize >> 20) MiB a \(kind) may be; is it really a \(kind)?")
    }

    /// The name a layout file gets when it has no `name` field: the file name without `.json`.
    public static func layoutName(forFile file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".json") ? String(base.dropLast(5)) : base
    }
}

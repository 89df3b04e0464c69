import CCairoPango

/// Something the painter could not do, with a message that says what to try.
public struct RenderError: Error, Equatable, CustomStringConvertible {
    /// The message, one or two sentences.
    public var message: String
    /// An error with `message`.
    public init(_ message: String) { self.message = message }
    /// The message.
    public var description: String { message }

    /// Cairo's own words for a status code.
    static func cairoText(_ status: cairo_status_t) -> String {
        guard let text = cairo_status_to_string(status) else { return "cairo status \(status.rawValue)" }
        return String(cString: text)
    }

    /// Throws "`doing`: cairo's words for `status`; `hint`" unless `status` is success, after
    /// `release` has freed what the failed call made (the object cairo returns even on failure).
    static func check(_ status: cairo_status_t, _ doing: String, hint: String, release: () -> Void = {}) throws(RenderError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        release()
        throw RenderError("\(doing): \(cairoText(status)); \(hint)")
    }
}

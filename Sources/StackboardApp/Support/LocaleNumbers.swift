#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// The decimal separator of the user's LC_NUMERIC locale (`,` in de_DE.UTF-8).
enum LocaleNumbers {
    /// Reads LC_NUMERIC from the environment (LC_ALL, LC_NUMERIC, LANG) through the C library.
    /// Falls back to "." when the locale is not installed.
    static func decimalSeparator() -> String {
        let previous = setlocale(LC_NUMERIC, nil).map { String(cString: $0) }
        defer { if let p = previous { setlocale(LC_NUMERIC, p) } }
        guard setlocale(LC_NUMERIC, "") != nil, let conv = localeconv(), let point = conv.pointee.decimal_point else {
            return "."
        }
        let s = String(cString: point)
        return s.isEmpty ? "." : s
    }
}

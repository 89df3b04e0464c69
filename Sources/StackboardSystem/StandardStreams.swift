#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Writes one line to stderr (a newline is added when missing). Never give it typed text.
public func printError(_ line: String) {
    var text = line
    if !text.hasSuffix("\n") { text += "\n" }
    fputs(text, stderr)
}

/// Writes one line to stdout and flushes it at once (a reading script or host sees it as it comes).
public func printLine(_ line: String) {
    fputs(line + "\n", stdout)
    fflush(stdout)
}

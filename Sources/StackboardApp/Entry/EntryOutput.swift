import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// What `stackboard entry` writes on stdout: the window id first with `--xid`, then with
/// `--events` one JSON line per field event, and without `--events` the result on done. Every
/// line is flushed at once (a host reads them as they come).
struct EntryOutput {
    /// `--events`.
    let events: Bool
    /// `--secure` or the layout's secure preset: no text in any event line.
    let secure: Bool

    /// The plug's window id, as one decimal line.
    func windowID(_ id: UInt) {
        write(String(id))
    }

    /// The events of one command, each described after it (`EntryEventEncoder`).
    func report(_ list: [EntryEvent], session: EntrySession) {
        guard events else { return }
        for event in list { write(EntryEventEncoder.jsonLine(event, session: session, secure: secure)) }
    }

    /// The result on done: the text and a newline, unless the done event line said it all.
    func result(_ session: EntrySession) {
        if !events { write(session.text) }
    }

    private func write(_ line: String) {
        fputs(line + "\n", stdout)
        fflush(stdout)
    }
}

import CX11
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// An X protocol error the server reported (a request failed); recorded, never fatal.
public struct XProtocolError: Equatable, Sendable, CustomStringConvertible {
    /// The error code (BadWindow = 3, ...).
    public var code: Int
    /// The major opcode of the failed request.
    public var request: Int
    /// The minor opcode (extensions).
    public var minor: Int
    /// The resource the request named.
    public var resource: UInt
    /// Xlib's text for the error code.
    public var text: String
    /// One line for stderr.
    public var description: String {
        "X error \(text) (request \(request).\(minor), resource 0x\(String(resource, radix: 16)))"
    }
}

/// The protocol errors of every connection, by `Display *`, since each last took them, and the
/// end of the program when a connection finds its server gone. Xlib's error handlers are
/// process-wide and take no context, so this is the one global the design allows: one pair of
/// handlers, installed once and never replaced, for every connection the process opens (the
/// keyboard's, its press watcher's, `type`'s, a control client's).
///
/// A lost connection ends the process from inside Xlib's IO-error handler, as GDK does: once
/// Xlib has reported the loss, its request buffer is never emptied again, so the next calls
/// (cairo's XRender requests in a repaint, say) get no buffer and crash. The program's
/// `lastWords` run first, without touching X.
package enum XErrorTrap {
    nonisolated(unsafe) private static var recorded: [UInt: [XProtocolError]] = [:]
    nonisolated(unsafe) private static var dropped: [UInt: Int] = [:]
    nonisolated(unsafe) private static var installed = false
    /// What the program does last when the server goes away (see `XConnection.whenServerLost`).
    nonisolated(unsafe) static var lastWords: ((String) -> Int32)?
    nonisolated(unsafe) private static var ending = false
    /// The most errors kept per connection between two `take`s.
    static let limit = 64

    /// Installs the handlers (once): protocol errors are recorded for their connection, and a
    /// lost connection ends the program with its last words instead of Xlib's own report.
    /// SIGPIPE is ignored: xcb writes to the server's socket with plain writes, and a server
    /// gone while a large request is on its way (a frame's pixels) would kill the program
    /// without a word; ignored, the write fails and Xlib reports the loss. The same holds for
    /// the programs' own output: `stackboard --print | head -1` or an entry whose reader has
    /// gone gets a failed write (the keyboard releases what it holds, the entry cancels).
    package static func install() {
        guard !installed else { return }
        installed = true
        signal(SIGPIPE, SIG_IGN)
        _ = XSetErrorHandler { display, event in
            guard let event else { return 0 }
            var buffer = [CChar](repeating: 0, count: 128)
            XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let key = XErrorTrap.key(display)
            if XErrorTrap.recorded[key, default: []].count < XErrorTrap.limit {
                XErrorTrap.recorded[key, default: []].append(
                    XProtocolError(code: Int(event.pointee.error_code), request: Int(event.pointee.request_code),
                                   minor: Int(event.pointee.minor_code), resource: UInt(event.pointee.resourceid), text: text))
            } else {
                XErrorTrap.dropped[key, default: 0] += 1
            }
            return 0
        }
        _ = XSetIOErrorHandler { display in
            XErrorTrap.serverLost(name: display.flatMap { XDisplayString($0) }.map { String(cString: $0) } ?? "")
        }
    }

    /// Ends the process: the program's last words (once; a loss found while they run ends it at
    /// once), else the one line that says the server called `name` went away, and status 1.
    private static func serverLost(name: String) -> Never {
        guard !ending else { exit(1) }
        ending = true
        if let lastWords { exit(lastWords(name)) }
        fputs("stackboard: \(XConnection.lostMessage(name: name))\n", stderr)
        exit(1)
    }

    private static func key(_ display: OpaquePointer?) -> UInt {
        display.map { UInt(bitPattern: Int(bitPattern: UnsafeRawPointer($0))) } ?? 0
    }

    /// How many errors are recorded for `display` now.
    package static func count(_ display: OpaquePointer) -> Int { recorded[key(display)]?.count ?? 0 }

    /// Forgets the errors of `display` recorded after the first `count`.
    package static func drop(_ display: OpaquePointer, after count: Int) {
        let k = key(display)
        guard let list = recorded[k], list.count > count else { return }
        recorded[k] = Array(list.prefix(count))
    }

    /// Takes the errors of `display` (and how many more were dropped) and clears its record.
    package static func take(_ display: OpaquePointer) -> (errors: [XProtocolError], dropped: Int) {
        let k = key(display)
        defer { recorded[k] = nil; dropped[k] = nil }
        return (recorded[k] ?? [], dropped[k] ?? 0)
    }

    /// Runs `body` on `display` and returns whether it caused a protocol error, which is then
    /// forgotten (two round trips; like gdk_x11_display_error_trap_push/pop).
    package static func failed(on display: OpaquePointer, _ body: () -> Void) -> Bool {
        XSync(display, 0)
        let before = count(display)
        body()
        XSync(display, 0)
        let failed = count(display) > before
        drop(display, after: before)
        return failed
    }
}

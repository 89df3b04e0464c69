import CX11

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

/// The errors recorded since the last `XConnection.takeErrors()`. Xlib's error handler is
/// process-wide and takes no context, so this is the one global the design allows.
nonisolated(unsafe) private var recordedErrors: [XProtocolError] = []
/// How many errors were dropped because the record was full.
nonisolated(unsafe) private var droppedErrors = 0

/// Installs the process-wide handlers: protocol errors are recorded, and Xlib's own
/// "fatal IO error" report is silenced (each connection reports its loss itself).
func installXErrorHandlers() {
    _ = XSetErrorHandler { display, event in
        guard let event else { return 0 }
        var buffer = [CChar](repeating: 0, count: 128)
        XGetErrorText(display, Int32(event.pointee.error_code), &buffer, Int32(buffer.count))
        let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if recordedErrors.count < 64 {
            recordedErrors.append(XProtocolError(code: Int(event.pointee.error_code),
                                                 request: Int(event.pointee.request_code),
                                                 minor: Int(event.pointee.minor_code),
                                                 resource: UInt(event.pointee.resourceid), text: text))
        } else {
            droppedErrors += 1
        }
        return 0
    }
    _ = XSetIOErrorHandler { _ in 0 }
}

/// How many errors are recorded now (for `XConnection.trappingErrors`).
func recordedXErrorCount() -> Int { recordedErrors.count }

/// Forgets the errors recorded after the first `count`.
func dropRecordedXErrors(after count: Int) {
    if recordedErrors.count > count { recordedErrors.removeLast(recordedErrors.count - count) }
}

/// Takes the recorded protocol errors (and how many more were dropped) and clears the record.
func takeRecordedXErrors() -> (errors: [XProtocolError], dropped: Int) {
    defer { recordedErrors.removeAll(); droppedErrors = 0 }
    return (recordedErrors, droppedErrors)
}

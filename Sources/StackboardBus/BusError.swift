#if canImport(Glibc)
import Glibc
#endif

/// Why a D-Bus connection, call or export failed; each message says what to do.
/// `description` is one line without the program name.
public enum BusError: Error, Equatable, CustomStringConvertible {
    /// No session bus address: DBUS_SESSION_BUS_ADDRESS is unset and `$XDG_RUNTIME_DIR/bus` is missing.
    case noSessionBus
    /// Connecting to `bus` at `address` failed with errno `code`.
    case cannotConnect(bus: String, address: String, code: Int32)
    /// The connection to `bus` is closed (the daemon went away).
    case disconnected(bus: String)
    /// The peer answered `member` with the D-Bus error `name` and its message.
    case remote(member: String, name: String, message: String)
    /// The peer did not answer `member` in time (a hung application).
    case timedOut(member: String, destination: String)
    /// The reply to `member` had the signature `got` where `expected` was wanted.
    case unexpectedReply(member: String, got: String, expected: String)
    /// A bus name, object path, interface or member that D-Bus does not accept.
    case invalidName(String)
    /// An sd-bus call failed with errno `code`.
    case system(call: String, code: Int32)
    /// libsystemd (sd-bus) cannot be opened: why, with the package to install.
    case noLibrary(String)

    /// One line for stderr.
    public var description: String {
        switch self {
        case .noSessionBus:
            return "no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set and $XDG_RUNTIME_DIR/bus does not exist; "
                + "start the session with dbus-run-session (or dbus-launch) to turn D-Bus features on"
        case .cannotConnect(let bus, let address, let code):
            return "cannot connect to the \(bus) at '\(address)': \(errnoText(code)); is its daemon running?"
        case .disconnected(let bus):
            return "the connection to the \(bus) is closed; it is tried again when the bus is back"
        case .remote(let member, let name, let message):
            return "\(member) failed: \(name): \(message)"
        case .timedOut(let member, let destination):
            return "\(destination) did not answer \(member) in time; is that application hung?"
        case .unexpectedReply(let member, let got, let expected):
            return "the reply to \(member) has the signature '\(got)', expected '\(expected)'"
        case .invalidName(let what):
            return "D-Bus does not accept \(what)"
        case .system(let call, let code):
            return "\(call) failed: \(errnoText(code))"
        case .noLibrary(let why):
            return why
        }
    }
}

/// `strerror` for a positive errno.
func errnoText(_ code: Int32) -> String { String(cString: strerror(code)) }

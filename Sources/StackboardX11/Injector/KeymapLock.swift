import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// How the Stackboard processes of one display share the keymap. Every change to a borrowed
/// keycode is made under one lock, a server grab held for the few requests of
/// read-verify-change-record (other clients, xmodmap and xdotool included, cannot change the map
/// in between; the grabs of two Stackboard processes queue behind each other, since a second
/// GrabServer waits for the first to end even from a client made impervious with
/// XTestGrabControl). Each stretch of keys is sent under the same grab, so that the keys of two
/// Stackboard typers (and the Shift or AltGr one holds for a level) never interleave; a text of
/// one bare key goes without it (`Injector.needsLock`). The record
/// of who borrowed what (`KeymapRecord`) is the root window's
/// `_STACKBOARD_KEYMAP` property. A process that borrows registers under a slot selection
/// (`_STACKBOARD_KEYMAP_S0`...`S31`) that it owns with a small unmapped window of its own: the
/// server drops the ownership when the process's connection closes, however it dies, which is
/// how the others know its keycodes are abandoned. X resources are freed by `close()`, never
/// in deinit (the connection may be the keyboard window's, and closed by then).
final class KeymapLock {
    private let dpy: OpaquePointer
    private let root: Window
    /// `_STACKBOARD_KEYMAP`.
    let recordAtom: Atom
    /// This process's random identity in the record (never 0).
    let nonce: UInt32
    /// This process's id.
    let pid: UInt32
    /// The slot selection this process owns while registered (0: not registered).
    private(set) var slot: Atom = 0
    private var window: Window = 0
    private var slotAtoms: [Atom] = []
    /// Whether the server grab is held.
    private(set) var isHeld = false

    /// How many slots (processes borrowing at once) there are.
    static let slotCount = 32

    /// Interns the record's atom (one round trip).
    init(display: OpaquePointer) {
        dpy = display
        root = XDefaultRootWindow(display)
        recordAtom = XInternAtom(display, "_STACKBOARD_KEYMAP", 0)
        nonce = UInt32.random(in: 1...UInt32.max)
        pid = UInt32(truncatingIfNeeded: getpid())
    }

    /// Takes the lock: grabs the server. Requests that follow are handled as one, with no other
    /// client's request in between (until `release()`).
    func acquire() {
        guard !isHeld else { return }
        XGrabServer(dpy)
        isHeld = true
    }

    /// Ends the grab and sends it at once.
    func release() {
        guard isHeld else { return }
        XUngrabServer(dpy)
        XFlush(dpy)
        isHeld = false
    }

    /// The record as it is on the root window (an unreadable one reads as empty: it is
    /// rewritten whole by the next change).
    func read() -> KeymapRecord {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XGetWindowProperty(dpy, root, recordAtom, 0, 8192, 0, Atom(6) /* XA_CARDINAL */,
                                        &type, &format, &count, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, let data, format == 32, count > 0 else { return KeymapRecord() }
        let values = data.withMemoryRebound(to: Int.self, capacity: Int(count)) { longs in
            (0..<Int(count)).map { UInt32(truncatingIfNeeded: longs[$0]) }
        }
        return KeymapRecord(decoding: values) ?? KeymapRecord()
    }

    /// Replaces the record (deletes the property when it is empty).
    func write(_ record: KeymapRecord) {
        let values = record.encoded
        guard !values.isEmpty else { XDeleteProperty(dpy, root, recordAtom); return }
        var longs = values.map { Int(Int64($0)) }
        longs.withUnsafeMutableBytes { bytes in
            _ = XChangeProperty(dpy, root, recordAtom, Atom(6), 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    /// The nonces of the record's borrowers that are alive: this process while registered,
    /// any other while its window owns its slot selection (one round trip each).
    func alive(in record: KeymapRecord) -> Set<UInt32> {
        var out = Set<UInt32>()
        for b in record.borrowers {
            if b.nonce == nonce {
                if slot != 0 && b.slot == UInt32(slot) { out.insert(b.nonce) }
            } else if XGetSelectionOwner(dpy, Atom(b.slot)) == Window(b.window) {
                out.insert(b.nonce)
            }
        }
        return out
    }

    /// Whether this process is registered.
    var isRegistered: Bool { slot != 0 }

    /// Registers this process in `record` (call it holding the lock, then write the record):
    /// takes the first slot selection nobody owns. False when every slot is taken.
    func register(in record: inout KeymapRecord, alive: Set<UInt32>) -> Bool {
        guard slot == 0 else { return true }
        if slotAtoms.isEmpty { slotAtoms = Self.internSlots(dpy) }
        if window == 0 {
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            window = XCreateWindow(dpy, root, -1, -1, 1, 1, 0, 0, UInt32(InputOnly), nil,
                                   UInt(CWOverrideRedirect), &attributes)
        }
        guard window != 0 else { return false }
        for atom in slotAtoms {
            let taken = record.borrowers.contains { $0.slot == UInt32(atom) && alive.contains($0.nonce) }
            guard !taken, XGetSelectionOwner(dpy, atom) == 0 else { continue }
            XSetSelectionOwner(dpy, atom, window, UInt(CurrentTime))
            guard XGetSelectionOwner(dpy, atom) == window else { continue }
            slot = atom
            record.borrowers.removeAll { $0.slot == UInt32(atom) || $0.nonce == nonce }
            record.borrowers.append(KeymapRecord.Borrower(slot: UInt32(atom), window: UInt32(window), pid: pid, nonce: nonce))
            return true
        }
        return false
    }

    /// Leaves `record` (call it holding the lock, then write the record) and gives up the slot.
    func unregister(in record: inout KeymapRecord) {
        record.borrowers.removeAll { $0.nonce == nonce }
        guard slot != 0 else { return }
        XSetSelectionOwner(dpy, slot, 0, UInt(CurrentTime))
        slot = 0
    }

    /// Ends the grab if it is held and destroys the slot window (the selection goes with it).
    func close() {
        release()
        if window != 0 { XDestroyWindow(dpy, window) }
        window = 0
        slot = 0
    }

    private static func internSlots(_ dpy: OpaquePointer) -> [Atom] {
        let names = (0..<slotCount).map { "_STACKBOARD_KEYMAP_S\($0)" }
        var cNames = names.map { strdup($0) }
        defer { cNames.forEach { free($0) } }
        var atoms = [Atom](repeating: 0, count: slotCount)
        let ok = cNames.withUnsafeMutableBufferPointer { buffer in
            XInternAtoms(dpy, buffer.baseAddress, Int32(slotCount), 0, &atoms)
        }
        return ok != 0 ? atoms.filter { $0 != 0 } : []
    }
}

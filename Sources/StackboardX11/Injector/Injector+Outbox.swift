import CX11
import StackboardCore
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// Keys asked for while a keymap change they need had to wait for the application to catch up.
struct DeferredSend {
    var keysyms: [UInt]
    var modifiers: Set<Modifier>
    var otherGroups: Bool
    /// The X input focus when they were asked for: they are typed into that window or nowhere.
    var focus: UInt = 0
}

/// Keys the injector did not type, and why: never typed late into another window.
public struct DroppedKeys: Equatable, Sendable {
    /// Why they were dropped.
    public enum Reason: Equatable, Sendable {
        /// Another window got the X input focus before they could go out.
        case focusMoved
        /// A click or tap elsewhere, or another field got the focus, before they could go out.
        case fieldLeft
        /// None could go out for `Injector.deferredLimitSeconds` past the time the application
        /// should have been ready.
        case tooLate
        /// Typing them failed.
        case failed(InjectorError)
    }
    /// How many texts (taps) were dropped.
    public var count: Int
    /// Why the last of them was.
    public var reason: Reason

    /// `count` texts dropped for `reason`.
    public init(count: Int, reason: Reason) {
        self.count = count
        self.reason = reason
    }

    /// One line for stderr and the bar's notice: a count and the reason, never the text.
    public var description: String {
        let what = count == 1 ? "1 key was not typed" : "\(count) keys were not typed"
        switch reason {
        case .focusMoved: return "\(what): another window got the focus before the application was ready for it"
        case .fieldLeft: return "\(what): the caret moved elsewhere before the application was ready for it"
        case .tooLate: return "\(what): it could not be sent for \(Int(Injector.deferredLimitSeconds)) s"
        case .failed(let error): return "\(what): \(error.description)"
        }
    }
}

extension Injector {
    /// How long a deferring injector waits for a pong before it defers keys (an application that
    /// keeps up answers well within it): s.
    static let quickPongSeconds = 0.05
    /// How long deferred keys wait for an application that takes none of them before they are
    /// dropped: s (one that takes them slowly gets them all, however long that takes).
    public static let deferredLimitSeconds = 5.0

    /// Sends the keys now, or (`defersWhenBusy`) queues them behind earlier deferred keys, or
    /// when they need a keymap change the application is not ready for; `expireIdle` sends
    /// them, in order, once it is.
    func send(_ keysyms: [UInt], modifiers: Set<Modifier>, otherGroups: Bool, holdLast: Bool) throws(InjectorError) {
        guard defersWhenBusy, !holdLast else {
            try sendNow(keysyms, modifiers: modifiers, otherGroups: otherGroups, holdLast: holdLast)
            return
        }
        var request = DeferredSend(keysyms: keysyms, modifiers: modifiers, otherGroups: otherGroups)
        if !outbox.isEmpty {
            enqueue(&request)
            return
        }
        if try needsChange(request), !isQuiet(now: clock()) {
            waitBriefly()
            if !isQuiet(now: clock()) {
                enqueue(&request)
                return
            }
        }
        try sendNow(keysyms, modifiers: modifiers, otherGroups: otherGroups, holdLast: false)
    }

    /// Whether typing `request` needs a keymap change (a character that is not in the map and
    /// not borrowed yet).
    func needsChange(_ request: DeferredSend) throws(InjectorError) -> Bool {
        drainOwnEvents()
        if recordChanged { try refreshShare() }
        if stale { try refresh() }
        guard let map else { return false }
        let state = lockState
        // One keysym (a key of the keyboard) without making a set first.
        let distinct = request.keysyms.count == 1 ? request.keysyms : Array(Set(request.keysyms))
        for keysym in distinct where borrowed.slot(for: keysym) == nil {
            if keymapPlan(for: keysym, in: map, state: state, otherGroups: request.otherGroups) == nil { return true }
        }
        return false
    }

    /// Asks for a pong and waits a moment for it (no longer than `quickPongSeconds`); for an
    /// application that does not answer pings, waits only if the pace is that close.
    func waitBriefly() {
        guard askForProof() else { return }
        let soon = clock() + Injector.quickPongSeconds
        if pingable {
            if let confirmed = barrier.wait(until: soon, clock: clock) { confirm(confirmed, at: clock()) }
        } else if quietTime <= soon {
            while clock() < quietTime { pause(until: quietTime) }
        }
    }

    /// Queues `request`, stamped with the input focus; the first one starts the outbox's clock.
    private func enqueue(_ request: inout DeferredSend) {
        request.focus = inputFocus()
        if outbox.isEmpty { outboxProgress = clock() }
        outbox.append(request)
    }

    /// The window that has the X input focus now (one round trip).
    func inputFocus() -> UInt {
        var focus: Window = 0
        var revert: Int32 = 0
        XGetInputFocus(display.raw, &focus, &revert)
        return UInt(focus)
    }

    /// Drops every deferred key: the field they were for is no longer the one typed into (a click
    /// elsewhere, another window). Counted for `takeDropped`.
    public func dropDeferred() {
        guard !outbox.isEmpty else { return }
        drop(outbox.count, .fieldLeft)
        outbox.removeAll()
    }

    /// What was dropped since the last call (nil: nothing).
    public func takeDropped() -> DroppedKeys? {
        defer { dropped = nil }
        return dropped
    }

    func drop(_ count: Int, _ reason: DroppedKeys.Reason) {
        dropped = DroppedKeys(count: (dropped?.count ?? 0) + count, reason: reason)
    }

    /// Drops the deferred keys that can no longer go where they were asked for: those of another
    /// focus than the one now, and all of them when none could go out for `deferredLimitSeconds`
    /// past the time a slow application would have been ready (a safety net: at that time the
    /// keymap may change, so the outbox moves on unless typing fails).
    private func dropStale() {
        guard !outbox.isEmpty else { return }
        if clock() - max(outboxProgress, quietTime) > Injector.deferredLimitSeconds {
            drop(outbox.count, .tooLate)
            outbox.removeAll()
            return
        }
        let focus = inputFocus()
        let stale = outbox.prefix { $0.focus != focus }
        guard !stale.isEmpty else { return }
        drop(stale.count, .focusMoved)
        outbox.removeFirst(stale.count)
    }

    /// Sends the deferred keys whose turn has come: all of them once the application has caught
    /// up, stopping (and asking for a pong) where one needs a keymap change it is not ready for.
    /// Keys for a window that no longer has the focus, or that waited too long, are dropped.
    func flushOutbox() {
        dropStale()
        while let next = outbox.first {
            let change = (try? needsChange(next)) ?? false
            if change, !isQuiet(now: clock()) {
                if !barrier.isWaiting, askedAt < lastKeyEpoch { askForProof() }
                return
            }
            outbox.removeFirst()
            outboxProgress = clock()
            do throws(InjectorError) {
                try sendNow(next.keysyms, modifiers: next.modifiers, otherGroups: next.otherGroups, holdLast: false)
            } catch {
                drop(1, .failed(error))
            }
        }
    }

    /// At shutdown: sends the deferred keys, waiting for the application until `limit`; what is
    /// left then is dropped.
    func flushOutbox(until limit: Double) {
        while !outbox.isEmpty, clock() < limit {
            flushOutbox()
            guard !outbox.isEmpty, waitUntilQuiet(limit: limit) else { break }
        }
        outbox.removeAll()
    }
}

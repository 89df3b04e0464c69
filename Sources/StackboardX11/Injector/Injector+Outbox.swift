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
}

extension Injector {
    /// How long a deferring injector waits for a pong before it defers keys (an application that
    /// keeps up answers well within it): s.
    static let quickPongSeconds = 0.05

    /// Sends the keys now, or (`defersWhenBusy`) queues them behind earlier deferred keys, or
    /// when they need a keymap change the application is not ready for; `expireIdle` sends
    /// them, in order, once it is.
    func send(_ keysyms: [UInt], modifiers: Set<Modifier>, otherGroups: Bool, holdLast: Bool) throws(InjectorError) {
        guard defersWhenBusy, !holdLast else {
            try sendNow(keysyms, modifiers: modifiers, otherGroups: otherGroups, holdLast: holdLast)
            return
        }
        let request = DeferredSend(keysyms: keysyms, modifiers: modifiers, otherGroups: otherGroups)
        if !outbox.isEmpty {
            outbox.append(request)
            return
        }
        if try needsChange(request), !isQuiet(now: clock()) {
            waitBriefly()
            if !isQuiet(now: clock()) {
                outbox.append(request)
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

    /// Sends the deferred keys whose turn has come: all of them once the application has caught
    /// up, stopping (and asking for a pong) where one needs a keymap change it is not ready for.
    func flushOutbox() {
        while let next = outbox.first {
            let change = (try? needsChange(next)) ?? false
            if change, !isQuiet(now: clock()) {
                if !barrier.isWaiting, askedAt < lastKeyEpoch { askForProof() }
                return
            }
            outbox.removeFirst()
            do throws(InjectorError) {
                try sendNow(next.keysyms, modifiers: next.modifiers, otherGroups: next.otherGroups, holdLast: false)
                deferredError = nil
            } catch {
                deferredError = error
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

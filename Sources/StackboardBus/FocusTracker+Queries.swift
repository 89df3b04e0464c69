import StackboardCore

/// The answers gathered for one focused accessible.
struct FocusQuery {
    let id: AccessibleID
    let number: Int
    var pending: Int
    var role: AccessibleRole?
    var states: AccessibleStates?
    var attributes: [String: String]?
    var extents: Rect?
    var caret: Rect?
    var pid: Int32?
    /// How many of the role and state questions are answered (or failed).
    var identityAnswers = 0
    /// Whether the caret was asked about (only once both are in, and only for a field).
    var caretAsked = false
    /// How many times this accessible was asked again because it answered nothing.
    var retries = 0

    /// Whether the application answered neither the role nor the states: GTK 4 sends a window's
    /// first focus event before its objects answer (UnknownMethod), and a click on the entry that
    /// has the focus already sends nothing more.
    var answeredNothing: Bool { role == nil && states == nil }

    /// Whether the role and states are in and say a field: only then is its Text interface asked
    /// (GTK logs a CRITICAL on the application's stderr for a Text question to a button).
    var wantsCaret: Bool {
        identityAnswers >= 2 && !caretAsked
            && FocusFacts(id: id, role: role ?? .invalid, states: states ?? []).isEditable
    }
}

extension FocusTracker {
    func handle(_ signal: BusSignal) {
        if let gone = Atspi.departedApplication(signal) {
            pids[gone] = nil
            if query?.id.busName == gone { query = nil }
            if current?.busName == gone { current = nil; currentFacts = nil }
            queue.append(.applicationGone(busName: gone))
            return
        }
        if let joined = Atspi.joinedApplication(signal) {
            if let c = a11y { findFocus(ofJoined: joined, on: c) }
            return
        }
        if Atspi.registryRestarted(signal) {
            if let c = a11y { try? registerEvents(on: c) }
            return
        }
        if let moved = Atspi.caretMoved(signal) {
            if moved == current, queue.last != .caretMoved(moved) { queue.append(.caretMoved(moved)) }
            return
        }
        guard let (id, gained) = Atspi.focusChange(signal) else { return }
        if gained {
            ask(about: id)
        } else {
            if query?.id == id { query = nil }
            if current == id { current = nil; currentFacts = nil }
            if askAgain?.id == id { askAgain = nil }
            queue.append(.unfocused(id))
        }
    }

    /// Asks the application about `id`, all questions at once. GTK sends two events per focus
    /// change: a repeat for the accessible asked about or reported already is dropped.
    func ask(about id: AccessibleID, retries: Int = 0) {
        guard let c = a11y, query?.id != id, current != id else { return }
        if let own = options.ownProcess, pids[id.busName] == own { return }
        current = nil
        currentFacts = nil
        askAgain = nil
        generation += 1
        let number = generation
        query = FocusQuery(id: id, number: number, pending: 0, pid: pids[id.busName], retries: retries)
        let t = options.queryTimeout
        func askApp(_ interface: String, _ member: String, _ args: [BusValue] = [], identity: Bool = false,
                    _ take: @escaping (inout FocusQuery, [BusValue]) -> Void) {
            query?.pending += 1
            do {
                try c.call(destination: id.busName, path: id.path, interface: interface, member: member,
                           arguments: args, timeout: t) { [weak self] reply in
                    self?.answer(number) { q in
                        if case .success(let v) = reply { take(&q, v) }
                        if identity { q.identityAnswers += 1 }
                    }
                }
            } catch {
                query?.pending -= 1
            }
        }
        askApp("org.a11y.atspi.Accessible", "GetRole", identity: true) { q, v in q.role = Atspi.role(v) }
        askApp("org.a11y.atspi.Accessible", "GetState", identity: true) { q, v in q.states = Atspi.states(v) }
        askApp("org.a11y.atspi.Accessible", "GetAttributes") { q, v in q.attributes = Atspi.attributes(v) }
        askApp("org.a11y.atspi.Component", "GetExtents", [Atspi.screenCoordinates]) { q, v in q.extents = Atspi.rect(v) }
        if pids[id.busName] == nil {
            query?.pending += 1
            do {
                try c.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                           interface: "org.freedesktop.DBus", member: "GetConnectionUnixProcessID",
                           arguments: [.string(id.busName)], timeout: t) { [weak self] reply in
                    self?.answer(number) { q in
                        if case .success(let v) = reply, let pid = v.first?.integer { q.pid = Int32(truncatingIfNeeded: pid) }
                    }
                }
            } catch {
                query?.pending -= 1
            }
        }
        finishIfDone()
    }

    /// CaretOffset, then the extents of the character there: two round trips, one pending answer.
    private func askCaret(of id: AccessibleID, number: Int, on c: BusConnection) {
        query?.pending += 1
        let t = options.queryTimeout
        do {
            try c.call(destination: id.busName, path: id.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                       arguments: [.string("org.a11y.atspi.Text"), .string("CaretOffset")], timeout: t) { [weak self, weak c] reply in
                guard let self, self.query?.number == number else { return }
                guard case .success(let v) = reply, let offset = Atspi.integer(v), offset >= 0, let c else {
                    return self.answer(number) { _ in }
                }
                do {
                    try c.call(destination: id.busName, path: id.path, interface: "org.a11y.atspi.Text",
                               member: "GetCharacterExtents",
                               arguments: [.int32(Int32(truncatingIfNeeded: offset)), Atspi.screenCoordinates],
                               timeout: t) { [weak self] reply in
                        self?.answer(number) { q in if case .success(let v) = reply { q.caret = Atspi.rect(v) } }
                    }
                } catch {
                    self.answer(number) { _ in }
                }
            }
        } catch {
            query?.pending -= 1
        }
    }

    /// One answer (or failure) for query `number`; stale answers are dropped.
    private func answer(_ number: Int, _ apply: (inout FocusQuery) -> Void) {
        guard var q = query, q.number == number else { return }
        apply(&q)
        q.pending -= 1
        query = q
        if q.wantsCaret, let c = a11y {
            query?.caretAsked = true
            askCaret(of: q.id, number: number, on: c)
        }
        finishIfDone()
    }

    private func finishIfDone() {
        guard let q = query, q.pending <= 0 else { return }
        query = nil
        if q.answeredNothing, q.retries < FocusTracker.askAgainLimit {
            askAgain = (q.id, lastService + FocusTracker.askAgainSeconds, q.retries + 1)
            return
        }
        if let pid = q.pid { pids[q.id.busName] = pid }
        if let own = options.ownProcess, q.pid == own { return }
        current = q.id
        let facts = FocusFacts(id: q.id, role: q.role ?? .invalid, states: q.states ?? [],
                               attributes: q.attributes ?? [:], pid: q.pid, extents: q.extents, caret: q.caret)
        currentFacts = facts
        queue.append(.focused(facts))
    }

    /// Reads up to `limit` characters before the caret of the focused field and gives them to
    /// `reply` (nil: no field can be seen: nothing focused on the bus, not an editable field, a
    /// password field or a terminal, or the application did not answer). A password field's text
    /// is never asked for. Two round trips (CaretOffset, then GetText), never waited for.
    public func readTextBeforeCaret(limit: Int, reply: @escaping (String?) -> Void) {
        guard let c = a11y, let facts = currentFacts, facts.isEditable, !facts.fieldKind.isSecure,
              facts.role != .terminal else { return reply(nil) }
        let id = facts.id
        let t = options.queryTimeout
        do {
            try c.call(destination: id.busName, path: id.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                       arguments: [.string("org.a11y.atspi.Text"), .string("CaretOffset")], timeout: t) { [weak self, weak c] answer in
                guard let self, let c, self.current == id, case .success(let v) = answer,
                      let caret = Atspi.integer(v), caret >= 0, caret <= Int64(Int32.max) else { return reply(nil) }
                let start = max(0, caret - Int64(max(0, limit)))
                do {
                    try c.call(destination: id.busName, path: id.path, interface: "org.a11y.atspi.Text", member: "GetText",
                               arguments: [.int32(Int32(start)), .int32(Int32(caret))], timeout: t) { [weak self] answer in
                        guard self?.current == id, case .success(let v) = answer, let text = v.first?.string else { return reply(nil) }
                        reply(text)
                    }
                } catch {
                    reply(nil)
                }
            }
        } catch {
            reply(nil)
        }
    }
}

import StackboardCore

/// The focus that was there before the tracker could hear of it. A field focused before the
/// keyboard started sends no focus event, so once the registry has confirmed the registrations
/// the tracker asks each application on the bus for its FOCUSED object (AT-SPI's Collection
/// interface, one question per application, as a screen reader finds the focus when it starts)
/// and asks about the first one found, unless a focus event came first.
///
/// An application that joins later sends nothing until the registry has told it who listens
/// (at-spi2-atk installs its event hooks only then, after Embed and GetRegisteredEvents), and a
/// window the window manager focuses as it maps (GTK gives its first entry the focus) can take
/// its focus before that: the event is never sent, and a tap on that entry changes nothing. So
/// for each application the registry announces, the tracker registers a probe event and, once
/// the registry has answered, asks that application for its focused object. The registry sends
/// every application the probe's EventListenerRegistered before its answer, so the application
/// reads it, and sends events from then on, before it reads the question: a focus taken earlier
/// is in the answer, a later one comes as an event. The probe is deregistered at once.
extension FocusTracker {
    /// Asks the registry for the applications, then each of them for its focused object.
    func findPresentFocus(on c: BusConnection) {
        let t = options.queryTimeout
        try? c.call(destination: Atspi.registry, path: Atspi.rootPath, interface: "org.a11y.atspi.Accessible",
                    member: "GetChildren", timeout: t) { [weak self, weak c] reply in
            guard let self, let c, case .success(let values) = reply else { return }
            for app in Atspi.references(values) where app.busName != c.uniqueName {
                try? c.call(destination: app.busName, path: Atspi.rootPath, interface: "org.a11y.atspi.Collection",
                            member: "GetMatches", arguments: Atspi.focusedMatch, timeout: t) { [weak self] reply in
                    guard let self, case .success(let values) = reply, let found = Atspi.references(values).first,
                          self.current == nil, self.query == nil else { return }
                    self.ask(about: found)
                }
            }
        }
    }

    /// Registers and deregisters the probe, then asks the application `app`, which the registry
    /// has just announced, for its focused object; asks about it unless a focus came meanwhile or
    /// the focus followed is already one of `app`'s: its events come, so there is nothing to catch
    /// up on, and the first FOCUSED object of its tree could only repeat them or, where that is
    /// not the field, contradict them.
    func findFocus(ofJoined app: String, on c: BusConnection) {
        guard app != c.uniqueName else { return }
        let t = options.queryTimeout
        // Answered or refused (a registry without the probe's signature): the question goes anyway.
        try? c.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry, member: "RegisterEvent",
                    arguments: [.string(Atspi.probeEvent), .strings([]), .string("")], timeout: t) { [weak self, weak c] _ in
            guard let self, let c else { return }
            try? c.call(destination: Atspi.registry, path: Atspi.registryPath, interface: Atspi.registry,
                        member: "DeregisterEvent", arguments: [.string(Atspi.probeEvent)], timeout: t) { _ in }
            let asked = self.generation
            try? c.call(destination: app, path: Atspi.rootPath, interface: "org.a11y.atspi.Collection",
                        member: "GetMatches", arguments: Atspi.focusedMatch, timeout: t) { [weak self] reply in
                guard let self, case .success(let values) = reply, let found = Atspi.references(values).first,
                      self.generation == asked, self.current?.busName != app, self.query?.id.busName != app else { return }
                self.ask(about: found)
            }
        }
    }
}

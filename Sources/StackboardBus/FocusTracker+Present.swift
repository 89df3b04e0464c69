import StackboardCore

/// The focus that was there before the tracker listened: a field focused before the keyboard
/// started sends no focus event, so once the registry has confirmed the registrations the
/// tracker asks each application on the bus for its FOCUSED object (AT-SPI's Collection
/// interface, one question per application, as a screen reader finds the focus when it starts)
/// and asks about the first one found, unless a focus event came first.
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
}

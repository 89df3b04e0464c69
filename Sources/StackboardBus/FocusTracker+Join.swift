/// The password watch's way onto the accessibility bus (`Options.startsBus` false): it never
/// starts the bus. It watches the session bus for the launcher's name first, then asks for the
/// address without auto-start; a launcher that is not running is awaited (no deadline, no retry),
/// and the first application that starts it (every GTK application does) brings the tracker on.
extension FocusTracker {
    /// Watches for the launcher on `s`, then asks where the bus is.
    func join(_ s: BusConnection, now: Double) {
        do {
            launcherWatch = try s.subscribe(Atspi.launcherOwnerRule) { [weak self, weak s] signal in
                guard Atspi.launcherStarted(signal), let self, let s, self.a11y == nil else { return }
                self.sessionQuestions += 1
                do { try self.askAddress(s, now: now) } catch { self.sessionAnswered() }
            }
            sessionQuestions = 1
            try askAddress(s, now: now)
        } catch {
            launcherWatch = nil
            session = nil
            fail(error.description, now: now)
        }
    }
}

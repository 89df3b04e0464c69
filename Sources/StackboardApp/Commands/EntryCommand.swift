/// `stackboard entry`: a text field above a keypad, for scripts and host applications.
enum EntryCommand {
    static let command = Command(name: "entry", summary: "ask for a text with a keypad and print it (scripts, XEmbed hosts)") { words in
        let options: EntryOptions
        switch CommandConfig.options(EntryOptions.self, from: words, for: .entry) {
        case .success(let (given, _)): options = given
        case .failure(let status): return status.code
        }
        switch EntryApp.make(options: options) {
        case .success(let made):
            // The window (and its back buffer's pixmap) must go while the display is still open:
            // the order in which Swift releases an object's properties is not defined.
            let connection = made.shell.connection
            var app: EntryApp? = made
            let status = app?.run() ?? 1
            app = nil
            withExtendedLifetime(connection) {}
            return status
        case .failure(let status):
            return status.code
        }
    }
}

import StackboardCore
import StackboardSystem

/// `stackboard entry`: a text field above a keypad, for scripts and host applications.
enum EntryCommand {
    static let command = Command(name: "entry", summary: "ask for a text with a keypad and print it (scripts, XEmbed hosts)") { words in
        let file = CommandConfig(for: .entry, environment: FileSystem.environment())
        let options: EntryOptions
        do throws(UsageError) { options = try EntryOptions(words, config: file.config, configFile: file.file) } catch { return fail(error) }
        if options.help {
            print(EntryOptions.helpText)
            return 0
        }
        // The same lines as the keyboard's, for the settings entry mode uses.
        for problem in file.problems + options.configProblems {
            printError("stackboard: \(problem.description)")
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

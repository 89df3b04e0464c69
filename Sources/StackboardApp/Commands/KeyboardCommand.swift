import StackboardCore
import StackboardSystem

/// `stackboard keyboard` (also what `stackboard` with no command runs): the on-screen keyboard.
enum KeyboardCommand {
    static let command = Command(name: "keyboard", summary: "open the on-screen keyboard (the default)") { words in
        let file = CommandConfig(for: .keyboard, environment: FileSystem.environment())
        let options: KeyboardOptions
        do throws(UsageError) { options = try KeyboardOptions(words, config: file.config, configFile: file.file) } catch { return fail(error) }
        if options.help {
            print(KeyboardOptions.helpText)
            return 0
        }
        // A bad setting never stops the keyboard: it may be someone's only one.
        for problem in file.problems + options.configProblems { printError("stackboard: \(problem.description)") }
        switch KeyboardApp.make(options: options, configFile: file.file) {
        case .success(let app): return app.run()
        case .failure(let status): return status.code
        }
    }
}

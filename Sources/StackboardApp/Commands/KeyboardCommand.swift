/// `stackboard keyboard` (also what `stackboard` with no command runs): the on-screen keyboard.
enum KeyboardCommand {
    static let command = Command(name: "keyboard", summary: "open the on-screen keyboard (the default)") { words in
        let options: KeyboardOptions
        do throws(UsageError) { options = try KeyboardOptions(words) } catch { return fail(error) }
        if options.help {
            print(KeyboardOptions.helpText)
            return 0
        }
        switch KeyboardApp.make(options: options) {
        case .success(let app): return app.run()
        case .failure(let status): return status.code
        }
    }
}

/// `stackboard keyboard` (also what `stackboard` with no command runs): the on-screen keyboard.
enum KeyboardCommand {
    static let command = Command(name: "keyboard", summary: "open the on-screen keyboard (the default)") { words in
        let options: KeyboardOptions, file: CommandConfig
        switch CommandConfig.options(KeyboardOptions.self, from: words, for: .keyboard) {
        case .success(let given): (options, file) = given
        case .failure(let status): return status.code
        }
        switch KeyboardApp.make(options: options, configFile: file.file) {
        case .success(let app): return app.run()
        case .failure(let status): return status.code
        }
    }
}

/// `stackboard entry`: a text field above a keypad, for scripts and host applications.
enum EntryCommand {
    static let command = Command(name: "entry", summary: "ask for a text with a keypad and print it (scripts, XEmbed hosts)") { words in
        let options: EntryOptions
        do throws(UsageError) { options = try EntryOptions(words) } catch { return fail(error) }
        if options.help {
            print(EntryOptions.helpText)
            return 0
        }
        switch EntryApp.make(options: options) {
        case .success(let app): return app.run()
        case .failure(let status): return status.code
        }
    }
}

import StackboardCore

extension Command {
    /// A command of the settings table: its words are parsed as `name`'s options, `--help`
    /// prints `help`, and a usage error (of the parse, or thrown by `body`) prints its message
    /// and exits 2; otherwise `body` runs with the parsed arguments and returns the exit status.
    init(_ name: CommandName, summary: String, help: @autoclosure @escaping @Sendable () -> String,
         _ body: @escaping @Sendable (Arguments) throws(UsageError) -> Int32) {
        self.init(name: name.rawValue, summary: summary) { words in
            do throws(UsageError) {
                let arguments = try Arguments(words, command: name)
                if arguments.help {
                    print(help())
                    return 0
                }
                return try body(arguments)
            } catch {
                return fail(error)
            }
        }
    }
}

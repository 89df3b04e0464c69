import StackboardCore
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// A subcommand of `stackboard`: its name, one line of help, and what it runs.
public struct Command: Sendable {
    /// The word after `stackboard`.
    public var name: String
    /// One line for `--help`.
    public var summary: String
    /// Runs the command with the words after its name; returns the exit status.
    public var run: @Sendable ([String]) -> Int32
}

/// Entry point of the `stackboard` executable.
public enum StackboardMain {
    /// Every subcommand, in the order `--help` lists them.
    static let commands: [Command] = CommandRegistry.all

    /// Runs `stackboard` with `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            return CommandRegistry.defaultCommand.run([])
        }
        switch first {
        case "--help", "-h", "help":
            print(helpText())
            return 0
        case "--version":
            print("stackboard \(stackboardVersion)")
            return 0
        default:
            if let command = commands.first(where: { $0.name == first }) {
                return command.run(Array(arguments.dropFirst()))
            }
            if first.hasPrefix("-") {
                return CommandRegistry.defaultCommand.run(arguments)
            }
            let names = Set(commands.map(\.name))
            if let guess = Arguments.closest(to: first, in: names) {
                return fail(UsageError("Unknown command '\(first)'. Did you mean '\(guess)'?"))
            }
            return fail(UsageError("Unknown command '\(first)'. Run 'stackboard --help' for the commands."))
        }
    }

    /// The text of `stackboard --help`.
    static func helpText() -> String {
        var lines = [
            "stackboard \(stackboardVersion): an on-screen keyboard for X11",
            "",
            "Usage: stackboard [COMMAND] [OPTIONS]",
            "",
            "Commands:",
        ]
        let width = (commands.map(\.name.count).max() ?? 8) + 2
        for c in commands {
            lines.append("  " + c.name + String(repeating: " ", count: max(1, width - c.name.count)) + c.summary)
        }
        lines += [
            "",
            "With no command, stackboard opens the keyboard (see 'stackboard keyboard --help').",
            "  --help       this text",
            "  --version    the version",
            "",
            "'stackboard COMMAND --help' describes a command's options.",
        ]
        return lines.joined(separator: "\n")
    }
}

/// Prints a usage error to stderr and returns exit status 2.
public func fail(_ error: UsageError) -> Int32 {
    printError("stackboard: \(error.message)")
    return 2
}

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

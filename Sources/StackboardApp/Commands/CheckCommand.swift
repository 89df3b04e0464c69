import StackboardCore
import StackboardSystem
/// `stackboard check FILE...`: validates layout files with the loader the keyboard uses.
enum CheckCommand {
    static let command = Command(.check, summary: "validate layout files (FILE... or - for stdin)", help: help, run)

    static let help = """
        Usage: stackboard check FILE...

        Loads each layout file with the same loader the keyboard uses and prints 'FILE: ok', or
        the error (file, line and column, JSON path, what was found and what is expected) on
        stderr. '-' reads a layout from standard input. The format is described in docs/layouts.md.
        A layout that is not a file is checked by name: an XKB layout (xkb:de, xkb:fr(bepo)) is
        compiled and built as the keyboard would, and 'emoji' builds the emoji panel.

        Exit status: 0 when every file is valid, 1 when any is not, 2 on usage errors.
        """

    static func run(_ arguments: Arguments) throws(UsageError) -> Int32 {
        guard !arguments.positional.isEmpty else {
            throw UsageError("'stackboard check' needs at least one layout file, for example 'stackboard check my-layout.json'.")
        }
        var allValid = true
        for file in arguments.positional {
            do {
                _ = try load(file)
                print("\(file): ok")
            } catch {
                allValid = false
                printError(error.description)
            }
        }
        return allValid ? 0 : 1
    }

    /// Loads `file`, standard input for `-`, or a layout that is not a file by name (`xkb:de`,
    /// `emoji`) when no file has that name.
    static func load(_ file: String) throws(LayoutError) -> Layout {
        let catalog = LayoutCatalog.stackboard()
        if file != "-", catalog.provider(for: file) != nil, FileSystem.kind(file) == .missing {
            return try catalog.load(file)
        }
        guard file == "-" else { return try LayoutLoader.load(file: file, files: SystemFiles()) }
        guard let bytes = FileInput.read("-", limit: LayoutLoader.maxFileSize) else {
            throw LayoutError(file: "<stdin>", message: "cannot read standard input, or it is larger than the \(LayoutLoader.maxFileSize >> 20) MiB a layout may be")
        }
        return try LayoutLoader.load(data: bytes, file: "<stdin>")
    }
}

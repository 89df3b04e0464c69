import StackboardSystem

/// Writes one line to stderr in the user's language: every message of the keyboard and its
/// commands goes out through here (this module's `printError` comes before StackboardSystem's),
/// and `Localization.message` translates it where the catalogs have it, whole or by a template
/// with places (`cannot type: %s`). `stackboard: ` in front stays as it is.
func printError(_ line: String) {
    StackboardSystem.printError(Localization.message(line))
}

import StackboardCore

extension KeyboardOptions {
    /// The text of `stackboard keyboard --help` (the options from the settings table).
    static let helpText = """
    Usage: stackboard [keyboard] [OPTIONS]

    Opens the on-screen keyboard on $DISPLAY. It never takes the focus: taps go to the
    application that has it. One keyboard per display: when one is running already, this
    shows it (switched to --layout if given; left as it is with --hidden) and exits 0.

    Options:
    \(SettingsHelp.options(for: .keyboard))

    Settings come from $XDG_CONFIG_HOME/stackboard/config.json (see stackboard(1)); options
    given here override it. A bad setting there is reported on stderr and left at its default.

    Signals: SIGTERM, SIGINT and SIGHUP release everything and exit with status 0;
    SIGUSR1 hides the keyboard (releasing latched modifiers), SIGUSR2 shows it again.
    Exit status: 0 on a requested stop (or when a running keyboard was told to show), 1 when
    the X server goes away, 2 for bad options, a layout that cannot be loaded, or when no
    display can be opened.
    """
}

import StackboardRender
import StackboardSound

extension KeyboardOptions {
    /// The text of `stackboard keyboard --help`.
    static let helpText = """
    Usage: stackboard [keyboard] [OPTIONS]

    Opens the on-screen keyboard on $DISPLAY. It never takes the focus: taps go to the
    application that has it. One keyboard per display: when one is running already, this
    shows it (switched to --layout if given; left as it is with --hidden) and exits 0.

      --layout NAME|FILE    the layout to show (default: qwerty; 'stackboard layouts' lists them;
                            also xkb:LAYOUT such as xkb:de, and emoji)
      --layouts A,B,C       the layouts the next-layout key cycles through
      --geometry WxH+X+Y    size and position (X geometry; -X and -Y count from the right
                            and bottom edges); default: full width, a third of the screen
                            height, along the bottom
      --dock bottom|top|none
                            a dock window on that edge that reserves its space (struts), so
                            maximized windows end next to it; none: floating (the default)
      --theme NAME          \(Theme.allNames.joined(separator: ", ")) (default: the layout's choice, or light)
      --scale F             size factor from 0.25 to 4 (default 1)
      --hidden              start hidden ('stackboard show', 'stackboard toggle' or SIGUSR2 show it)
      --repeat-delay MS     hold a repeating key (backspace, arrows) this long before it repeats
                            (100 to 5000, default 500)
      --repeat-interval MS  time between repeats (10 to 2000, default 50)
      --long-press MS       hold a key this long to open its alternates (100 to 5000, default 500)
      --dwell MS            type a key when the pointer rests on it MS milliseconds (100 to
                            10000; for head pointers and eye trackers), no click needed
      --scan                switch scanning: rows, then the keys of the chosen row, are
                            highlighted in turn; the switch picks (any --scan-* option turns it on)
      --scan-interval MS    how long each row or key stays highlighted (200 to 10000, default \(defaultScanInterval))
      --scan-loops N        passes without a press before scanning pauses (rows) or goes back
                            to the rows (keys); 1 to 20, default \(defaultScanLoops)
      --scan-switch SWITCH  button1 to button9 (a mouse button pressed on the keyboard; that
                            button then no longer taps keys) or an X keysym name such as F12
                            (a key of a physical keyboard, grabbed from every application
                            while the keyboard runs); default \(defaultScanSwitch)
      --no-sound            no key clicks
      --volume 0-100        click volume (default \(SoundOptions.defaultVolume))
      --sound-device PCM    the ALSA device for clicks (default: default)
      --print               also write each typed key to stdout, one line per key: the text
                            of a character key, <Name> for other keys (<Return>, <BackSpace>),
                            <ctrl+c> with latched modifiers

    Settings come from $XDG_CONFIG_HOME/stackboard/config.json (see stackboard(1)); options
    given here override it. A bad setting there is reported on stderr and left at its default.

    Signals: SIGTERM, SIGINT and SIGHUP release everything and exit with status 0;
    SIGUSR1 hides the keyboard (releasing latched modifiers), SIGUSR2 shows it again.
    Exit status: 0 on a requested stop (or when a running keyboard was told to show), 1 when
    the X server goes away, 2 for bad options, a layout that cannot be loaded, or when no
    display can be opened.
    """
}

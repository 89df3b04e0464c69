/// Every setting of `stackboard`, by name: the rows of the settings table. What each one is
/// (option, configuration key, kind, range, default, help, commands) is its `spec`, in
/// SettingsTable.swift; that file's doc comment says how to add one.
public enum Setting: String, CaseIterable, Hashable, Sendable {
    /// `--layout`, `layout`: the keyboard's first layout (also render's and keys' layout).
    case layout
    /// `--layout` of `stackboard entry`: the keypad.
    case keypad
    /// `--layouts`, `layouts`: the layouts next-layout cycles through.
    case layouts
    /// `--languages`, `languages`: the keyboard's languages, with a language key to switch.
    case languages
    /// `--prompt`: shown before the entry field's text.
    case prompt
    /// `--initial`: the entry field's text at start.
    case initial
    /// `--secure`: a masked entry field.
    case secure
    /// `--max-length`: the entry field's length limit.
    case maxLength
    /// `--allow`: the characters the entry field accepts.
    case allow
    /// `--no-shuffle`: a PIN pad's digits in order.
    case noShuffle
    /// `--events`: entry mode's JSON lines.
    case events
    /// `--xid`: entry mode as an XEmbed plug.
    case xid
    /// `--no-field`: the keypad without the field.
    case noField
    /// `--output`: render's PNG file.
    case output
    /// `--size`: a window or image size.
    case size
    /// `--layer`: the layer to paint or list.
    case layer
    /// `--entry` of render and keys: the entry window.
    case entryWindow
    /// `--shuffle`: render a PIN pad's digits dealt at random.
    case shuffle
    /// `--suggestions`, `suggestions`: the suggestion bar's slots (0: no bar).
    case suggestions
    /// `--suggest`: word suggestions where they are off by default (entry mode, a plug).
    case suggest
    /// `--language`, `language`: the word suggestions' language (else the layout's, else `en`).
    case language
    /// `--no-learn`, `learn`: whether the suggestions learn the words typed.
    case learn
    /// `--learn-everywhere`, `learn-everywhere`: learn also where no field can be seen.
    case learnEverywhere
    /// `--no-autocorrect`, `autocorrect`: whether words may be corrected at all.
    case autocorrect
    /// `--no-autocorrect-in`, `no-autocorrect-in`: languages whose words are never corrected.
    case noAutocorrectIn
    /// `--no-autocapitalize`, `autocapitalize`: whether the shift latches by itself at a sentence start.
    case autocapitalize
    /// `--no-double-space-period`, `double-space-period`: whether a second space makes ". ".
    case doubleSpacePeriod
    /// `--json` of `stackboard words evaluate`.
    case json
    /// `--noise` of `stackboard words evaluate`: taps scattered by a Gaussian of this σ (key widths).
    case noise
    /// `--typed` of render: the suggestion bar as it is after typing this text.
    case typed
    /// `--geometry`, `geometry`: the keyboard window's size and place.
    case geometry
    /// `--dock`, `dock`: a dock window on an edge.
    case dock
    /// `--monitor`, `monitor`: the monitor the keyboard lives on.
    case monitor
    /// `--theme`, `theme`: the colours.
    case theme
    /// `--scale`, `scale`: the size factor.
    case scale
    /// `--hidden`, `hidden`: start hidden.
    case hidden
    /// `--auto-show`, `auto-show`: show and hide with the focus of text fields (AT-SPI).
    case autoShow
    /// `--hide-on-physical-keys`, `hide-on-physical-keys`: a real keyboard's key hides it.
    case hideOnPhysicalKeys
    /// `--summon-button`, `summon-button`: a small round button that shows the hidden keyboard.
    case summonButton
    /// `--tray`, `tray`: an icon in the desktop's panel (StatusNotifierItem, else XEmbed).
    case tray
    /// `--settings`, `settings`: the settings panel (⚙) offered, or locked away (a kiosk).
    case settingsPanel
    /// `settings-pin`: the PIN the settings panel asks for before it opens.
    case settingsPin
    /// `--no-key-preview`, `key-preview`: the pressed key's label enlarged above it.
    case keyPreview
    /// `--no-swipe`, `swipe`: sliding across letters types a word.
    case swipe
    /// `--no-hints`, `hints`: a key's first long-press alternate shown small in its corner.
    case hints
    /// `--number-row`, `number-row`: a row of digits above the letters.
    case numberRow
    /// `--no-trackpad`, `trackpad`: a long press on space makes it a trackpad that moves the caret.
    case trackpad
    /// `--repeat-delay`, `repeat.delay`.
    case repeatDelay
    /// `--repeat-interval`, `repeat.interval`.
    case repeatInterval
    /// `--long-press`, `longPress`.
    case longPress
    /// `--dwell`, `dwell`.
    case dwell
    /// `--dwell-click`, `dwellClick`: the pointer resting outside the keyboard clicks there.
    case dwellClick
    /// `--scan`, `scan.enabled`: switch scanning on (or off in the file).
    case scan
    /// `--scan-interval`, `scan.interval`.
    case scanInterval
    /// `--scan-loops`, `scan.loops`.
    case scanLoops
    /// `--scan-switch`, `scan.switch`.
    case scanSwitch
    /// `--scan-mode`, `scan.mode`: how the switches scan (auto, step, inverse, directed).
    case scanMode
    /// `--scan-pattern`, `scan.pattern`: how keys are grouped for scanning.
    case scanPattern
    /// `--scan-first-extra`, `scan.firstExtra`: extra time on the first item of a group.
    case scanFirstExtra
    /// `--scan-acceptance`, `scan.acceptance`: how long a switch is held before it counts.
    case scanAcceptance
    /// `--scan-post-acceptance`, `scan.postAcceptance`: presses ignored after one counted.
    case scanPostAcceptance
    /// `--scan-device`, `scan.device`: an input device whose buttons and keys are scan switches.
    case scanDevice
    /// `--speak`, `speech.enabled`: each highlighted item of the scan is spoken.
    case speak
    /// `--speech-rate`, `speech.rate`: the voice's speed in percent of its usual.
    case speechRate
    /// `--speech-volume`, `speech.volume`.
    case speechVolume
    /// `--speak-command`, `speech.command`: a command that says the text instead of the engine.
    case speakCommand
    /// `--no-sound`, `sound.enabled`: key clicks on or off.
    case sound
    /// `--volume`, `sound.volume`.
    case volume
    /// `--sound-device`, `sound.device`.
    case soundDevice
    /// `--device` of sound-check: the same as `--sound-device`.
    case device
    /// `--count` of sound-check.
    case count
    /// `--kind` of sound-check: which click.
    case clickKind
    /// `--interval` of sound-check: the pause after each click.
    case clickInterval
    /// `--burst` of sound-check.
    case burst
    /// `--samples` of sound-check: the click samples' folder.
    case samples
    /// `--print`: typed keys on stdout.
    case print
    /// `--file` of type.
    case file
    /// `--key` of type.
    case key
    /// `--modifiers` of type.
    case modifiers
    /// `--delay` of type: between characters.
    case typeDelay
    /// `--keep-ms` of type.
    case keepMs
    /// `--slow-app-ms` of type: the pace of an application that does not answer pings.
    case slowAppMs
    /// `--restore-keymap` of type: only restore what processes that are gone left borrowed.
    case restoreKeymap
    /// `--display`: the X display of type and the control commands.
    case display
    /// `--hold-ms` of type (a test aid).
    case holdMs
    /// `--layout` of status: print the layout instead of the state.
    case statusLayout
    /// `--monitor` of status: print the keyboard's monitor instead of the state.
    case statusMonitor
    /// `--geometry` of status: print the keyboard window's geometry instead of the state.
    case statusGeometry
    /// `--scan` of status: print what switch scanning highlights instead of the state.
    case statusScan
    /// `--paths` of layouts.
    case paths
    /// `--xkb` of layouts: list the XKB layouts instead.
    case xkbLayouts

    /// The settings `command` accepts, in table order.
    public static func accepted(by command: CommandName) -> [Setting] {
        allCases.filter { $0.spec.commands.contains(command) }
    }

    /// The setting `command` takes as `--flag` (without dashes), if any.
    public static func option(_ flag: String, of command: CommandName) -> Setting? {
        allCases.first { $0.spec.flag == flag && $0.spec.commands.contains(command) }
    }

    /// The setting written as `key` in the configuration file, if any.
    public static func configKey(_ key: String) -> Setting? {
        allCases.first { $0.spec.key == key }
    }

    /// Every configuration key, in table order.
    public static var configKeys: [String] { allCases.compactMap(\.spec.key) }
}

/// The settings table: every option of every command and every key of `config.json`, with its
/// kind (and so its range), default, unit, help line and the commands that take it. The
/// command-line parser (`Arguments`), the configuration loader (`ConfigLoader`), every
/// command's `--help` and the man page test all read it, so a setting is written once.
///
/// Ranges, one per setting: scale 0.25 to 4; dwell and dwell-click 0 (off) or 100 to 10000 ms; sizes 1 to
/// 16384 pixels a side; the rest as listed below.
///
/// To add a setting (say `suggestions`):
/// 1. add `case suggestions` to `Setting` (Setting.swift) with a doc comment;
/// 2. add its row here (the compiler asks for it), for example
///    `case .suggestions: SettingSpec(flag: "suggestions", key: "suggestions", .bool,
///     default: .bool(true), "show word suggestions above the keys", for: [.keyboard])`.
///    A `.bool` row is a flag that sets `flagSets` (use `flag: "no-suggestions", flagSets: false`
///    for a setting that is on by default); `key: "group.name"` nests it in the file;
/// 3. read it where it is used: `values.bool(.suggestions)` in `KeyboardOptions` (or
///    `int`, `double`, `string`, `names`, `geometry`, `size`, `given` of `SettingValues`);
/// 4. describe it in docs/stackboard.1 (`PackageDocsTests` holds the man page to this table).
/// The command line, the configuration file, `--help`, did-you-mean and the tests that walk
/// the table (`SettingsAgreementTests`) then cover it with nothing more to write.
extension Setting {
    /// This setting's row.
    public var spec: SettingSpec {
        switch self {
        case .layout:
            SettingSpec(flag: "layout", key: "layout", .name, default: .string("qwerty"), placeholder: "NAME|FILE",
                        example: "qwerty", "the layout: a name ('stackboard layouts' lists them), a file, an XKB layout (xkb:de, "
                        + "'xkb:fr(bepo)'; xkb: the display's own) or emoji",
                        for: [.keyboard, .render, .keys, .words, .scan])
        case .keypad:
            SettingSpec(flag: "layout", .name, defaultText: "numeric with --allow digits, decimal with --allow decimal, else qwerty",
                        placeholder: "NAME|FILE", example: "pin", "the keypad; its entry preset (pin: secure, 6 digits) applies "
                        + "unless the options say otherwise", for: [.entry])
        case .layouts:
            SettingSpec(flag: "layouts", key: "layouts", .names(choices: nil), example: "qwerty,numeric",
                        "the layouts the next-layout key cycles through; the first is shown at start", for: [.keyboard])
        case .languages:
            SettingSpec(flag: "languages", key: "languages", .names(choices: nil), example: "xkb:us,xkb:ru",
                        "the keyboard's languages (layouts, usually xkb: ones): a 🌐 key before space shows the next one, a long "
                        + "press lists them; the display's XKB group is never changed", for: [.keyboard, .render, .keys])
        case .prompt:
            SettingSpec(flag: "prompt", .text, "shown before the text, and the window's title", for: [.entry, .render])
        case .initial:
            SettingSpec(flag: "initial", .text, "the field's text at start; it must fit the rules", for: [.entry, .render])
        case .secure:
            SettingSpec(flag: "secure", .bool, "show dots, never output the text except the result", for: [.entry, .render])
        case .maxLength:
            SettingSpec(flag: "max-length", .int(1...100_000), "at most N characters", for: [.entry])
        case .allow:
            SettingSpec(flag: "allow", .text, placeholder: "RULE", example: "digits", "digits, decimal (digits and the locale's "
                        + "separator, once), characters such as 0123456789ABCDEF, or /REGEX/ for each character", for: [.entry])
        case .noShuffle:
            SettingSpec(flag: "no-shuffle", .bool, "a PIN pad's digits in order; they are shuffled each time otherwise", for: [.entry])
        case .events:
            SettingSpec(flag: "events", .bool, "write one JSON object per line on stdout for every change", for: [.entry])
        case .xid:
            SettingSpec(flag: "xid", .bool, "become an XEmbed plug: print the window id first, wait for an embedder",
                        for: [.keyboard, .entry])
        case .noField:
            SettingSpec(flag: "no-field", .bool, "the keypad alone, without the text field, with --xid or --events",
                        for: [.entry])
        case .output:
            SettingSpec(flag: "output", .name, placeholder: "FILE.png", example: "keyboard.png",
                        "the PNG file to write (needed)", for: [.render])
        case .size:
            SettingSpec(flag: "size", .size(max: 16384), commandDefaults: [.render: .size(Size(width: 1280, height: 400)),
                                                                          .words: .size(Size(width: 1280, height: 400))],
                        notes: [.entry: "360x480 for pads, 960x400 for keyboards, times --scale", .keys: "none, it is needed"],
                        "the window's size in pixels", for: [.entry, .render, .keys, .words])
        case .layer:
            SettingSpec(flag: "layer", .name, defaultText: "the first", example: "letters", "the layer", for: [.render, .keys])
        case .entryWindow:
            SettingSpec(flag: "entry", .bool, "the entry window: the text field above the keypad", for: [.render, .keys])
        case .shuffle:
            SettingSpec(flag: "shuffle", .bool, "deal a PIN pad's digits at random; they are in order otherwise", for: [.render])
        case .suggestions:
            SettingSpec(flag: "suggestions", key: "suggestions", .int(1...9, off: 0), default: .int(3), example: "3",
                        "words shown in the suggestion bar of the typing layouts; 0: no bar",
                        for: [.keyboard, .render, .keys, .words, .scan])
        case .language:
            SettingSpec(flag: "language", key: "language", .name, defaultText: "the layout's, else en", example: "de",
                        "the language of the word suggestions: a language code with a word model ('stackboard words languages')",
                        for: [.keyboard, .entry, .words, .render, .scan])
        case .learn:
            SettingSpec(flag: "no-learn", key: "learn", .bool, default: .bool(true), flagSets: false,
                        "learn nothing from what is typed (never learned anyway: passwords, entry --secure, a plug)",
                        for: [.keyboard, .entry, .words])
        case .learnEverywhere:
            SettingSpec(flag: "learn-everywhere", key: "learn-everywhere", .bool, default: .bool(false),
                        "learn also what is typed into windows whose fields the keyboard cannot see (not on the "
                        + "accessibility bus: xterm, a plain Xlib application), where a password field cannot be told",
                        for: [.keyboard])
        case .autocorrect:
            SettingSpec(flag: "no-autocorrect", key: "autocorrect", .bool, default: .bool(true), flagSets: false,
                        "correct no word (otherwise a clear typo is corrected as its word ends; never in a password, terminal, "
                        + "e-mail, web address or number field)", for: [.keyboard, .entry])
        case .noAutocorrectIn:
            SettingSpec(flag: "no-autocorrect-in", key: "no-autocorrect-in", .names(choices: nil), example: "de,ru",
                        "languages whose words are never corrected (the others are, unless --no-autocorrect)",
                        for: [.keyboard, .entry])
        case .autocapitalize:
            SettingSpec(flag: "no-autocapitalize", key: "autocapitalize", .bool, default: .bool(true), flagSets: false,
                        "no capital by itself (otherwise the shift latches at a sentence's start and English 'i' becomes "
                        + "'I'; never in a password, e-mail or web address field)", for: [.keyboard])
        case .doubleSpacePeriod:
            SettingSpec(flag: "no-double-space-period", key: "double-space-period", .bool, default: .bool(true),
                        flagSets: false, "two spaces stay two spaces (otherwise a second space right after a word and "
                        + "the space the keyboard typed makes '. ')", for: [.keyboard])
        case .typed:
            SettingSpec(flag: "typed", .text, example: "hel", "paint the suggestion bar as it is after typing TEXT "
                        + "(the shipped word model of --language, else English; nothing is learned)", for: [.render])
        case .json:
            SettingSpec(flag: "json", .bool, "evaluate: one JSON object instead of text", for: [.words, .scan])
        case .noise:
            SettingSpec(flag: "noise", .double(0...2), default: .double(0), example: "0.25",
                        "evaluate: tap each letter off its key's centre by a Gaussian of SIGMA key widths (seeded), "
                        + "correct the words and count the errors", for: [.words])
        case .suggest:
            SettingSpec(flag: "suggest", .bool, "word suggestions where they are off by default: above the keypad of "
                        + "'stackboard entry' (a qwerty keypad), and in a plug (--xid), which otherwise suggests and learns nothing",
                        for: [.keyboard, .entry])
        case .geometry:
            SettingSpec(flag: "geometry", key: "geometry", .geometry,
                        defaultText: "the monitor's full width, a third of its height, along the bottom",
                        "size and position, an X geometry whose -X and -Y count from the right and bottom edges of the monitor",
                        for: [.keyboard])
        case .dock:
            SettingSpec(flag: "dock", key: "dock", .choice(["bottom", "top", "none"]), default: .string("none"),
                        "a dock on that edge that reserves its space (struts); none floats", for: [.keyboard])
        case .monitor:
            SettingSpec(flag: "monitor", key: "monitor", .custom, default: .string("primary"), placeholder: "NAME|primary|focus",
                        expected: "primary, focus or a monitor's name from 'xrandr --listmonitors' like HDMI-1", example: "HDMI-1",
                        "the monitor the keyboard lives on: the primary one, a RandR monitor by name (the primary one while it is "
                        + "not connected), or focus: the active window's, chosen again each time the keyboard is shown (with "
                        + "--auto-show the focused field's); --geometry and --dock are within that monitor", for: [.keyboard])
        case .theme:
            SettingSpec(flag: "theme", key: "theme", .name, defaultText: "the layout's choice, or light",
                        placeholder: "NAME|FILE", example: "dark", "the colours: light, dark, high-contrast, a theme of your own "
                        + "('stackboard themes' lists them) or a theme file",
                        for: [.keyboard, .entry, .render])
        case .scale:
            SettingSpec(flag: "scale", key: "scale", .double(0.25...4), default: .double(1),
                        "size factor of the window, outlines, corners and labels", for: [.keyboard, .entry, .render])
        case .hidden:
            SettingSpec(flag: "hidden", key: "hidden", .bool, default: .bool(false),
                        "start hidden ('stackboard show', 'stackboard toggle' or SIGUSR2 show it)", for: [.keyboard])
        case .autoShow:
            SettingSpec(flag: "auto-show", key: "auto-show", .bool, default: .bool(false),
                        "start hidden; show when a text field gets the focus, hide when it loses it (AT-SPI: GTK, Qt, "
                        + "Chromium with --force-renderer-accessibility)", for: [.keyboard])
        case .hideOnPhysicalKeys:
            SettingSpec(flag: "hide-on-physical-keys", key: "hide-on-physical-keys", .bool, default: .bool(false),
                        "hide when a physical keyboard types, until a field gets the focus again", for: [.keyboard])
        case .summonButton:
            SettingSpec(flag: "summon-button", key: "summon-button", .bool, default: .bool(false),
                        "a small round button, always on top and never focused, that shows the keyboard while it is hidden "
                        + "(a tap shows it, a drag moves the button; its place is remembered per monitor)", for: [.keyboard])
        case .tray:
            SettingSpec(flag: "tray", key: "tray", .choice(["auto", "on", "off"]), default: .string("auto"),
                        "an icon in the desktop's panel (a click shows or hides the keyboard; its menu: show/hide, settings, "
                        + "quit): auto when the panel has a tray (a StatusNotifierItem watcher on the session bus, else an "
                        + "XEmbed system tray) and silently none otherwise; on: the same, and one line on stderr when there "
                        + "is no tray; off: never", for: [.keyboard])
        case .settingsPanel:
            SettingSpec(flag: "settings", key: "settings", .choice(["on", "locked"]), default: .string("on"),
                        "locked: no settings panel (no ⚙ key, no long press on the grip), for kiosks; never offered "
                        + "in a plug (--xid) anyway", for: [.keyboard, .keys, .render])
        case .settingsPin:
            SettingSpec(flag: nil, key: "settings-pin", .text, placeholder: "DIGITS", example: "2468",
                        "4 to 8 digits the settings panel asks for before it opens (a PIN pad takes them)",
                        for: [.keyboard])
        case .keyPreview:
            SettingSpec(flag: "no-key-preview", key: "key-preview", .bool, default: .bool(true), flagSets: false,
                        "no enlarged label above the pressed key (never shown in a password field or with --secure)",
                        for: [.keyboard, .entry])
        case .swipe:
            SettingSpec(flag: "no-swipe", key: "swipe", .bool, default: .bool(true), flagSets: false,
                        "no swipe typing (on layouts with a suggestion bar: slide from the first letter of a word through "
                        + "its letters and lift to type it)", for: [.keyboard, .entry])
        case .hints:
            SettingSpec(flag: "no-hints", key: "hints", .bool, default: .bool(true), flagSets: false,
                        "no hints (otherwise a key with long-press alternates shows the first one small in its corner)",
                        for: [.keyboard, .entry, .render])
        case .numberRow:
            SettingSpec(flag: "number-row", key: "number-row", .bool, default: .bool(false),
                        "a row of digits 1-0 above the letters of a letters layer that has none (qwerty; the xkb: "
                        + "layouts have their own)", for: [.keyboard, .render, .keys])
        case .trackpad:
            SettingSpec(flag: "no-trackpad", key: "trackpad", .bool, default: .bool(true), flagSets: false,
                        "space repeats when held (otherwise a long press on space makes it a trackpad: slide to move "
                        + "the caret with the arrow keys, faster the farther the slide goes)", for: [.keyboard, .entry])
        case .repeatDelay:
            SettingSpec(flag: "repeat-delay", key: "repeat.delay", .int(100...5000), default: .int(500), unit: "ms",
                        "hold a repeating key (backspace, arrows) this long before it repeats", for: [.keyboard])
        case .repeatInterval:
            SettingSpec(flag: "repeat-interval", key: "repeat.interval", .int(10...2000), default: .int(50), unit: "ms",
                        "the time between repeats", for: [.keyboard])
        case .longPress:
            SettingSpec(flag: "long-press", key: "longPress", .int(100...5000), default: .int(500), unit: "ms",
                        "hold a key this long to open its alternates", for: [.keyboard])
        case .dwell:
            SettingSpec(flag: "dwell", key: "dwell", .int(100...10_000, off: 0), default: .int(0),
                        unit: "ms", example: "800", "type a key when the pointer rests on it this long, for head pointers "
                        + "and eye trackers", for: [.keyboard])
        case .dwellClick:
            SettingSpec(flag: "dwell-click", key: "dwellClick", .int(100...10_000, off: 0), default: .int(0),
                        unit: "ms", example: "1000", "click where the pointer rests this long outside the keyboard "
                        + "('stackboard click right' chooses the next click's type)", for: [.keyboard])
        case .scan:
            SettingSpec(flag: "scan", key: "scan.enabled", .bool, default: .bool(false),
                        "switch scanning: groups of keys, then keys, are highlighted and switches pick (--scan-mode); any "
                        + "--scan-* option turns it on, and so does scan.interval in the file unless scan.enabled is false",
                        for: [.keyboard, .entry])
        case .scanInterval:
            SettingSpec(flag: "scan-interval", key: "scan.interval", .int(200...10_000), default: .int(1000), unit: "ms",
                        "how long each item stays highlighted (auto scanning; inverse scanning while the switch is held)",
                        for: [.keyboard, .entry])
        case .scanLoops:
            SettingSpec(flag: "scan-loops", key: "scan.loops", .int(1...20), default: .int(3),
                        "passes over a group without a pick before scanning leaves it (at the top: pauses until a switch)",
                        for: [.keyboard, .entry])
        case .scanSwitch:
            SettingSpec(flag: "scan-switch", key: "scan.switch", .custom, defaultText: "by the mode", placeholder: "SWITCHES",
                        expected: "a switch (button1 to button9, or an X keysym name like space or F12) for select, or "
                        + "ROLE=SWITCH pairs joined by commas, the roles select, next, up, down, left and right",
                        example: "next=button1,select=button3",
                        "the switches: mouse buttons pressed on the window, or keys of a physical keyboard, grabbed while "
                        + "it runs; one switch alone is select. Defaults: select=button1 (auto, inverse); "
                        + "next=button1,select=button3 (step); select=button1,up=button4,down=button5,left=button6,"
                        + "right=button7 (directed: a mouse's wheel)", for: [.keyboard, .entry])
        case .scanMode:
            SettingSpec(flag: "scan-mode", key: "scan.mode", .choice(["auto", "step", "inverse", "directed"]), default: .string("auto"),
                        "auto: one switch, the highlight moves by itself; step: one switch moves it, another picks; "
                        + "inverse: hold to move, release to pick; directed: up, down, left, right and select",
                        for: [.keyboard, .entry, .scan])
        case .scanPattern:
            SettingSpec(flag: "scan-pattern", key: "scan.pattern", .choice(["auto", "row-key", "block-row-key", "key"]),
                        default: .string("auto"), "how keys are grouped: rows then keys, blocks of rows first, every key in "
                        + "turn, or by the layer's size (auto)", for: [.keyboard, .entry, .scan])
        case .scanFirstExtra:
            SettingSpec(flag: "scan-first-extra", key: "scan.firstExtra", .int(0...10_000), default: .int(0), unit: "ms",
                        "extra time on the first item of a group, to see where the highlight went", for: [.keyboard, .entry])
        case .scanAcceptance:
            SettingSpec(flag: "scan-acceptance", key: "scan.acceptance", .int(0...5000), default: .int(0), unit: "ms",
                        "a switch must be held this long to count (for tremor; inverse: a shorter hold picks nothing)",
                        for: [.keyboard, .entry])
        case .scanPostAcceptance:
            SettingSpec(flag: "scan-post-acceptance", key: "scan.postAcceptance", .int(0...5000), default: .int(0), unit: "ms",
                        "after a switch counted, presses in this time are ignored (bounces)", for: [.keyboard, .entry])
        case .scanDevice:
            SettingSpec(flag: "scan-device", key: "scan.device", .name, placeholder: "NAME", example: "USB Switch Box",
                        "an input device ('xinput list' names it) whose buttons and keys are scan switches 1 to 5, taken "
                        + "from the applications", for: [.keyboard, .entry])
        case .speak:
            SettingSpec(flag: "speak", key: "speech.enabled", .bool, default: .bool(false),
                        "say each item the scan highlights (a key, a row, the suggestions) with speech-dispatcher or "
                        + "espeak-ng; never in a password field, nor in a plug", for: [.keyboard])
        case .speechRate:
            SettingSpec(flag: "speech-rate", key: "speech.rate", .int(50...250), default: .int(100),
                        placeholder: "PERCENT", "how fast the voice speaks, in percent of its usual speed", for: [.keyboard])
        case .speechVolume:
            SettingSpec(flag: "speech-volume", key: "speech.volume", .int(0...100), default: .int(100), placeholder: "0-100",
                        "loudness of the voice", for: [.keyboard])
        case .speakCommand:
            SettingSpec(flag: "speak-command", key: "speech.command", .text, placeholder: "CMD", example: "spd-say",
                        "with --speak: run CMD with /bin/sh, the text to say appended as its last argument, instead of "
                        + "the speech engine (a command still running when the next text comes is ended)", for: [.keyboard])
        case .sound:
            SettingSpec(flag: "no-sound", key: "sound.enabled", .bool, default: .bool(true), flagSets: false, "no key clicks",
                        for: [.keyboard, .entry])
        case .volume:
            SettingSpec(flag: "volume", key: "sound.volume", .int(0...100), default: .int(60), placeholder: "0-100",
                        "loudness of the clicks", for: [.keyboard, .entry, .soundCheck])
        case .soundDevice:
            SettingSpec(flag: "sound-device", key: "sound.device", .name, default: .string("default"), defaultText: "ALSA's default", placeholder: "PCM",
                        expected: "an ALSA PCM name like default or plughw:0", "the ALSA device for clicks",
                        for: [.keyboard, .entry, .soundCheck])
        case .device:
            SettingSpec(flag: "device", .name, defaultText: "ALSA's default", placeholder: "PCM",
                        expected: "an ALSA PCM name like default or plughw:0", "the same as --sound-device", for: [.soundCheck])
        case .count:
            SettingSpec(flag: "count", .int(1...100_000), default: .int(3), "how many clicks", for: [.soundCheck])
        case .clickKind:
            SettingSpec(flag: "kind", .choice(ClickKind.allCases.map(\.rawValue) + ["all"]), default: .string("character"),
                        placeholder: "KIND", "which click; all plays each in turn", for: [.soundCheck])
        case .clickInterval:
            SettingSpec(flag: "interval", .int(0...10_000), default: .int(150), unit: "ms", notes: [.soundCheck: "150 ms, or 0 with --burst"],
                        "the pause after each click", for: [.soundCheck])
        case .burst:
            SettingSpec(flag: "burst", .bool, "do not wait for each click to reach the device: newer clicks replace older ones",
                        for: [.soundCheck])
        case .samples:
            SettingSpec(flag: "samples", .name, defaultText: "the installed ones", placeholder: "DIR",
                        "the folder of click samples", for: [.soundCheck])
        case .print:
            SettingSpec(flag: "print", .bool, "also write each typed key to stdout, one line per key: its text, <Name> for "
                        + "other keys (<Return>), <ctrl+c> with latched modifiers", for: [.keyboard])
        case .file:
            SettingSpec(flag: "file", .name, placeholder: "FILE", "type the contents of FILE (UTF-8); - reads standard input",
                        for: [.type])
        case .key:
            SettingSpec(flag: "key", .name, example: "Return", "send one named key instead of text: an X keysym name "
                        + "such as Return, Tab, BackSpace, F1 or XF86AudioMute", for: [.type])
        case .modifiers:
            SettingSpec(flag: "modifiers", .names(choices: Modifier.allCases.map(\.rawValue)), placeholder: "LIST",
                        example: "ctrl", "hold these modifiers (comma-separated) around the text or key", for: [.type])
        case .typeDelay:
            SettingSpec(flag: "delay", .int(0...600_000), default: .int(0), unit: "ms", "wait this long between characters",
                        for: [.type])
        case .keepMs:
            SettingSpec(flag: "keep-ms", .int(0...600_000), default: .int(0), unit: "ms", "before exiting, keep borrowed "
                        + "keycodes mapped until idle this long as well", for: [.type])
        case .slowAppMs:
            SettingSpec(flag: "slow-app-ms", .int(0...60_000), default: .int(200), unit: "ms", "how long an application "
                        + "that does not answer _NET_WM_PING may take per key event before the keymap is changed again "
                        + "(0 trusts it to keep up)", for: [.type])
        case .restoreKeymap:
            SettingSpec(flag: "restore-keymap", .bool, "type nothing: restore the keycodes that Stackboard processes which "
                        + "are gone (killed, crashed) left borrowed, then exit", for: [.type])
        case .display:
            SettingSpec(flag: "display", .name, defaultText: "$DISPLAY", example: ":1", "the X display",
                        for: CommandName.control.union([.type]))
        case .holdMs:
            SettingSpec(flag: "hold-ms", .int(0...600_000), default: .int(0), unit: "ms",
                        "test aid: keep the last key and the modifiers down this long", for: [.type])
        case .statusLayout:
            SettingSpec(flag: "layout", .bool, "print the name of the layout on screen instead", for: [.status])
        case .statusMonitor:
            SettingSpec(flag: "monitor", .bool, "print the keyboard's monitor instead: its name and geometry (HDMI-1 1920x1080+1280+0)",
                        for: [.status])
        case .statusGeometry:
            SettingSpec(flag: "geometry", .bool, "print the keyboard window's geometry on the root window instead (1920x360+1280+720)",
                        for: [.status])
        case .statusScan:
            SettingSpec(flag: "scan", .bool, "print what switch scanning highlights instead: key indices as 'stackboard keys' "
                        + "numbers them ('3 4 5'), 'back 3 4 5' for a group's back step, 'option N' in the alternates, or 'none'",
                        for: [.status])
        case .paths:
            SettingSpec(flag: "paths", .bool, "show each file instead of its origin", for: [.layouts, .themes])
        case .xkbLayouts:
            SettingSpec(flag: "xkb", .bool, "list every XKB layout and variant of xkb-data instead (xkb:de, xkb:fr(bepo))", for: [.layouts])
        }
    }
}

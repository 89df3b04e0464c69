import StackboardBus
import StackboardCompose
import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSound
import StackboardSpeech
import StackboardSystem
import StackboardWords
import StackboardX11

/// The running keyboard's X side: the window shell (connection, window, X event pump, signals,
/// clicks, loop), the injector, the control channel and the watchers added to the pump. It
/// hands the pump's typed events to the `KeyboardController`, which decides, and to the parts
/// of its own that follow the display (monitors, auto-show).
final class KeyboardApp: WindowShellClient {
    let shell: WindowShell
    let injector: Injector
    /// Commands from other `stackboard` processes; the keyboard's state and layout published
    /// (nil for a plug: a greeter's keyboard is not the desktop's).
    let channel: ControlChannel?
    let controller: KeyboardController
    /// Physical keys, window changes: the word context starts again.
    let context: ContextWatcher?
    /// matchbox's show/hide messages to the root window (nil for a plug).
    let invoker: InvokerListener?
    /// D-Bus control, the AT-SPI focus tracker and the auto-show policy (nil for a plug).
    let bus: KeyboardBus?
    /// The keyboard on the AT-SPI bus for screen readers, once accessibility is on (nil for a plug).
    let accessibility: KeyboardAccessibility?
    /// `--xid`: the XEmbed conversation with the embedder (nil for the desktop's keyboard).
    let plug: EntryInputCollector?
    /// The display's monitors, followed through RandR changes (nil for a plug).
    let monitors: MonitorWatcher?
    /// Keeps the keyboard on its monitor (nil for a plug: its embedder places it).
    let placer: MonitorPlacer?
    /// `--summon-button`: the round button that shows the hidden keyboard (nil: not asked for
    /// yet; made when first turned on, at start or from the settings panel).
    private(set) var summon: SummonButton?
    /// Who hears the keyboard's state: the summon button joins them when it is made.
    private let publishers: PublisherFanOut
    /// The icon for an XEmbed system tray, docked when the panel has no StatusNotifierWatcher
    /// (nil: `--tray off`, or a plug).
    let trayIcon: TrayIconWindow?
    /// Whether RandR news came in this turn (the monitors are read once, after the events).
    private var monitorsChanged = false
    /// Whether the window was moved or resized this turn (a window manager may undo a change).
    private var windowConfigured = false
    /// The display's XKB group as last followed (`--layout xkb` shows that group's layout).
    private var followedGroup: Int
    /// The word engines made so far, by language (each loaded once, saved at the end).
    let words: WordEngines
    let hidden: Bool
    /// Whether the injector has given everything back (it must, before the connection closes).
    private var injectorDone = false
    /// The first half of the start (the first frame on screen), finished in `run`.
    let startup: KeyboardStartup
    /// The first frame painted by this start, kept in the cache once the words are painted.
    private var frameToKeep: KeyboardStartup.FrameToKeep?
    /// `--dwell-click`: the rest before a click outside the keyboard (nil: off).
    private let dwellClickDuration: Double?
    /// Dwell clicking anywhere, set up after the first frame when it is on.
    private var dwellClicking: DwellClicking?
    /// `--scan-device`: the name of the input device whose buttons and keys are scan switches.
    private let scanDeviceName: String?
    /// That device, grabbed after the first frame (nil: none, or it could not be had).
    private var switchDevice: SwitchDevice?

    /// Loads the layouts, opens the display, claims the control channel and shows the window
    /// with its first frame (`KeyboardStartup`), then sets up the rest. On failure the error is
    /// printed and the exit status returned; when a keyboard runs already, it is told to show
    /// (and switch layout) and the status of that.
    static func make(options: KeyboardOptions, configFile: String) -> Result<KeyboardApp, ExitStatus> {
        do throws(ExitStatus) {
            let startup = try KeyboardStartup(options: options, configFile: configFile)
            return .success(try KeyboardApp(startup, options: options))
        } catch {
            return .failure(error)
        }
    }

    private init(_ startup: KeyboardStartup, options: KeyboardOptions) throws(ExitStatus) {
        self.startup = startup
        // Keys mapped without their labels get them first: the text stack is up by now (its
        // thread ran beside the start), and nothing below is needed before the first tap.
        if startup.frame == .withoutText { frameToKeep = try startup.finish() }
        let (connection, window, runtime, config) = (startup.connection, startup.window, startup.runtime, startup.config)
        channel = startup.channel
        let injector = try startupStep(exit: 1) { () throws(InjectorError) in try Injector(sharing: connection) }
        self.injector = injector
        injector.companions = { [weak runtime] in runtime?.state.typeableTexts ?? [] } // the layer on screen
        followedGroup = injector.group
        let monitors = startup.monitors
        self.monitors = monitors
        if let onMonitor = startup.onMonitor, let monitors {
            placer = MonitorPlacer(placement: onMonitor, display: monitors, window: window, report: { printError("stackboard: " + $0) })
        } else {
            placer = nil
        }
        if config.timing.scan != nil {
            // Without its switches the keyboard still works with the pointer: say so and go on.
            do { try window.setScanSwitches(options.scanning.numbered) } catch { printError("stackboard: \(error.description)") }
        }
        let shell = WindowShell(connection: connection, window: window, signals: startup.signals, sound: options.keypad.sound)
        self.shell = shell
        window.setHoverTracking(config.timing.dwell != nil) // after the shell started touch
        runtime.click = { [weak shell] kind in shell?.clicks.play(kind) }
        let tray = options.tray == .off ? nil : TrayService(environment: startup.environment,
                                                            icons: Self.trayIcons(startup, options: options))
        let bus = options.xid ? nil : KeyboardBus(environment: startup.environment, autoShow: options.autoShow,
                                                  hideOnPhysicalKeys: options.hideOnPhysicalKeys, connection: connection,
                                                  tray: tray, sayNoTray: options.tray == .on)
        self.bus = bus
        accessibility = options.xid ? nil : KeyboardAccessibility(environment: startup.environment,
                                                                  locale: options.keypad.language ?? "",
                                                                  rootFrame: { [window] in window.rootFrame() })
        invoker = options.xid ? nil : InvokerListener(connection: connection)
        plug = options.xid ? EntryInputCollector(connection: connection, window: window.windowID, role: .plug) : nil
        trayIcon = tray == nil || bus == nil ? nil : Self.makeTrayIcon(startup, options: options)
        if let trayIcon {
            bus?.onTrayHost = { [weak trayIcon, weak bus] inPanel, reason in
                if inPanel {
                    trayIcon?.undock()
                } else if trayIcon?.dock() != true {
                    bus?.noTray(reason + "; nor is there an XEmbed system tray")
                }
            }
        }
        let publishers = PublisherFanOut([channel as KeyboardPublishing?, bus?.service, bus?.tray].compactMap { $0 })
        self.publishers = publishers
        controller = KeyboardController(runtime: runtime, layouts: startup.layouts, window: window, typer: injector,
                                        publisher: publishers,
                                        load: startup.load,
                                        printKey: options.print ? { printLine($0) } : nil,
                                        report: { printError("stackboard: " + $0) })
        context = try? ContextWatcher(connection: connection)
        words = WordEngines(slots: options.suggestions, language: options.keypad.language,
                            learning: options.keypad.learn && !options.xid, holdsLearning: !options.learnEverywhere,
                            saves: !options.xid)
        if let tracker = bus?.tracker {
            words.readField = { [weak tracker] reply in
                guard let tracker else { return reply(nil) }
                tracker.readTextBeforeCaret(limit: WordEngines.fieldReadLimit, reply: reply)
            }
        }
        // Said once, and only where an accessibility bus runs: there the application could be seen.
        var toldUnseen = false
        words.onUnseenField = { [weak tracker = bus?.tracker] in
            guard !toldUnseen, tracker?.isConnected == true else { return }
            toldUnseen = true
            printError("stackboard: " + WordEngines.unseenFieldNotice)
        }
        // A layout whose bar composes (Hangul, pinyin, kana) gets its composing engine.
        let compose = ComposeEngines(environment: FileSystem.environment(), learning: options.keypad.learn && !options.xid,
                                     report: { printError("stackboard: " + $0) })
        controller.wordsFor = { [words] layout in compose.engine(for: layout) ?? words.engine(for: layout) }
        controller.wordSettings = options.wordField
        controller.activeWindowChangeAhead = { [weak context] handled, reading in
            context?.activeWindowChangeAhead(handled: handled, reading: reading) ?? false
        }
        injector.focusMovedAfterTap = { [weak controller] in controller?.focusMovesAfterTap(reading: true) ?? false }
        // Looked at again as each field gets the focus: an input method may start after the keyboard.
        controller.inputMethod = { [window] in
            InputMethodPresence(environment: FileSystem.environment(), ximServers: window.inputMethodServers())
        }
        controller.inputMethodPresent = controller.inputMethod().present
        if let tracker = bus?.tracker {
            controller.readFieldText = { [weak tracker] reply in
                guard let tracker else { return reply(nil) }
                tracker.readTextBeforeCaret(limit: WordEngines.fieldReadLimit, reply: reply)
            }
        }
        controller.emojiRecents = options.xid ? nil : EmojiRecentsStore(environment: FileSystem.environment(), files: SystemFiles())
        if options.layouts.first?.name == KeyboardController.displayLayoutName, let first = startup.layouts.current {
            controller.displayLayout = first.name
        }
        controller.speech = Self.makeSpeech(options, config: config)
        hidden = options.hidden
        dwellClickDuration = options.xid ? nil : options.dwellClick
        scanDeviceName = config.timing.scan == nil ? nil : options.scanning.device
        let loop = shell.loop
        controller.stop = { loop.stop($0) }
        bus?.controller = controller
        controller.publishScan = { [channel] line in channel?.publish(scan: line) }
        if config.timing.scan != nil { controller.setScanning(options.scanning, now: MonotonicClock.now()) }
        accessibility?.controller = controller
        controller.onCommanded = { [weak bus] shown in bus?.commanded(visible: shown, now: MonotonicClock.now()) }
        if !options.xid {
            let (frame, screen) = (startup.configuration.frame, connection.screenSize)
            let floating = startup.remembered?.frame
                ?? (startup.configuration.placement == .floating ? frame : WindowMover.undocked(frame, screen: screen))
            controller.mover = WindowMover(window: window, store: startup.store, layout: runtime.state.layout, home: floating,
                                           minimumKey: WindowMover.minimumKey(scale: options.keypad.scale),
                                           followsMemory: !options.placedOnCommandLine)
        }
        if let placer {
            placer.publish = { [channel] line in channel?.publish(monitor: line) }
            channel?.publish(keyboardWindow: window.windowID)
            monitors?.watchedWindow = window.windowID
            placer.start(now: MonotonicClock.now())
            controller.mover?.placed = { [placer] placement, frame in placer.placed(placement, frame: frame) }
            controller.place = { [placer] request in placer.place(for: request) }
            controller.willShow = { [placer] field in placer.willShow(field: field) }
        }
        startup.signals.onSignal = { [controller] request in controller.handle(signal: request, now: MonotonicClock.now()) }
        // The injector first, as it sees every event; the invoker after the monitor watcher,
        // which uses up the root's own ConfigureNotify; the invoker uses up every other
        // structure news of the root's.
        let components: [XEventHandler?] = [InjectorEvents(injector), channel, plug, monitors, invoker, context, trayIcon]
        shell.add(components.compactMap { $0 })
        shell.client = self
        if options.summonButton && !options.xid { setSummonButton(true, options: options) }
        startSettingsPanel(options: options)
    }

    /// Shows the keyboard (unless `--hidden`; a plug prints its window id and waits for its
    /// embedder to map it) and runs until a signal, a quit or close request, the embedder's end
    /// or the loss of the server.
    func run() -> Int32 {
        XConnection.whenServerLost { [words] name in Self.serverLost(name: name, words: words) }
        do throws(ExitStatus) {
            if plug != nil {
                try finishStart()
                printLine(String(shell.window.windowID))
            } else {
                controller.start(hidden: hidden, shown: startup.mapped, now: MonotonicClock.now())
                try finishStart()
            }
        } catch {
            return shutdown(error.code)
        }
        // After the first frame: the raw presses' connection costs a few round trips.
        shell.window.input.watchPressesOutside(on: shell.pump)
        followSecureEntry()
        startDwellClicking()
        switchDevice = shell.grabSwitchDevice(named: scanDeviceName) // `stackboard switch` works without it
        // The accessible keyboard last: it reads what the turn made of the keys and the bar.
        let end = shell.run(extra: [bus as LoopSource?, injector.pongSource, accessibility].compactMap { $0 })
        if case .failed(let message) = end {
            printError("stackboard: \(message)")
            return shutdown(1)
        }
        return shutdown(shell.loop.exitStatus ?? 1)
    }

    /// The start after the first frame, in the order that paints the suggestion bar's words
    /// soonest: the word model (mapped in a millisecond; its swipe index is made at the first
    /// swipe), then Pango's repaint of a cached frame, which paints the words too. A hidden
    /// keyboard's frame is painted whole with the bar empty, as the next start maps it (a frame
    /// mapped without its text was, at the start of `init`); then the words are painted, then
    /// that frame is kept in the cache. Then the emoji panels, before any input is handled.
    /// Throws when the text stack cannot start (said on stderr).
    private func finishStart() throws(ExitStatus) {
        shell.connection.flush()
        let wordsFirst = startup.frame == .cached
        if wordsFirst { controller.attachWords() }
        if startup.frame != .withoutText { frameToKeep = try startup.finish() }
        if !wordsFirst {
            controller.attachWords()
            controller.runtime.repaint(now: MonotonicClock.now())
        }
        shell.connection.flush()
        if let frame = frameToKeep {
            startup.keep(frame)
            frameToKeep = nil
        }
        // The emoji panels are made when a ☺ is first pressed.
        controller.completeLayouts = startup.completion
        // Parsing, font loading and the first paint leave free heap pages behind.
        HeapMemory.giveBackFreePages()
    }

    /// Sets dwell clicking up (`--dwell-click`): raw motion, XTest, the ring. Without what it
    /// needs, says so and goes on without it.
    private func startDwellClicking() {
        guard let duration = dwellClickDuration, let channel else { return }
        do {
            let clicking = try DwellClicking(keyboard: shell.window, owner: channel.window, duration: duration,
                                             report: { printError("stackboard: " + $0) })
            shell.add([clicking])
            dwellClicking = clicking
            controller.clickChooser = { [weak clicking] type in clicking?.choose(type) }
            // The click panel's keys show the type (the one-shot ones go back to left by themselves).
            clicking.onTypeChanged = { [runtime = controller.runtime] type in runtime.setClickType(type, now: MonotonicClock.now()) }
            controller.runtime.setClickType(clicking.type, now: MonotonicClock.now())
            channel.publish(dwellClickMilliseconds: Int((duration * 1000).rounded()))
        } catch {
            printError("stackboard: \(error.description)")
        }
    }

    // MARK: WindowShellClient

    func handle(_ event: WindowEvent, now: Double) {
        switch event {
        case .monitorsChanged:
            monitorsChanged = true // read once, after the turn's events
        case .windowConfigured:
            windowConfigured = true
            accessibility?.windowConfigured()
        case .invoked(let command):
            bus?.invoked(command, now: now)
        case .context(.activeWindowChanged):
            followSecureEntry()
            controller.handle(event, now: now)
        case .context(.physicalKey(let device)):
            controller.handle(event, now: now)
            bus?.physicalKey(device: device, now: now)
        case .entry(.embedderGone):
            shell.loop.stop(0) // a greeter's keyboard ends with its embedder, its keymap given back
        case .summon(let input):
            summon?.handle(input, now: now)
        case .trayClicked:
            controller.handle(.toggle, now: now)
        default:
            controller.handle(event, now: now)
        }
    }

    func advance(to now: Double) {
        // Learned words read on their thread came in: the bar is worked out again with them.
        if words.save(now: now) { controller.runtime.refreshSuggestions() }
        // RandR news: the keyboard lays itself out again on its monitor (the resize follows).
        if monitorsChanged {
            placer?.monitorsChanged(now: now)
            summon?.monitorsChanged()
        } else if windowConfigured {
            placer?.windowConfigured(now: now)
        }
        (monitorsChanged, windowConfigured) = (false, false)
        if let due = injector.nextDeadline, due <= now { injector.expireIdle(now: now) }
        // The group switched (a layout-switching shortcut, `xkb-switch`): `xkb` follows it.
        if injector.group != followedGroup {
            followedGroup = injector.group
            controller.displayKeymapChanged(now: now) // nothing unless the keyboard shows `xkb`
        }
        controller.advance(to: now)
        controller.runtime.advance(to: now)
        controller.advanceScan(to: now)
        controller.runtime.repaint(now: now)
        controller.speakHighlightIfChanged()
    }

    var nextDeadline: Double? {
        [controller.runtime.nextDeadline, injector.nextDeadline, words.saveDue, controller.nextDeadline].compactMap { $0 }.min()
    }

    /// With `--speak`: whether the active window is a secure entry window, read again (at start
    /// and at each change of the active window). Without it nothing is read.
    private func followSecureEntry() {
        guard controller.speech != nil else { return }
        controller.secureEntryFocused(SecureEntryMark.activeWindowIsSecure(on: shell.connection))
    }

    /// `--speak`: the speaker of the scan's highlights, in the keyboard's language (nothing is
    /// started until the first highlight); nil, with one line on stderr, where it cannot speak.
    private static func makeSpeech(_ options: KeyboardOptions, config: KeyboardConfig) -> ScanSpeaker? {
        guard options.values.bool(.speak) else { return nil }
        guard var settings = options.speech else {
            printError("stackboard: --speak is off in a plug (--xid): a greeter's or locker's keys are never spoken")
            return nil
        }
        if config.timing.scan == nil, config.timing.dwell == nil {
            printError("stackboard: --speak says what switch scanning highlights (or the key dwell rests on): "
                       + "turn scanning on with --scan (or dwell with --dwell MS)")
        }
        let translations = Localization.current
        settings.language = translations.language
        return ScanSpeaker(words: SpokenText(translations: translations),
                           speaker: Speaker(settings: settings, report: { printError("stackboard: " + $0) }))
    }

    /// What paints the tray icon's pictures (22, 32 and 48 pixels) in the keyboard's theme.
    private static func trayIcons(_ startup: KeyboardStartup, options: KeyboardOptions) -> () -> [(side: Int, pixels: [UInt32])] {
        let theme = startup.runtime.painter.theme // the keyboard's own, loaded (and any problem said) once
        return {
            [22, 32, 48].compactMap { side in
                do throws(RenderError) {
                    return (side: side, pixels: try SummonIconPainter.pixels(side: side, theme: theme))
                } catch {
                    printError("stackboard: the tray icon has no \(side)-pixel picture: \(error.description)")
                    return nil
                }
            }
        }
    }

    /// The XEmbed tray icon's window (not docked yet), painted in the keyboard's theme; nil
    /// (and one line on stderr) when it cannot be made.
    private static func makeTrayIcon(_ startup: KeyboardStartup, options: KeyboardOptions) -> TrayIconWindow? {
        let theme = startup.runtime.painter.theme // the keyboard's own, loaded (and any problem said) once
        do throws(WindowError) {
            return try TrayIconWindow(connection: startup.connection, side: 22) { surface, size in
                // A failed paint leaves the icon blank; it still works.
                do throws(RenderError) { try SummonIconPainter.paint(taking: surface, size: size, theme: theme, round: false) } catch {
                    printError("stackboard: the tray icon is not painted: \(error.description)")
                }
            }
        } catch {
            printError("stackboard: no XEmbed tray icon: \(error.description)")
            return nil
        }
    }

    /// Turns the summon button on (made the first time, following the keyboard's state from then
    /// on) or off (kept, off screen). A plug has none; without its window or the monitors the
    /// keyboard goes on without it (one line on stderr).
    func setSummonButton(_ on: Bool, options: KeyboardOptions) {
        if let summon {
            summon.enabled = on
            return
        }
        guard on, let monitors = self.monitors, let window = Self.makeSummonWindow(startup, options: options) else { return }
        let store = SummonPlacesStore.path(environment: startup.environment).map {
            SummonPlacesStore(path: $0, report: { printError("stackboard: " + $0) })
        }
        let button = SummonButton(window: window, monitors: { [monitors] in monitors.layout() },
                                  home: { [weak placer] in placer?.placement.monitor },
                                  places: store?.load() ?? SummonPlaces(), save: store.map { store in { store.write($0) } },
                                  margin: Int(16 * options.keypad.scale))
        button.onTap = { [controller] now in controller.handle(.show, now: now) }
        shell.add([window])
        publishers.targets.append(button)
        summon = button
        button.publish(state: controller.visible ? "shown" : "hidden")
    }

    /// The summon button's window, painted in the keyboard's theme; nil (and one line on
    /// stderr) when it cannot be made: the keyboard runs without it.
    private static func makeSummonWindow(_ startup: KeyboardStartup, options: KeyboardOptions) -> SummonWindow? {
        let theme = startup.runtime.painter.theme // the keyboard's own, loaded (and any problem said) once
        var problem: String?
        let window: SummonWindow
        do throws(WindowError) {
            window = try SummonWindow(connection: startup.connection, diameter: Int(56 * options.keypad.scale)) { surface, size in
                do throws(RenderError) { try SummonIconPainter.paint(taking: surface, size: size, theme: theme, round: true) } catch {
                    problem = error.description
                }
            }
        } catch {
            printError("stackboard: no summon button: \(error.description)")
            return nil
        }
        // A button that could not be painted is blank but works.
        if let problem { printError("stackboard: the summon button is not painted: \(problem)") }
        return window
    }

    // MARK: Ending

    /// The end when the server has gone away (from inside the Xlib call that found it: nothing
    /// may touch X): the learned words are written and one line says why. No key can be left
    /// down and no keymap changed on a server that is gone.
    private static func serverLost(name: String, words: WordEngines) -> Int32 {
        words.save(now: MonotonicClock.now(), force: true)
        printError("stackboard: " + XConnection.lostMessage(name: name))
        return 1
    }

    /// Releases every key and gives back every borrowed keycode, writes the learned words, then
    /// stops the clicks.
    private func shutdown(_ status: Int32) -> Int32 {
        words.save(now: MonotonicClock.now(), force: true)
        controller.speech?.silence() // no speech process outlives the keyboard
        controller.runtime.releaseAll(now: MonotonicClock.now())
        dwellClicking?.releaseHeld()
        injector.shutdown()
        injectorDone = true
        shell.clicks.close()
        shell.connection.flush()
        return status
    }

    deinit {
        // The injector borrows the connection: it must be done before the connection can close.
        if !injectorDone { injector.shutdown() }
        controller.runtime.dropCanvas()
    }

    /// Claims the display's control channel; when a keyboard runs already, tells it to show (and
    /// switch layout) and ends start-up with the status of that.
    static func claimChannel(_ connection: XConnection, options: KeyboardOptions) throws(ExitStatus) -> ControlChannel {
        do {
            return try ControlChannel(display: connection.display, screen: connection.screen, owner: connection)
        } catch .alreadyRunning(let window, let display) {
            throw ExitStatus(ControlCommands.handOver(window: window, display: display, layout: options.requestedLayout,
                                                      hidden: options.hiddenOnCommandLine))
        } catch {
            printError("stackboard: \(error.description)")
            throw ExitStatus(1)
        }
    }
}

extension KeyboardApp {
    /// The layouts to start with (each through `load`, which says whether its digits were dealt
    /// at random), the names they were loaded by, and whether the first one's were dealt. One
    /// named on the command line that cannot be loaded ends the program (exit status 2); one
    /// named by the configuration file is reported and skipped, and with none left the default
    /// layout is shown.
    static func loadLayouts(_ choices: [KeyboardOptions.LayoutChoice],
                            load: (String) throws(LayoutError) -> (layout: Layout, dealtAtRandom: Bool),
                            configFile: String) throws(ExitStatus) -> LoadedLayouts {
        var layouts: [Layout] = []
        var names: [String] = []
        var firstDealtAtRandom = false
        for choice in choices {
            do {
                let (layout, dealt) = try load(choice.name)
                if layouts.isEmpty { firstDealtAtRandom = dealt }
                layouts.append(layout)
                names.append(choice.name)
            } catch {
                guard let key = choice.configKey else {
                    printError("stackboard: \(error.description)")
                    throw ExitStatus(2)
                }
                printError("stackboard: " + ConfigProblem(file: configFile, key: key, message: error.description).description)
            }
        }
        if layouts.isEmpty {
            let (layout, dealt) = try startupStep(exit: 2) { () throws(LayoutError) in try load(KeyboardOptions.defaultLayout) }
            layouts.append(layout)
            names.append(KeyboardOptions.defaultLayout)
            firstDealtAtRandom = dealt
        }
        return LoadedLayouts(cycle: LayoutCycle(layouts), names: names, firstDealtAtRandom: firstDealtAtRandom)
    }

    /// The layouts a keyboard starts with.
    struct LoadedLayouts {
        /// The cycle, its first layout shown.
        var cycle: LayoutCycle
        /// The names they were loaded by, in the cycle's order.
        var names: [String]
        /// Whether the first one's digits were dealt at random.
        var firstDealtAtRandom: Bool
    }
}

import StackboardCore
import StackboardRender
import StackboardRuntime
import StackboardSystem
import StackboardX11

/// The first half of the keyboard's start: just what its first frame needs, then the window
/// mapped with that frame in it. Everything else (the injector, touch input, the clicks, the
/// bus, the context watcher) is set up after the map (`KeyboardApp.init`), as none of it is
/// needed before the first tap and each costs X round trips.
///
/// The frame comes from the first-frame cache when it holds this very keyboard's picture (then
/// Pango and fontconfig start only after the map). Else the window is mapped on the keyboard's
/// background colour and its keys painted without their text right after the map request: Pango
/// and fontconfig start on a thread of their own from the start's first step, and the text is
/// painted as soon as they are up, first thing after the map (`finish`); the whole frame goes to
/// the cache once the suggestion bar's words are painted too (`keep`). A keyboard that starts
/// hidden, and a plug, are not mapped here.
struct KeyboardStartup {
    let signals: SignalWatcher
    let environment: [String: String]
    let preparation: LayoutPreparation
    /// Loads a layout by name or file for the keyboard (prepared, its language key set).
    let load: (String) throws(LayoutError) -> Layout
    /// The layouts as the first frame needs them: without the emoji panel, which `completion`
    /// adds when a ☺ is first pressed.
    let layouts: LayoutCycle
    /// The layouts that lack their emoji panel: the name each was loaded by and its own
    /// (`completion` loads them again).
    let incomplete: [(loadedAs: String, name: String)]
    let connection: XConnection
    /// Commands from other `stackboard` processes (nil for a plug).
    let channel: ControlChannel?
    /// Where the user left the keyboard, per layout and screen (nil: a plug, or no state directory).
    let store: GeometryStore?
    /// The first layout's remembered place on this screen (nil: none, or placed on the command line).
    let remembered: WindowMemory.Entry?
    /// The display's monitors (nil for a plug).
    let monitors: MonitorWatcher?
    /// Where the keyboard goes on its monitor (nil for a plug).
    let onMonitor: KeyboardPlacement?
    let configuration: WindowConfiguration
    let window: KeyboardWindow
    let runtime: KeypadRuntime
    let config: KeyboardConfig
    let firstFrame: FirstFrameCache?
    /// How the first frame got into the window's back buffer.
    let frame: FrameSource

    /// Where the first frame came from.
    enum FrameSource {
        /// Not yet painted (hidden or a plug: painted when the loop starts).
        case none
        /// Painted without its text (no fonts yet): `finish` paints it whole and gives it to the cache.
        case withoutText
        /// Put there from the cache: Pango starts after the map, painting the same pixels.
        case cached
    }

    /// Whether the window was mapped here.
    var mapped: Bool { frame != .none }

    init(options: KeyboardOptions, configFile: String) throws(ExitStatus) {
        // First, before any thread exists (the click player's inherits the blocked signals).
        HeapMemory.useOneArena()
        signals = try startupStep(exit: 1) { () throws(SignalWatcher.SetupError) in try SignalWatcher() }
        environment = FileSystem.environment()
        // A keyboard that will paint its first frame (none is cached: a first start, a plug, a
        // hidden start) opens Pango and starts fontconfig on a thread of its own from now on
        // (TextWarmup). One that may show a cached frame leaves the second core to the X server.
        let paintsFirst = options.xid || options.hidden || !FirstFrameCache.holdsAnyFrame(environment: environment)
        let textStart = paintsFirst ? JoinableThread.start { TextWarmup.run() } : nil
        let preparation = LayoutPreparation.forLocale(suggestions: options.suggestions, wordsLanguage: options.keypad.language,
                                                      numberRow: options.numberRow)
        self.preparation = preparation
        let loadNotingDeal = Self.loader(options: options, preparation: preparation)
        let keyed = Self.keyed(options: options)
        load = { (name: String) throws(LayoutError) -> Layout in try loadNotingDeal(name).layout }
        // The first frame needs no emoji panel (a ☺ key's 3,700 keys, made from emoji-test.txt
        // in ~3 ms, 0.5 MB of heap, and every later step over them): the layouts are loaded
        // without it, and those with a ☺ key again in full when a ☺ is first pressed.
        var firstFrameOnly = preparation
        firstFrameOnly.catalog = preparation.catalog.deferringCompletion
        let loaded = try KeyboardApp.loadLayouts(options.layouts, load: { (name: String) throws(LayoutError) in
            let (layout, dealt) = try firstFrameOnly.loadNotingDeal(name)
            // Loaded again it would be dealt again: such a layout is loaded in full now.
            if dealt, preparation.catalog.completes(layout) { return try loadNotingDeal(name) }
            return (keyed(layout, name), dealt)
        }, configFile: configFile)
        let layouts = loaded.cycle
        let dealtAtRandom = loaded.firstDealtAtRandom
        incomplete = zip(loaded.names, layouts.layouts).filter { preparation.catalog.completes($0.1) }.map { ($0.0, $0.1.name) }
        guard let first = layouts.current else { throw ExitStatus(2) }
        self.layouts = layouts
        let theme = options.keypad.theme(for: first, in: ThemeCatalog(layouts: preparation.catalog))
        let painter = try startupStep(exit: 1) { () throws(RenderError) in
            // Whatever starts the text first waits for the thread that opens it (else Pango would
            // start fontconfig a second time beside it).
            try KeyboardPainter(theme: theme, scale: options.keypad.scale, hints: options.keypad.hints, deferredText: true,
                                textPrerequisite: textStart.map { thread in { thread.wait() } })
        }
        let connection = try startupStep(exit: 2) { () throws(XConnectionError) in try XConnection() }
        self.connection = connection
        channel = options.xid ? nil : try KeyboardApp.claimChannel(connection, options: options)
        // Where the user left this layout's keyboard on this screen, unless the command line says.
        let store = options.xid ? nil : GeometryStore.path(environment: environment).map {
            GeometryStore(path: $0, report: { printError("stackboard: " + $0) })
        }
        self.store = store
        let screen = connection.screenSize
        let remembered = options.placedOnCommandLine ? nil : store?.entry(layout: first.name, screen: screen)
        self.remembered = remembered
        let monitors = options.xid ? nil : MonitorWatcher(connection: connection)
        self.monitors = monitors
        onMonitor = monitors.map { watcher in
            KeyboardPlacement(choice: options.monitor, sizing: options.sizing, layout: watcher.layout(),
                              focus: options.monitor == .focus ? watcher.activeWindowFrame() : nil, remembered: remembered)
        }
        // (A plug has no monitor placement and no remembered place: the options say.)
        let placement: WindowPlacement = (onMonitor.map { $0.sizing.dock } ?? options.dock).map { .dock($0) } ?? .floating
        let home = onMonitor?.frame ?? options.frame(on: screen)
        configuration = WindowConfiguration(frame: home, placement: placement,
                                            userSpecifiedGeometry: options.geometry != nil || remembered != nil,
                                            role: options.xid ? .plug : .keyboard)
        let showNow = !options.xid && !options.hidden
        firstFrame = options.xid || dealtAtRandom ? nil
            : FirstFrameCache(environment: environment, layout: options.layouts.first?.name ?? first.name,
                              size: Size(width: max(1, home.width), height: max(1, home.height)), connection: connection)
        let configuration = self.configuration
        let window = try startupStep(exit: 1) { () throws(WindowError) in
            try KeyboardWindow(connection: connection, configuration: configuration)
        }
        self.window = window
        config = options.keyboardConfig(decimalSeparator: preparation.decimalSeparator)
        let runtime = KeypadRuntime(layout: first, surface: window, painter: painter, config: config, role: .typing)
        self.runtime = runtime
        guard showNow else {
            // Painted later (`finish`); a text stack that cannot start is said now.
            try Self.startText(painter)
            self.frame = .none
            return
        }
        // The key only when this keyboard's file is there (a first start takes it after the map).
        let firstFrame = self.firstFrame
        let frameKey = firstFrame.flatMap { $0.hasFrame ? runtime.firstFrameKey(base: $0.base()) : nil }?.digest
        if let key = frameKey, let format = window.bufferImageFormat, let cached = firstFrame?.load(key: key, format: format),
           window.fillBuffer(format: cached.format, pixels: cached.pixels) {
            runtime.adoptShownFrame()
            window.showBufferUntilExposed() // the server shows the frame as it maps the window
            window.show(now: MonotonicClock.now())
            self.frame = .cached
        } else {
            // Mapped first, on the keyboard's colour, and painted right after: the server carries
            // out requests in order, so keys painted before the map (cairo's set-up on the server,
            // the drawing) would hold the map back by ~4 ms.
            window.showColourUntilExposed(theme.background)
            window.show(now: MonotonicClock.now())
            connection.flush()
            runtime.paintWithoutText()
            window.showBufferUntilExposed()
            self.frame = .withoutText
        }
        connection.flush()
    }

    /// What loads a layout named `name` for a keyboard with `options`: made ready by
    /// `preparation`, then given its language key and the settings panel's keys (`keyed`); and
    /// whether its digits were dealt at random.
    static func loader(options: KeyboardOptions, preparation: LayoutPreparation)
        -> (String) throws(LayoutError) -> (layout: Layout, dealtAtRandom: Bool) {
        let keyed = keyed(options: options)
        return { (name: String) throws(LayoutError) -> (layout: Layout, dealtAtRandom: Bool) in
            let (layout, dealt) = try preparation.loadNotingDeal(name)
            return (keyed(layout, name), dealt)
        }
    }

    /// A prepared layout loaded as `name` as the keyboard with `options` shows it: the language
    /// key when it is one of the languages, the ⚙ keys kept or taken out as the panel's lock says.
    static func keyed(options: KeyboardOptions) -> @Sendable (Layout, String) -> Layout {
        let (languages, access) = (options.languages, options.settingsAccess)
        return { layout, name in access.keyed(languages.keyed(layout, named: name)) }
    }

    /// What completes the start's layouts in a cycle (nil when none lacks its panel).
    var completion: ((LayoutCycle) -> LayoutCycle?)? {
        guard !incomplete.isEmpty else { return nil }
        return { [incomplete, load] cycle in Self.completed(cycle, incomplete: incomplete, load: load) }
    }

    /// `cycle` with the start's layouts that lack their emoji panels loaded again in full. One
    /// that cannot be loaded now (its file changed meanwhile) is kept as shown and the error said.
    private static func completed(_ cycle: LayoutCycle, incomplete: [(loadedAs: String, name: String)],
                                  load: (String) throws(LayoutError) -> Layout) -> LayoutCycle {
        var completed = cycle
        for (loadedAs, name) in incomplete {
            do {
                completed.replace(named: name, with: try load(loadedAs))
            } catch {
                printError("stackboard: \(error.description)")
            }
        }
        return completed
    }

    /// Starts `painter`'s text stack, or says why it cannot and exits.
    private static func startText(_ painter: KeyboardPainter) throws(ExitStatus) {
        try startupStep(exit: 1) { () throws(RenderError) in try painter.startText() }
    }

    /// After the map: a frame shown without its text is painted whole (first thing, before the
    /// rest of the start); a frame shown from the cache is painted again with Pango after the
    /// rest of the start (the same pixels; the text stack is up before the first tap). A hidden
    /// keyboard or a plug paints its first frame then too. A frame painted here is copied in the
    /// server as it is, before the suggestion bar's words, and returned: `keep` writes it to the
    /// cache once the words are on screen (reading it back and writing the file take ~5 ms).
    /// Throws when the text stack cannot start (said on stderr).
    func finish() throws(ExitStatus) -> FrameToKeep? {
        switch frame {
        case .cached:
            runtime.markAllDirty()
            runtime.repaint(now: MonotonicClock.now())
            return nil
        case .withoutText, .none:
            try Self.startText(runtime.painter)
            // The key of what is painted now (the start may have changed the suggestion bar).
            let key = firstFrame.flatMap { runtime.firstFrameKey(base: $0.base()) }?.digest
            runtime.markAllDirty()
            runtime.repaint(now: MonotonicClock.now())
            guard let key, let snapshot = window.snapshotBuffer() else { return nil }
            return FrameToKeep(key: key, snapshot: snapshot)
        }
    }

    /// A painted first frame waiting to be written to the cache.
    struct FrameToKeep {
        let key: FrameDigest
        let snapshot: BufferSnapshot
    }

    /// Writes `frame` to the cache (says why on stderr when it cannot).
    func keep(_ frame: FrameToKeep) {
        guard let firstFrame,
              let problem = firstFrame.store(key: frame.key, snapshot: frame.snapshot, window: window) else { return }
        printError("stackboard: " + problem)
    }
}

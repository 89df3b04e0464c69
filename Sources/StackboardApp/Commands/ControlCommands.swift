import StackboardCore
import StackboardX11
import StackboardSystem
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard show|hide|toggle|layout NAME|status|quit`: control the keyboard running on the
/// display, through an X ClientMessage to its control window (no daemon). Exit status 0 when a
/// keyboard was found and told, 1 when none runs (or the display cannot be opened), 2 for
/// usage errors.
enum ControlCommands {
    static let show = simple(.show, .show, "show the running keyboard")
    static let hide = simple(.hide, .hide, "hide the running keyboard (releases latched modifiers)")
    static let toggle = simple(.toggle, .toggle, "show the running keyboard if hidden, else hide it")
    static let quit = simple(.quit, .quit, "close the running keyboard")
    static let layout = Command(.layout, summary: "switch the running keyboard to another layout", help: help("layout NAME|FILE", .layout, """
        Switches the running keyboard to the layout NAME (see 'stackboard layouts') or the
        layout file FILE (a relative path is taken from the current directory). A layout that
        cannot be loaded is refused with the reason (exit status 2).
        """), runLayout)
    static let status = Command(.status, summary: "print whether the running keyboard is shown or hidden (or its layout, monitor, geometry)",
                                help: help("status [--layout|--monitor|--geometry|--scan]", .status, """
        Prints 'shown' or 'hidden' for the keyboard running on the display ('running' if it has
        not said yet). With --layout, prints the name of the layout on screen instead; with
        --monitor, the keyboard's monitor and its geometry (HDMI-1 1920x1080+1280+0); with
        --geometry, the keyboard window's geometry on the root window (1920x360+1280+720); with
        --scan, what switch scanning highlights (key indices, 'back ...', 'option N', 'none' or 'off').
        """), runStatus)

    static let click = Command(.click, summary: "choose what the running keyboard's next dwell click does",
                               help: help("click left|right|middle|double|drag|pause", .click, """
        Chooses what the next dwell click outside the keyboard does (with --dwell-click MS):
        right, middle, double and drag are done once, then clicks are left again; a drag
        presses at one rest and releases at the next; pause makes no clicks until another
        type is chosen. A keyboard started without --dwell-click is not told (exit status 1).
        """), runClick)

    static let switchCommand = Command(.switch, summary: "press or release a scan switch of the running keyboard",
                                       help: help("switch N press|release", .switch, """
        Presses or releases scan switch N (1 to 5) of the running keyboard, for sip-and-puff
        and other sensors with a driver of their own (D-Bus: Switch(u number, b pressed)).
        Switch 1 is select in every mode; 2 is next in step scanning; 2, 3, 4 and 5 are up,
        down, left and right in directed scanning. A switch the mode has no role for does
        nothing. A keyboard that does not scan (--scan or any --scan-* option) is not told
        (exit status 1).
        """), runSwitch)

    /// Every control command, in `--help` order.
    static let all = [show, hide, toggle, layout, status, quit, click, switchCommand]

    private static func help(_ usage: String, _ command: CommandName, _ text: String) -> String {
        """
        Usage: stackboard \(usage) [--display NAME]

        \(text)

        Options:
        \(SettingsHelp.options(for: command))

        Exit status: 0 when a keyboard was found and told, 1 when no keyboard runs on the
        display (or it cannot be opened), 2 for usage errors.
        """
    }

    private static func simple(_ name: CommandName, _ command: ControlCommand, _ summary: String) -> Command {
        Command(name, summary: summary, help: help(name.rawValue, name, summary.prefix(1).uppercased() + summary.dropFirst() + ".")) { (arguments: Arguments) throws(UsageError) -> Int32 in
            if let extra = arguments.positional.first {
                throw UsageError("'stackboard \(name)' takes no arguments, not '\(extra)'.")
            }
            return deliver(command, display: arguments.settings().string(.display))
        }
    }

    private static func runLayout(_ arguments: Arguments) throws(UsageError) -> Int32 {
        guard arguments.positional.count == 1, let given = arguments.positional.first, !given.isEmpty else {
            throw UsageError(arguments.positional.isEmpty
                ? "'stackboard layout' needs a layout name, for example 'stackboard layout numeric'. 'stackboard layouts' lists them."
                : "'stackboard layout' takes one layout name, not \(arguments.positional.count).")
        }
        let reference = try layoutReference(given)
        // The keyboard would only say so on its own stderr: a layout it cannot load is refused here.
        // (Not `xkb`, the display's own: this process may not see that display, the keyboard does.)
        if reference != KeyboardController.displayLayoutName {
            do { _ = try LayoutCatalog.stackboard().deferringCompletion.load(reference) } catch {
                throw UsageError(error.description)
            }
        }
        return deliver(.layout(reference), display: arguments.settings().string(.display))
    }

    private static func runClick(_ arguments: Arguments) throws(UsageError) -> Int32 {
        guard arguments.positional.count == 1, let given = arguments.positional.first else {
            throw UsageError("'stackboard click' needs one click type: \(ClickType.namesText), for example 'stackboard click right'.")
        }
        guard let type = ClickType(rawValue: given) else {
            throw UsageError("'\(given)' is not a click type: give \(ClickType.namesText).")
        }
        let display = arguments.settings().string(.display)
        // The keyboard would only say so on its own stderr: one that does not dwell-click is told nothing.
        do {
            guard try ControlClient.status(displayName: display).dwellClick != nil else {
                printError("stackboard: the running keyboard does not dwell-click: start it with --dwell-click MS "
                           + "(for example 'stackboard --dwell-click 1000'), then choose the click")
                return 1
            }
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
        return deliver(.click(type), display: display)
    }

    private static func runSwitch(_ arguments: Arguments) throws(UsageError) -> Int32 {
        let given = arguments.positional
        guard given.count == 2 else {
            throw UsageError("'stackboard switch' needs a switch number and press or release, for example 'stackboard switch 1 press'.")
        }
        guard let number = Int(given[0]), (1...5).contains(number) else {
            throw UsageError("'\(given[0])' is not a switch number: give 1 to 5 (1 is select; see 'stackboard switch --help').")
        }
        guard given[1] == "press" || given[1] == "release" else {
            throw UsageError("'\(given[1])' is not press or release: give 'stackboard switch \(number) press' or '... release'.")
        }
        let display = arguments.settings().string(.display)
        // The keyboard would only say so on its own stderr: one that does not scan is told nothing.
        do {
            let scan = try ControlClient.status(displayName: display).scan
            guard let scan, scan != "off" else {
                printError("stackboard: the running keyboard does not scan: start it with --scan (or any --scan-* option, "
                           + "for example 'stackboard --scan-mode step'), then press its switches")
                return 1
            }
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
        return deliver(.switched(number: number, pressed: given[1] == "press"), display: display)
    }

    private static func runStatus(_ arguments: Arguments) throws(UsageError) -> Int32 {
        if let extra = arguments.positional.first {
            throw UsageError("'stackboard status' takes no arguments, not '\(extra)'.")
        }
        let settings = arguments.settings()
        let asked: [Setting] = [.statusLayout, .statusMonitor, .statusGeometry, .statusScan].filter { settings.bool($0) }
        if asked.count > 1 {
            throw UsageError("'stackboard status' prints one thing: give one of --layout, --monitor, --geometry and --scan.")
        }
        do {
            let status = try ControlClient.status(displayName: settings.string(.display))
            switch asked.first {
            case .statusLayout?: print(status.layout ?? "unknown")
            case .statusMonitor?: print(status.monitor ?? "unknown")
            case .statusGeometry?: print(status.geometry?.description ?? "unknown")
            case .statusScan?: print(status.scan ?? "off")
            default: print(status.state ?? "running")
            }
            return 0
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
    }

    /// A layout name as given; a file path (with a `/` or ending in `.json`) made absolute,
    /// because the keyboard reads it from its own working directory.
    static func layoutReference(_ given: String) throws(UsageError) -> String {
        guard given.contains("/") || given.hasSuffix(".json") else { return given }
        var path = given
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            guard getcwd(&buffer, buffer.count) != nil else {
                throw UsageError("cannot resolve '\(given)': the current directory is unreadable; give an absolute path.")
            }
            let cwd = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            path = (cwd == "/" ? "" : cwd) + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
        }
        guard access(path, R_OK) == 0 else {
            throw UsageError("cannot read the layout file '\(path)': \(String(cString: strerror(errno))). "
                             + "Check the path, or give a layout name ('stackboard layouts' lists them).")
        }
        return path
    }

    private static func deliver(_ command: ControlCommand, display: String?) -> Int32 {
        do {
            try ControlClient.send(command, displayName: display)
            return 0
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
    }

    /// For the keyboard command when `ControlChannel` throws `.alreadyRunning`: instead of a
    /// second keyboard, the running one switches to `layout` (if one was asked for) and is
    /// shown (unless `hidden`). Prints one line on stderr; returns the exit status (0 when told).
    static func handOver(window: UInt, display: String, layout: String?, hidden: Bool) -> Int32 {
        var commands: [ControlCommand] = []
        if let layout {
            do throws(UsageError) { commands.append(.layout(try layoutReference(layout))) } catch { return fail(error) }
        }
        if !hidden { commands.append(.show) }
        let what = hidden ? "leaving it as it is" : "showing it"
        printError("stackboard: a keyboard is already running on \(display) (window 0x\(String(window, radix: 16))); \(what)")
        do {
            for command in commands { try ControlClient.send(command, displayName: display) }
            return 0
        } catch {
            printError("stackboard: \(error.description)")
            return 1
        }
    }
}

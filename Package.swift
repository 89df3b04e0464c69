// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Stackboard",
    products: [
        .executable(name: "stackboard", targets: ["stackboard"]),
        .library(name: "StackboardKit", targets: ["StackboardKit"]),
    ],
    targets: [
        // Pure Swift: model, layout engine, hit testing, state machine, text buffer.
        .target(name: "StackboardCore"),
        // The process's plumbing: the one clock, the one poll loop, signals, stdin/files, stderr.
        .target(name: "StackboardSystem", dependencies: ["CShims"]),

        // C libraries, one thin module each.
        .systemLibrary(name: "CX11", pkgConfig: "x11 xext xtst xi xrandr xinerama",
                       providers: [.apt(["libx11-dev", "libxext-dev", "libxtst-dev", "libxi-dev", "libxrandr-dev", "libxinerama-dev"])]),
        // Pango's, sd-bus's and ALSA's headers only: CLazy opens those libraries on first use
        // (after the first frame is on screen), so the loader does not at exec. Their include
        // paths come from pkgconfig/stackboard-pango.pc (cairo linked, pangocairo's flags).
        .systemLibrary(name: "CCairoPango", pkgConfig: "stackboard-pango",
                       providers: [.apt(["libcairo2-dev", "libpango1.0-dev"])]),
        .systemLibrary(name: "CALSA",
                       providers: [.apt(["libasound2-dev"])]),
        .systemLibrary(name: "CXKBCommon", pkgConfig: "xkbcommon",
                       providers: [.apt(["libxkbcommon-dev"])]),
        // D-Bus through sd-bus (libsystemd): the session bus and the accessibility bus.
        .systemLibrary(name: "CSDBus",
                       providers: [.apt(["libsystemd-dev"])]),
        // The functions of Pango, sd-bus and ALSA that Stackboard calls, each opening its library
        // on first use (scripts/lazylibs.py writes them); dlopen is in libc.
        .target(name: "CLazy", dependencies: ["CCairoPango", "CSDBus", "CALSA"]),
        // What Swift cannot write itself (variadic C callbacks).
        .target(name: "CShims", dependencies: ["CALSA", "CLazy"]),
        // A cairo surface on an X drawable, behind a header with no X11 or cairo types
        // (so that the two C modules never both own Xlib's declarations).
        .target(name: "CXlibCairo", dependencies: ["CX11", "CCairoPango"]),

        .target(name: "StackboardRender", dependencies: ["StackboardCore", "CCairoPango", "CLazy"]),
        // Keyboards made from XKB layouts (`xkb:de`): libxkbcommon compiles, Core builds.
        .target(name: "StackboardXKB", dependencies: ["StackboardCore", "CXKBCommon"]),
        .target(name: "StackboardX11", dependencies: [
            "StackboardCore", "StackboardSystem", "CX11", "CXKBCommon", "CXlibCairo", "CCairoPango",
        ]),
        .target(name: "StackboardSound", dependencies: ["StackboardCore", "StackboardSystem", "CALSA", "CShims", "CLazy"]),
        // Word suggestions' files: shipped models mapped from disk, the learned words saved atomically.
        .target(name: "StackboardWords", dependencies: ["StackboardCore"]),
        // One keypad at work (state, painting, popup, clicks, timers, effects), for every host.
        .target(name: "StackboardRuntime", dependencies: [
            "StackboardCore", "StackboardRender", "StackboardX11", "StackboardSystem",
        ]),
        .target(name: "StackboardKit", dependencies: [
            "StackboardCore", "StackboardRender", "StackboardX11", "StackboardRuntime", "StackboardSystem",
        ]),
        // D-Bus connections, AT-SPI focus tracking and the control service, as poll-loop sources.
        .target(name: "StackboardBus", dependencies: ["StackboardCore", "StackboardSystem", "CSDBus", "CLazy"]),
        .target(name: "StackboardApp", dependencies: [
            "StackboardCore", "StackboardRender", "StackboardX11", "StackboardSound",
            "StackboardRuntime", "StackboardSystem", "StackboardBus", "StackboardWords", "StackboardXKB",
        ]),
        .executableTarget(name: "stackboard", dependencies: ["StackboardApp"]),
        // `make bench` (in-process layout and paint timings) and `make fuzz`; not installed.
        .executableTarget(name: "stackboard-bench",
                          dependencies: ["StackboardCore", "StackboardRender", "StackboardXKB", "CX11", "CXlibCairo", "CCairoPango", "StackboardWords"],
                          path: "Benchmarks/StackboardBench"),

        // `make bench`'s floors: Benchmarks/tools/floorpad.c in Swift (what the runtime alone adds).
        // The floor: Pango linked as usual (CCairoPango links only cairo), as a plain C pad would.
        .executableTarget(name: "stackboard-floorpad", dependencies: ["CX11", "CXlibCairo", "CCairoPango"],
                          path: "Benchmarks/FloorPad",
                          linkerSettings: [.linkedLibrary("pangocairo-1.0"), .linkedLibrary("pango-1.0"),
                                           .linkedLibrary("gobject-2.0")]),

        // `make bench`'s auto-show figures: focus -> decision latency and idle wake-ups.
        .executableTarget(name: "stackboard-autoshow-bench", dependencies: ["StackboardCore", "StackboardBus"],
                          path: "Benchmarks/AutoShowBench"),

        .testTarget(name: "StackboardCoreTests", dependencies: ["StackboardCore"]),
        .testTarget(name: "StackboardBusTests", dependencies: ["StackboardCore", "StackboardBus"]),
        .testTarget(name: "StackboardWordsTests", dependencies: ["StackboardCore", "StackboardWords"]),
        .testTarget(name: "StackboardRenderTests", dependencies: ["StackboardCore", "StackboardRender", "StackboardXKB"],
                    exclude: ["Golden"]),
        .testTarget(name: "StackboardXKBTests", dependencies: ["StackboardCore", "StackboardXKB"]),
        // Typing into applications without a display: the injector's schedule as simulated
        // sequences, and the pongs the barrier sees.
        .testTarget(name: "StackboardTypingTests", dependencies: ["StackboardCore", "StackboardX11", "CX11"]),
        // The command line, config.json and the settings table, the runtime's roles on fakes; no display.
        .testTarget(name: "StackboardAppTests", dependencies: [
            "StackboardApp", "StackboardCore", "StackboardRender", "StackboardRuntime", "StackboardSound", "StackboardSystem", "StackboardX11", "CLazy",
        ]),
        .testTarget(name: "StackboardIntegrationTests", dependencies: ["StackboardCore", "StackboardX11", "StackboardKit", "CX11", "StackboardBus"]),
    ]
)

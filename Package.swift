// swift-tools-version:6.0
import PackageDescription

// The benchmark programs, declared only when STACKBOARD_BENCH=1 is in the environment: a plain
// `swift build`, `make build` and `make test` do not build them. `make bench` and `make fuzz`
// (scripts/bench.sh, scripts/fuzz.sh) set it; SwiftPM evaluates this manifest again when the
// variable changes. By hand: STACKBOARD_BENCH=1 swift build --product stackboard-bench.
let benchTargets: [Target] = [
    // `make bench` (in-process layout and paint timings) and `make fuzz`; not installed.
    .executableTarget(name: "stackboard-bench",
                      dependencies: ["StackboardCore", "StackboardSystem", "StackboardRender", "StackboardXKB", "CX11", "CXlibCairo", "StackboardWords"],
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
]

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
        .target(name: "StackboardSystem", dependencies: ["StackboardCore", "CShims"]),

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
        // librime's header only (pinyin): CLazy opens it the first time a pinyin layout is shown.
        .systemLibrary(name: "CRime",
                       providers: [.apt(["librime-dev"])]),
        // OpenCC's header only: the pinyin evaluation's Simplified → Traditional (opened on first use).
        .systemLibrary(name: "COpenCC",
                       providers: [.apt(["libopencc-dev"])]),
        // anthy's header only: kana to kanji, opened the first time the Japanese layout is shown.
        .systemLibrary(name: "CAnthy",
                       providers: [.apt(["libanthy-dev"])]),
        // The functions of Pango, sd-bus and ALSA that Stackboard calls, each opening its library
        // on first use (scripts/lazylibs.py writes them); dlopen is in libc.
        .target(name: "CLazy", dependencies: ["CCairoPango", "CSDBus", "CALSA", "CRime", "COpenCC", "CAnthy"]),
        // What Swift cannot write itself (variadic C callbacks).
        .target(name: "CShims", dependencies: ["CALSA", "CLazy"]),
        // A cairo surface on an X drawable, behind a header with no X11 or cairo types
        // (so that the two C modules never both own Xlib's declarations).
        .target(name: "CXlibCairo", dependencies: ["CX11", "CCairoPango"]),

        .target(name: "StackboardRender", dependencies: ["StackboardCore", "CCairoPango", "CLazy"]),
        // Keyboards made from XKB layouts (`xkb:de`): libxkbcommon compiles, Core builds.
        .target(name: "StackboardXKB", dependencies: ["StackboardCore", "StackboardSystem", "CXKBCommon"]),
        .target(name: "StackboardX11", dependencies: [
            "StackboardCore", "StackboardSystem", "CX11", "CXKBCommon", "CXlibCairo", "CCairoPango",
        ]),
        .target(name: "StackboardSound", dependencies: ["StackboardCore", "StackboardSystem", "CALSA", "CShims", "CLazy"]),
        // Switch scanning: the modes, patterns and timings as a pure machine, and its cost model.
        .target(name: "StackboardScan", dependencies: ["StackboardCore"]),
        // Spoken scanning: what is said for a highlight (pure) and the speaker that runs the engine.
        .target(name: "StackboardSpeech", dependencies: ["StackboardCore"]),
        // One keypad at work (state, painting, popup, clicks, timers, effects), for every host.
        .target(name: "StackboardRuntime", dependencies: ["StackboardCore", "StackboardRender", "StackboardX11"]),
        // Word suggestions: the models, predictor and session, the swipe decoder, the files
        // (shipped models mapped from disk, learned words saved atomically) and the keypad's
        // word engine (the suggestion bar's adapter).
        .target(name: "StackboardWords", dependencies: ["StackboardCore", "StackboardRuntime", "StackboardSystem"]),
        // Chinese, Japanese and Korean composed by the keyboard itself: the composing engines
        // (Hangul automaton, pinyin, kana–kanji) as the keypad's word engine.
        .target(name: "StackboardCompose", dependencies: ["StackboardCore", "StackboardRuntime", "StackboardSystem", "CRime", "COpenCC", "CAnthy", "CLazy"]),
        .target(name: "StackboardKit", dependencies: [
            "StackboardCore", "StackboardRender", "StackboardX11", "StackboardRuntime", "StackboardSystem", "CX11",
        ]),
        // D-Bus connections, AT-SPI focus tracking and the control service, as poll-loop sources.
        .target(name: "StackboardBus", dependencies: ["StackboardCore", "StackboardSystem", "CSDBus", "CLazy"]),
        .target(name: "StackboardApp", dependencies: [
            "StackboardCore", "StackboardRender", "StackboardX11", "StackboardSound",
            "StackboardRuntime", "StackboardSystem", "StackboardBus", "StackboardWords", "StackboardXKB", "StackboardScan", "StackboardCompose",
            "StackboardSpeech",
        ]),
        .executableTarget(name: "stackboard", dependencies: ["StackboardApp"]),
        .testTarget(name: "StackboardCoreTests", dependencies: ["StackboardCore", "StackboardSystem"]),
        .testTarget(name: "StackboardBusTests", dependencies: ["StackboardCore", "StackboardBus"]),
        .testTarget(name: "StackboardComposeTests", dependencies: ["StackboardCore", "StackboardRuntime", "StackboardCompose"]),
        .testTarget(name: "StackboardWordsTests", dependencies: ["StackboardCore", "StackboardWords"]),
        .testTarget(name: "StackboardRenderTests", dependencies: ["StackboardCore", "StackboardSystem", "StackboardRender", "StackboardXKB"],
                    exclude: ["Golden"]),
        .testTarget(name: "StackboardXKBTests", dependencies: ["StackboardCore", "StackboardSystem", "StackboardXKB"]),
        .testTarget(name: "StackboardSoundTests", dependencies: ["StackboardCore", "StackboardSound"]),
        .testTarget(name: "StackboardScanTests", dependencies: ["StackboardCore", "StackboardScan"]),
        .testTarget(name: "StackboardSpeechTests", dependencies: ["StackboardCore", "StackboardSpeech"]),
        // Typing into applications without a display: the injector's schedule as simulated
        // sequences, and the pongs the barrier sees.
        .testTarget(name: "StackboardTypingTests", dependencies: ["StackboardCore", "StackboardX11", "CX11"]),
        // The command line, config.json and the settings table, the runtime's roles on fakes; no display.
        .testTarget(name: "StackboardAppTests", dependencies: [
            "StackboardApp", "StackboardBus", "StackboardCore", "StackboardRender", "StackboardRuntime", "StackboardScan", "StackboardSound", "StackboardSystem", "StackboardWords", "StackboardX11", "CLazy",
            "StackboardSpeech",
        ]),
        .testTarget(name: "StackboardIntegrationTests", dependencies: ["StackboardCore", "StackboardSound", "StackboardX11", "StackboardKit", "CX11", "StackboardBus"]),
    ] + (Context.environment["STACKBOARD_BENCH"] == "1" ? benchTargets : [])
)


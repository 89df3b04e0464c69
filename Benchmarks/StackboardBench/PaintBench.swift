import StackboardCore
import StackboardRender
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

/// `stackboard-bench paint`: layout and paint times of a layout at a size, in this process.
///
/// Prints one JSON object per line (`Sampler.Result.jsonLine`):
/// - `layout` (target `engine`): `KeyboardGeometry(layout:layer:size:)`, the pure layout engine;
/// - `hit` (`engine`): one hit test at a pseudo-random point of the window;
/// - `paint-key` and `paint-all` on an `image` (cairo in this process, no X) and, when a display
///   can be opened, on an `x-pixmap` (the keyboard's own set-up: a pixmap with an xlib surface,
///   the X server renders; each timing ends with XSync): one key repainted (pressed and released
///   in turn, as a tap does) and the whole keyboard;
/// - `fill` on each target: one solid fill of the whole window, the reference the other figures
///   are divided by (the same run, the same load).
enum PaintBench {
    static func run(_ options: BenchOptions) throws -> Int32 {
        let name = options.value("layout") ?? "qwerty"
        let sizeText = options.value("size") ?? "1280x400"
        guard let size = Size(parsing: sizeText), size.width > 0, size.height > 0 else {
            throw BenchUsageError("--size wants WIDTHxHEIGHT like 1280x400, not '\(sizeText)'")
        }
        let scale = try options.number("scale", 1)
        let layout: Layout
        do {
            layout = try LayoutCatalog.forCurrentProcess().load(name)
        } catch {
            throw BenchUsageError("cannot load layout '\(name)': \(error)")
        }
        guard let layer = layout.layers.first else { throw BenchUsageError("layout '\(name)' has no layers") }
        let theme = (try? ThemeCatalog.forCurrentProcess().load(layout.defaults.theme ?? "light")) ?? .light
        let painter = try KeyboardPainter(theme: theme, scale: 1)
        let n = { (base: Int) in max(1, Int(Double(base) * scale)) }

        var results: [Sampler.Result] = []
        var sink = 0
        results.append(Sampler.measure("layout", target: "engine", iterations: n(20_000), warmup: 200) { _ in
            sink &+= KeyboardGeometry(layout: layout, layer: layer, size: size).keys.count
        })
        let geometry = KeyboardGeometry(layout: layout, layer: layer, size: size)
        var rng = SplitMix64(seed: 1)
        let points = (0..<4096).map { _ in
            Point(x: Int(rng.next() % UInt64(size.width)), y: Int(rng.next() % UInt64(size.height)))
        }
        results.append(Sampler.measure("hit", target: "engine", iterations: n(100_000), warmup: 1000) { i in
            sink &+= geometry.hit(points[i % points.count]) ?? 0
        })

        let image = try ImageSurface(width: size.width, height: size.height)
        results += try paintRuns(painter, geometry: geometry, surface: image, target: "image", n: n, sync: {})
        if !options.flag("no-x"), let canvas = try XPixmapCanvas(width: size.width, height: size.height) {
            results += try paintRuns(painter, geometry: geometry, surface: canvas.surface, target: "x-pixmap", n: n,
                                     sync: canvas.sync)
        }
        for r in results { print(r.jsonLine) }
        if sink == 42 { print("") } // keeps the optimizer from dropping the timed work
        return 0
    }

    /// `fill`, `paint-key` and `paint-all` on `surface`; `sync` ends each timed piece of work.
    private static func paintRuns(_ painter: KeyboardPainter, geometry: KeyboardGeometry, surface: CairoSurface,
                                  target: String, n: (Int) -> Int, sync: () -> Void) throws -> [Sampler.Result] {
        let ctx = try CairoContext(surface: surface)
        let whole = Rect(size: geometry.size)
        let letters = geometry.keys.filter { if case .text = $0.key.action { return true } else { return false } }.map(\.index)
        let keys = letters.isEmpty ? geometry.keys.map(\.index) : letters
        guard !keys.isEmpty else { throw BenchUsageError("the layout has no keys to paint") }
        painter.paintAll(ctx, geometry: geometry, shifted: false)
        sync()
        let fill = Sampler.measure("fill", target: target, iterations: n(2000), warmup: 50) { i in
            ctx.fill(whole, with: i % 2 == 0 ? painter.theme.background : painter.theme.normal.fill)
            sync()
        }
        painter.paintAll(ctx, geometry: geometry, shifted: false)
        let key = Sampler.measure("paint-key", target: target, iterations: n(5000), warmup: 100) { i in
            let index = keys[(i / 2) % keys.count]
            let pressed = i % 2 == 0
            painter.paintKeys(ctx, geometry: geometry, indices: [index], shifted: false,
                              states: { $0 == index && pressed ? KeyVisual(pressed: true) : .idle })
            sync()
        }
        let all = Sampler.measure("paint-all", target: target, iterations: n(300), warmup: 10) { _ in
            painter.paintAll(ctx, geometry: geometry, shifted: false)
            sync()
        }
        try ctx.check()
        return [fill, key, all]
    }
}

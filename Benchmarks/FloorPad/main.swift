// stackboard-floorpad: Benchmarks/tools/floorpad.c in Swift, line for line. The same smallest
// keypad (three rows of letters, Pango labels through cairo into a back-buffer pixmap, the key
// sent through XTest on the release, then the repaint), built the way the keyboard is
// (release, the Swift runtime linked in statically). Next to floorpad it measures what the
// Swift runtime alone adds to memory and to tap→key; next to `stackboard` what Stackboard's own
// design adds (bench.py's `floors` section, Benchmarks/peersplit.py --floors).
//
//   stackboard-floorpad [WIDTHxHEIGHT]     (default 1280x400; window name "FloorPadSwift")
import CCairoPango
import CX11
import CXlibCairo
#if canImport(Glibc)
@preconcurrency import Glibc
#endif

let rows: [[CChar]] = ["qwertyuiop", "asdfghjkl", "zxcvbnm"].map { Array($0.utf8CString.dropLast()) }

func fail(_ message: String, _ status: Int32) -> Never {
    let line = message + "\n"
    _ = line.withCString { write(2, $0, strlen($0)) }
    exit(status)
}

/// The window, its back buffer and the label layout.
final class FloorPad {
    let display: OpaquePointer
    let screen: Int32
    let window: Window
    let back: Pixmap
    let surface: OpaquePointer
    let cr: OpaquePointer
    let layout: OpaquePointer
    let width: Int32, height: Int32

    init(width: Int32, height: Int32) {
        guard let display = XOpenDisplay(nil) else { fail("stackboard-floorpad: cannot open the display; set DISPLAY", 1) }
        self.display = display
        self.width = width
        self.height = height
        screen = XDefaultScreen(display)
        window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, UInt32(width), UInt32(height), 0, 0,
                                     XWhitePixel(display, screen))
        XStoreName(display, window, "FloorPadSwift")
        var hints = XWMHints()
        hints.flags = InputHint
        hints.input = 0
        XSetWMHints(display, window, &hints)
        XSelectInput(display, window, ExposureMask | ButtonPressMask | ButtonReleaseMask | StructureNotifyMask)
        back = XCreatePixmap(display, window, UInt32(width), UInt32(height), UInt32(XDefaultDepth(display, screen)))
        surface = OpaquePointer(stackboard_cairo_xlib_surface_make(UnsafeMutableRawPointer(display), back, screen, width, height))
        guard let cr = cairo_create(surface), let layout = pango_cairo_create_layout(cr) else { fail("stackboard-floorpad: no cairo", 1) }
        self.cr = cr
        self.layout = layout
        let font = pango_font_description_from_string("Sans 18")
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
    }

    /// The key under (x, y): its row and index.
    func hit(_ x: Int32, _ y: Int32) -> (row: Int, index: Int)? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let row = Int(y) * rows.count / Int(height)
        return (row, Int(x) * rows[row].count / Int(width))
    }

    func paintKey(_ row: Int, _ index: Int, down: Bool) {
        let w = Double(width) / Double(rows[row].count), h = Double(height) / Double(rows.count)
        let x = Double(index) * w, y = Double(row) * h
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.94)
        cairo_rectangle(cr, x, y, w, h)
        cairo_fill(cr)
        if down { cairo_set_source_rgb(cr, 0.55, 0.7, 0.95) } else { cairo_set_source_rgb(cr, 1, 1, 1) }
        cairo_rectangle(cr, x + 3, y + 3, w - 6, h - 6)
        cairo_fill(cr)
        var label: [CChar] = [rows[row][index], 0]
        pango_layout_set_text(layout, &label, 1)
        var lw: Int32 = 0, lh: Int32 = 0
        pango_layout_get_pixel_size(layout, &lw, &lh)
        cairo_set_source_rgb(cr, 0.1, 0.1, 0.12)
        cairo_move_to(cr, x + (w - Double(lw)) / 2, y + (h - Double(lh)) / 2)
        pango_cairo_show_layout(cr, layout)
        cairo_surface_flush(surface)
        XCopyArea(display, back, window, XDefaultGC(display, screen), Int32(x), Int32(y), UInt32(w) + 1, UInt32(h) + 1,
                  Int32(x), Int32(y))
    }

    func typeLetter(_ c: CChar) {
        var name: [CChar] = [c, 0]
        let code = XKeysymToKeycode(display, XStringToKeysym(&name))
        guard code != 0 else { return }
        XTestFakeKeyEvent(display, UInt32(code), 1, 0)
        XTestFakeKeyEvent(display, UInt32(code), 0, 0)
        XSync(display, 0)  // the key handled before the repaint reaches the server (floorpad.c says why)
    }

    func run() -> Never {
        for row in rows.indices {
            for index in rows[row].indices { paintKey(row, index, down: false) }
        }
        XMapWindow(display, window)
        XFlush(display)
        var down: (row: Int, index: Int)?
        var fd = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        var event = XEvent()
        while true {
            if XPending(display) == 0 {
                if poll(&fd, 1, -1) < 0 { continue }
                if XPending(display) == 0 { continue }
            }
            XNextEvent(display, &event)
            switch event.type {
            case Expose:
                let e = event.xexpose
                XCopyArea(display, back, window, XDefaultGC(display, screen), e.x, e.y, UInt32(e.width), UInt32(e.height), e.x, e.y)
            case ButtonPress:
                guard let key = hit(event.xbutton.x, event.xbutton.y) else { break }
                down = key
                paintKey(key.row, key.index, down: true)
                XFlush(display)
            case ButtonRelease:
                guard let key = down else { break }
                typeLetter(rows[key.row][key.index])
                paintKey(key.row, key.index, down: false)
                XFlush(display)
                down = nil
            default:
                break
            }
        }
    }
}

var size: (Int32, Int32) = (1280, 400)
if CommandLine.arguments.count > 1 {
    let parts = CommandLine.arguments[1].split(separator: "x").compactMap { Int32($0) }
    guard parts.count == 2, parts[0] >= 10, parts[1] >= 10 else { fail("usage: stackboard-floorpad [WIDTHxHEIGHT]", 2) }
    size = (parts[0], parts[1])
}
FloorPad(width: size.0, height: size.1).run()

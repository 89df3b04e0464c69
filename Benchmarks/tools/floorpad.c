/* floorpad: the smallest keypad that does what a tap on Stackboard does, in C. It is the floor
 * under Stackboard's memory and tap→key figures for the stack the mission names (Xlib, cairo,
 * Pango, XTest), with nothing of Stackboard's own: no Swift runtime, no state machine, no
 * suggestions, no XInput, no D-Bus, no sound.
 *
 *   floorpad [WIDTHxHEIGHT]        (default 1280x400; window name "FloorPad")
 *
 * Three rows of letters in equal stacks (qwertyuiop / asdfghjkl / zxcvbnm), labels drawn with
 * Pango through cairo into a back-buffer pixmap. A press paints the key pressed; its release
 * sends the letter's key through XTest (press and release), waits until the server has handled
 * it, then paints the key up again (the key first, the repaint after, as Stackboard does). The window never takes the
 * focus (WM_HINTS input False). The loop is poll on the connection, then every queued event.
 * Benchmarks/FloorPad/main.swift is the same program in Swift (bench.py's `floors` section and
 * Benchmarks/peersplit.py --floors measure both).
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <cairo.h>
#include <cairo-xlib.h>
#include <pango/pangocairo.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *rows[] = {"qwertyuiop", "asdfghjkl", "zxcvbnm"};
enum { ROWS = 3 };

static Display *dpy;
static Window win;
static Pixmap back;
static cairo_surface_t *surface;
static cairo_t *cr;
static PangoLayout *layout;
static int width = 1280, height = 400;

/* The key under (x, y): its row and index, or -1. */
static int hit(int x, int y, int *row) {
    if (x < 0 || y < 0 || x >= width || y >= height) return -1;
    *row = y * ROWS / height;
    int n = (int)strlen(rows[*row]);
    return x * n / width;
}

static void paint_key(int row, int index, int down) {
    int n = (int)strlen(rows[row]);
    double w = (double)width / n, h = (double)height / ROWS;
    double x = index * w, y = row * h;
    cairo_set_source_rgb(cr, 0.93, 0.93, 0.94);
    cairo_rectangle(cr, x, y, w, h);
    cairo_fill(cr);
    if (down) cairo_set_source_rgb(cr, 0.55, 0.7, 0.95);
    else cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_rectangle(cr, x + 3, y + 3, w - 6, h - 6);
    cairo_fill(cr);
    char label[2] = {rows[row][index], 0};
    pango_layout_set_text(layout, label, 1);
    int lw, lh;
    pango_layout_get_pixel_size(layout, &lw, &lh);
    cairo_set_source_rgb(cr, 0.1, 0.1, 0.12);
    cairo_move_to(cr, x + (w - lw) / 2, y + (h - lh) / 2);
    pango_cairo_show_layout(cr, layout);
    cairo_surface_flush(surface);
    XCopyArea(dpy, back, win, DefaultGC(dpy, DefaultScreen(dpy)), (int)x, (int)y,
              (unsigned)w + 1, (unsigned)h + 1, (int)x, (int)y);
}

static void paint_all(void) {
    for (int r = 0; r < ROWS; r++)
        for (int i = 0; rows[r][i]; i++) paint_key(r, i, 0);
}

static void type_letter(char c) {
    char name[2] = {c, 0};
    KeyCode code = XKeysymToKeycode(dpy, XStringToKeysym(name));
    if (!code) return;
    XTestFakeKeyEvent(dpy, code, True, 0);
    XTestFakeKeyEvent(dpy, code, False, 0);
    /* The key is handled, and its events sent, before the repaint's requests reach the server:
     * with only XFlush, the server reads the repaint with the key and sends the target its
     * KeyPress after drawing it (key → target 0.37–0.50 ms instead of 0.22). */
    XSync(dpy, False);
}

int main(int argc, char **argv) {
    if (argc > 1 && (sscanf(argv[1], "%dx%d", &width, &height) != 2 || width < 10 || height < 10)) {
        fprintf(stderr, "usage: floorpad [WIDTHxHEIGHT]\n");
        return 2;
    }
    dpy = XOpenDisplay(NULL);
    if (!dpy) {
        fprintf(stderr, "floorpad: cannot open the display; set DISPLAY\n");
        return 1;
    }
    int screen = DefaultScreen(dpy);
    win = XCreateSimpleWindow(dpy, RootWindow(dpy, screen), 0, 0, width, height, 0, 0,
                              WhitePixel(dpy, screen));
    XStoreName(dpy, win, "FloorPad");
    XWMHints hints = {.flags = InputHint, .input = False};
    XSetWMHints(dpy, win, &hints);
    XSelectInput(dpy, win, ExposureMask | ButtonPressMask | ButtonReleaseMask | StructureNotifyMask);
    back = XCreatePixmap(dpy, win, width, height, DefaultDepth(dpy, screen));
    surface = cairo_xlib_surface_create(dpy, back, DefaultVisual(dpy, screen), width, height);
    cr = cairo_create(surface);
    layout = pango_cairo_create_layout(cr);
    PangoFontDescription *font = pango_font_description_from_string("Sans 18");
    pango_layout_set_font_description(layout, font);
    pango_font_description_free(font);
    paint_all();
    XMapWindow(dpy, win);
    XFlush(dpy);

    int down_row = -1, down_index = -1;
    struct pollfd fd = {.fd = ConnectionNumber(dpy), .events = POLLIN};
    for (;;) {
        if (!XPending(dpy)) {
            if (poll(&fd, 1, -1) < 0) continue;
            if (!XPending(dpy)) continue;
        }
        XEvent e;
        XNextEvent(dpy, &e);
        int row, index;
        switch (e.type) {
        case Expose:
            XCopyArea(dpy, back, win, DefaultGC(dpy, screen), e.xexpose.x, e.xexpose.y,
                      e.xexpose.width, e.xexpose.height, e.xexpose.x, e.xexpose.y);
            break;
        case ButtonPress:
            index = hit(e.xbutton.x, e.xbutton.y, &row);
            if (index < 0) break;
            down_row = row;
            down_index = index;
            paint_key(row, index, 1);
            XFlush(dpy);
            break;
        case ButtonRelease:
            if (down_row < 0) break;
            type_letter(rows[down_row][down_index]);
            paint_key(down_row, down_index, 0);
            XFlush(dpy);
            down_row = down_index = -1;
            break;
        }
    }
}

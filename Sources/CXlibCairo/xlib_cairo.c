#include <X11/Xlib.h>
#include <cairo.h>
#include <cairo-xlib.h>
#include "CXlibCairo.h"

void *stackboard_cairo_xlib_surface_create(void *display, unsigned long drawable, int screen, int width, int height) {
    Display *dpy = (Display *)display;
    Visual *visual = DefaultVisual(dpy, screen);
    return cairo_xlib_surface_create(dpy, (Drawable)drawable, visual, width, height);
}

void *stackboard_cairo_xlib_surface_make(void *display, unsigned long drawable, int screen, int width, int height) {
    return stackboard_cairo_xlib_surface_create(display, drawable, screen, width, height);
}

void stackboard_cairo_xlib_surface_set_size(void *surface, int width, int height) {
    cairo_xlib_surface_set_size((cairo_surface_t *)surface, width, height);
}

#ifndef STACKBOARD_CXLIBCAIRO_H
#define STACKBOARD_CXLIBCAIRO_H
/// Creates a cairo surface (cairo_surface_t *) drawing on an X drawable with the screen's
/// default visual. `display` is a Display *. Returns NULL on failure; check cairo_surface_status.
void *stackboard_cairo_xlib_surface_create(void *display, unsigned long drawable, int screen, int width, int height);
/// Tells an xlib cairo surface (cairo_surface_t *) that its drawable changed size.
void stackboard_cairo_xlib_surface_set_size(void *surface, int width, int height);
#endif

#ifndef STACKBOARD_CXLIBCAIRO_H
#define STACKBOARD_CXLIBCAIRO_H
/// Creates a cairo surface (cairo_surface_t *) drawing on an X drawable with the screen's
/// default visual. `display` is a Display *. Returns NULL on failure; check cairo_surface_status.
void * _Nullable stackboard_cairo_xlib_surface_create(void * _Nullable display, unsigned long drawable, int screen, int width, int height);
/// The same as stackboard_cairo_xlib_surface_create, typed as never NULL: cairo returns a
/// surface in an error state (check cairo_surface_status) rather than NULL.
void * _Nonnull stackboard_cairo_xlib_surface_make(void * _Nonnull display, unsigned long drawable, int screen, int width, int height);
/// Tells an xlib cairo surface (cairo_surface_t *) that its drawable changed size.
void stackboard_cairo_xlib_surface_set_size(void * _Nullable surface, int width, int height);
#endif

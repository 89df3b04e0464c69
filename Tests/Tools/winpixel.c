/* winpixel - reads pixels of a window (XGetImage), for the keyboard window's paint tests.
 *
 * Usage: winpixel WINDOW|root X,Y [X,Y ...]
 * Prints one line per point: "X,Y RRGGBB" (24-bit TrueColor assumed, as on Xvfb -screen 0 WxHx24).
 * Exit status 1 when the window cannot be read (not viewable, no such window).
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failed = 0;

static int on_xerror(Display *d, XErrorEvent *e)
{
	(void)d; (void)e;
	failed = 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: %s WINDOW X,Y [X,Y ...]\n", argv[0]);
		return 2;
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "winpixel: cannot open display\n");
		return 1;
	}
	XSetErrorHandler(on_xerror);
	Window win = strcmp(argv[1], "root") == 0 ? DefaultRootWindow(dpy) : (Window)strtoul(argv[1], NULL, 0);
	for (int i = 2; i < argc; i++) {
		int x, y;
		if (sscanf(argv[i], "%d,%d", &x, &y) != 2) {
			fprintf(stderr, "winpixel: bad point '%s'\n", argv[i]);
			return 2;
		}
		XImage *img = XGetImage(dpy, win, x, y, 1, 1, AllPlanes, ZPixmap);
		XSync(dpy, False);
		if (!img || failed) {
			fprintf(stderr, "winpixel: cannot read %d,%d of 0x%lx\n", x, y, win);
			return 1;
		}
		unsigned long p = XGetPixel(img, 0, 0);
		printf("%d,%d %06lx\n", x, y, p & 0xffffff);
		XDestroyImage(img);
	}
	XCloseDisplay(dpy);
	return 0;
}

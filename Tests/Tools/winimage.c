/* winimage - writes every pixel of a window (XGetImage) to a file, for the first-frame tests.
 *
 * Usage: winimage WINDOW FILE
 * FILE gets width*height little-endian 32-bit pixels, row by row, each 0x00RRGGBB (the top
 * byte cleared: a depth-24 window's pad byte is not a colour). Prints "WIDTHxHEIGHT".
 * Exit status 1 when the window cannot be read (not viewable, no such window).
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static int failed = 0;

static int on_xerror(Display *d, XErrorEvent *e)
{
	(void)d; (void)e;
	failed = 1;
	return 0;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s WINDOW FILE\n", argv[0]);
		return 2;
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "winimage: cannot open display\n");
		return 1;
	}
	XSetErrorHandler(on_xerror);
	Window win = (Window)strtoul(argv[1], NULL, 0);
	XWindowAttributes a;
	if (!XGetWindowAttributes(dpy, win, &a) || failed) {
		fprintf(stderr, "winimage: no window 0x%lx\n", win);
		return 1;
	}
	XImage *img = XGetImage(dpy, win, 0, 0, (unsigned)a.width, (unsigned)a.height, AllPlanes, ZPixmap);
	XSync(dpy, False);
	if (!img || failed) {
		fprintf(stderr, "winimage: cannot read 0x%lx\n", win);
		return 1;
	}
	FILE *f = fopen(argv[2], "wb");
	if (!f) {
		perror("winimage");
		return 1;
	}
	for (int y = 0; y < a.height; y++)
		for (int x = 0; x < a.width; x++) {
			uint32_t p = (uint32_t)(XGetPixel(img, x, y) & 0xffffff);
			fwrite(&p, 4, 1, f);
		}
	fclose(f);
	printf("%dx%d\n", a.width, a.height);
	XDestroyImage(img);
	XCloseDisplay(dpy);
	return 0;
}

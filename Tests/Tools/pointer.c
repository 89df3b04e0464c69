/* pointer - drives the core pointer with XTest only, for the keyboard window's tests.
 *
 * Usage: pointer STEP...   where a STEP is
 *   X,Y      move the pointer to root coordinates X,Y (XTestFakeMotionEvent)
 *   down     press button 1
 *   up       release button 1
 *   tap      press and release button 1
 *   press    press button 1 and wait until the press is delivered (not frozen by a grab)
 *   pause:MS wait MS milliseconds (moves at a finger's pace: a window manager that takes a
 *            drag over must see the moves after it took it)
 *
 * After each button step it waits until the pointer is free again. Window managers (openbox,
 * matchbox) grab button 1 on their clients in synchronous mode and replay the click; while the
 * pointer is frozen, later moves still move the sprite, and the replayed press and release are
 * reported at the sprite's new position (measured on Xvfb 21.1). So a tap must be delivered
 * before the pointer moves on, as it always is at a person's speed. "Free" is probed with
 * XGrabPointer, which answers GrabFrozen or AlreadyGrabbed until then (the probe grab is
 * released at once; it changes no focus). Moves and buttons all go through XTest, in the
 * server's input queue (xdotool's mousemove is an XWarpPointer, which jumps that queue).
 */
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Waits (up to 5 s) until the pointer can be grabbed: not frozen by a window manager's
 * synchronous grab, not held by a button grab. Returns 0 when free. */
static int wait_until_free(Display *dpy)
{
	struct timespec pause = { 0, 1000000 };
	for (int i = 0; i < 5000; i++) {
		XSync(dpy, False);
		int r = XGrabPointer(dpy, DefaultRootWindow(dpy), False, 0, GrabModeAsync, GrabModeAsync,
		                     None, None, CurrentTime);
		if (r == GrabSuccess) {
			XUngrabPointer(dpy, CurrentTime);
			XSync(dpy, False);
			return 0;
		}
		nanosleep(&pause, NULL);
	}
	return 1;
}

/* Waits (up to 5 s) until the pointer is not frozen by a window manager's synchronous grab,
 * while button 1 is held: the probe then answers AlreadyGrabbed (the press's own grab).
 * Returns 0 when the press has been delivered. */
static int wait_until_delivered(Display *dpy)
{
	struct timespec pause = { 0, 1000000 };
	for (int i = 0; i < 5000; i++) {
		XSync(dpy, False);
		int r = XGrabPointer(dpy, DefaultRootWindow(dpy), False, 0, GrabModeAsync, GrabModeAsync,
		                     None, None, CurrentTime);
		if (r == GrabSuccess) {
			XUngrabPointer(dpy, CurrentTime);
			XSync(dpy, False);
		}
		if (r != GrabFrozen)
			return 0;
		nanosleep(&pause, NULL);
	}
	return 1;
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s STEP... (X,Y | down | press | up | tap | pause:MS)\n", argv[0]);
		return 2;
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "pointer: cannot open display\n");
		return 1;
	}
	int ev, er, maj, min;
	if (!XTestQueryExtension(dpy, &ev, &er, &maj, &min)) {
		fprintf(stderr, "pointer: no XTEST extension\n");
		return 1;
	}
	int screen = DefaultScreen(dpy);
	for (int i = 1; i < argc; i++) {
		int x, y;
		int ms;
		if (!strcmp(argv[i], "down")) {
			XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
		} else if (!strcmp(argv[i], "press")) {
			XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
			if (wait_until_delivered(dpy)) {
				fprintf(stderr, "pointer: the pointer stayed frozen for 5 s\n");
				return 1;
			}
		} else if (sscanf(argv[i], "pause:%d", &ms) == 1 && ms >= 0 && ms <= 10000) {
			XSync(dpy, False);
			struct timespec wait = { ms / 1000, (ms % 1000) * 1000000L };
			nanosleep(&wait, NULL);
		} else if (!strcmp(argv[i], "up") || !strcmp(argv[i], "tap")) {
			if (!strcmp(argv[i], "tap"))
				XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
			XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
			if (wait_until_free(dpy)) {
				fprintf(stderr, "pointer: the pointer stayed frozen or grabbed for 5 s\n");
				return 1;
			}
		} else if (sscanf(argv[i], "%d,%d", &x, &y) == 2) {
			XTestFakeMotionEvent(dpy, screen, x, y, CurrentTime);
		} else {
			fprintf(stderr, "pointer: bad step '%s'\n", argv[i]);
			return 2;
		}
	}
	XSync(dpy, False);
	XCloseDisplay(dpy);
	return 0;
}

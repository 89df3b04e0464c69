/* fullscreen - a kiosk-style full-screen application window for the stacking tests.
 *
 * Opens a focusable top-level window with _NET_WM_STATE_FULLSCREEN set before mapping (and
 * asked for again with a _NET_WM_STATE client message once mapped), asks the window manager
 * to activate it, takes the focus, and prints one flushed line per event:
 *
 *   READY    0x<window>          (first Expose)
 *   FOCUSIN  / FOCUSOUT          (focus changes of the window)
 *   CONFIGURE <w>x<h>+<x>+<y>   (every size/position the window gets)
 *
 * With -r MS it raises itself (XRaiseWindow) every MS milliseconds, like an application that
 * fights to stay on top. With -M X,Y it is a maximized window instead, first placed at X,Y (so
 * on the monitor there; CONFIGURE then prints root coordinates), for the struts tests: a
 * window manager maximizes it to that monitor's work area. Usage: fullscreen [-r MS] [-M X,Y]
 */
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int on_xerror(Display *d, XErrorEvent *e)
{
	char msg[128];
	XGetErrorText(d, e->error_code, msg, sizeof msg);
	fprintf(stderr, "fullscreen: X error %s (request %d)\n", msg, e->request_code);
	return 0;
}

static void send_state(Display *dpy, Window root, Window win, Atom state, Atom value)
{
	XEvent a = { 0 };
	a.xclient.type = ClientMessage;
	a.xclient.window = win;
	a.xclient.message_type = state;
	a.xclient.format = 32;
	a.xclient.data.l[0] = 1; /* _NET_WM_STATE_ADD */
	a.xclient.data.l[1] = (long)value;
	a.xclient.data.l[3] = 1; /* source: application */
	XSendEvent(dpy, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &a);
}

int main(int argc, char **argv)
{
	int raise_ms = -1, maximize = 0, at_x = 0, at_y = 0;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-r") && i + 1 < argc)
			raise_ms = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-M") && i + 1 < argc && sscanf(argv[++i], "%d,%d", &at_x, &at_y) == 2)
			maximize = 1;
		else {
			fprintf(stderr, "usage: %s [-r MS] [-M X,Y]\n", argv[0]);
			return 2;
		}
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "fullscreen: cannot open display\n");
		return 1;
	}
	XSetErrorHandler(on_xerror);
	int scr = DefaultScreen(dpy);
	Window root = RootWindow(dpy, scr);
	Window win = maximize
		? XCreateSimpleWindow(dpy, root, at_x, at_y, 300, 200, 0, BlackPixel(dpy, scr), BlackPixel(dpy, scr))
		: XCreateSimpleWindow(dpy, root, 0, 0, DisplayWidth(dpy, scr), DisplayHeight(dpy, scr), 0,
		                      BlackPixel(dpy, scr), BlackPixel(dpy, scr));
	if (maximize) {
		/* USPosition: the window manager puts it where asked, on that monitor. */
		XSizeHints size = { .flags = USPosition | USSize, .x = at_x, .y = at_y, .width = 300, .height = 200 };
		XSetWMNormalHints(dpy, win, &size);
	}
	XStoreName(dpy, win, "fullscreen");
	XClassHint ch = { "fullscreen", "Fullscreen" };
	XWMHints wmh = { .flags = InputHint | StateHint, .input = True, .initial_state = NormalState };
	XSetWMProperties(dpy, win, NULL, NULL, argv, argc, NULL, &wmh, &ch);
	Atom state = XInternAtom(dpy, "_NET_WM_STATE", False);
	Atom full = XInternAtom(dpy, "_NET_WM_STATE_FULLSCREEN", False);
	Atom maximized[2] = { XInternAtom(dpy, "_NET_WM_STATE_MAXIMIZED_VERT", False),
	                      XInternAtom(dpy, "_NET_WM_STATE_MAXIMIZED_HORZ", False) };
	if (maximize)
		XChangeProperty(dpy, win, state, XA_ATOM, 32, PropModeReplace, (unsigned char *)maximized, 2);
	else
		XChangeProperty(dpy, win, state, XA_ATOM, 32, PropModeReplace, (unsigned char *)&full, 1);
	XSelectInput(dpy, win, FocusChangeMask | StructureNotifyMask | ExposureMask);
	XMapRaised(dpy, win);

	int ready = 0;
	for (;;) {
		while (!XPending(dpy)) {
			XFlush(dpy);
			struct pollfd pfd = { ConnectionNumber(dpy), POLLIN, 0 };
			int timeout = raise_ms >= 0 ? raise_ms : (ready ? -1 : 500);
			if (poll(&pfd, 1, timeout) == 0) {
				if (!ready)
					XMapRaised(dpy, win); /* a WM still starting may drop the MapRequest */
				else if (raise_ms >= 0)
					XRaiseWindow(dpy, win);
			}
		}
		XEvent ev;
		XNextEvent(dpy, &ev);
		if (ev.type == Expose && !ready) {
			ready = 1;
			if (maximize) {
				send_state(dpy, root, win, state, maximized[0]);
				send_state(dpy, root, win, state, maximized[1]);
			} else {
				send_state(dpy, root, win, state, full);
			}
			XEvent a = { 0 };
			a.xclient.type = ClientMessage;
			a.xclient.window = win;
			a.xclient.message_type = XInternAtom(dpy, "_NET_ACTIVE_WINDOW", False);
			a.xclient.format = 32;
			a.xclient.data.l[0] = 2;
			XSendEvent(dpy, root, False, SubstructureRedirectMask | SubstructureNotifyMask, &a);
			XSetInputFocus(dpy, win, RevertToParent, CurrentTime);
			printf("READY 0x%lx\n", win);
		} else if (ev.type == FocusIn || ev.type == FocusOut) {
			printf("%s\n", ev.type == FocusIn ? "FOCUSIN" : "FOCUSOUT");
		} else if (ev.type == ConfigureNotify && maximize) {
			int x = 0, y = 0;
			Window child;
			XTranslateCoordinates(dpy, win, root, 0, 0, &x, &y, &child);
			printf("CONFIGURE %dx%d+%d+%d\n", ev.xconfigure.width, ev.xconfigure.height, x, y);
		} else if (ev.type == ConfigureNotify) {
			printf("CONFIGURE %dx%d+%d+%d\n", ev.xconfigure.width, ev.xconfigure.height,
			       ev.xconfigure.x, ev.xconfigure.y);
		}
		fflush(stdout);
	}
}

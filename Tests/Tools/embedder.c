/* embedder - a minimal XEmbed embedder (a "socket"), for the tests of `stackboard entry --xid`.
 *
 * Usage: embedder [-n] [-f] PLUG_WINDOW_ID [WIDTH HEIGHT]
 *   -n   do not add the plug to the save-set (then the plug is destroyed with us, instead of
 *        going back to the root window when we die)
 *   -f   take the input focus on the socket window first (XSetInputFocus), like a toolkit
 *        whose window has the focus
 *
 * Creates a top-level window, reads the plug's _XEMBED_INFO, reparents the plug into the
 * window, maps it when XEMBED_MAPPED is set, sends XEMBED_EMBEDDED_NOTIFY and then
 * XEMBED_FOCUS_IN, and reports on stdout, one flushed line each:
 *   INFO <version> <flags>          the plug's _XEMBED_INFO (or "INFO none")
 *   EMBEDDED <socket id>            the plug is reparented and the notify sent
 *   MAPPED                          the plug is mapped in the socket
 *   FOCUS_SENT                      XEMBED_FOCUS_IN was sent
 *   XEMBED <name> <detail>          an XEmbed message from the plug (FOCUS_NEXT, REQUEST_FOCUS, ...)
 *   FOCUS <window id>               who has the input focus, after each XEmbed message
 *   PLUG_GONE                       the plug window was destroyed or left the socket
 * Runs until killed or the plug is gone. Exit status 1 when the display or plug is unusable.
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int bad_window = 0;

static int on_xerror(Display *d, XErrorEvent *e)
{
	(void)d;
	if (e->error_code == BadWindow)
		bad_window = 1;
	return 0;
}

static const char *message_name(long m)
{
	static const char *names[] = {
		"EMBEDDED_NOTIFY", "WINDOW_ACTIVATE", "WINDOW_DEACTIVATE", "REQUEST_FOCUS", "FOCUS_IN",
		"FOCUS_OUT", "FOCUS_NEXT", "FOCUS_PREV", "GRAB_KEY", "UNGRAB_KEY", "MODALITY_ON", "MODALITY_OFF",
	};
	return m >= 0 && m < (long)(sizeof names / sizeof names[0]) ? names[m] : "UNKNOWN";
}

static void send_xembed(Display *dpy, Atom xembed, Window to, long message, long detail, long data1, long data2)
{
	XEvent ev;
	memset(&ev, 0, sizeof ev);
	ev.xclient.type = ClientMessage;
	ev.xclient.window = to;
	ev.xclient.message_type = xembed;
	ev.xclient.format = 32;
	ev.xclient.data.l[0] = CurrentTime;
	ev.xclient.data.l[1] = message;
	ev.xclient.data.l[2] = detail;
	ev.xclient.data.l[3] = data1;
	ev.xclient.data.l[4] = data2;
	XSendEvent(dpy, to, False, NoEventMask, &ev);
	XSync(dpy, False);
}

int main(int argc, char **argv)
{
	int save_set = 1, take_focus = 0, i = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "-n"))
			save_set = 0;
		else if (!strcmp(argv[i], "-f"))
			take_focus = 1;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: %s [-n] [-f] PLUG_WINDOW_ID [WIDTH HEIGHT]\n", argv[0]);
		return 2;
	}
	Window plug = (Window)strtoul(argv[i], NULL, 0);
	unsigned width = i + 2 < argc ? (unsigned)atoi(argv[i + 1]) : 360;
	unsigned height = i + 2 < argc ? (unsigned)atoi(argv[i + 2]) : 480;
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "embedder: cannot open display\n");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	XSetErrorHandler(on_xerror);
	Atom xembed = XInternAtom(dpy, "_XEMBED", False);
	Atom info = XInternAtom(dpy, "_XEMBED_INFO", False);

	Window root = DefaultRootWindow(dpy);
	Window socket = XCreateSimpleWindow(dpy, root, 100, 100, width, height, 0, 0, 0x808080);
	XStoreName(dpy, socket, "embedder");
	XSelectInput(dpy, socket, StructureNotifyMask | SubstructureNotifyMask | FocusChangeMask);
	/* A window manager that is still starting can drop a map request: ask again until mapped. */
	XEvent ev;
	int mapped = 0;
	for (int tries = 0; !mapped && tries < 40; tries++) {
		XMapWindow(dpy, socket);
		XSync(dpy, False);
		for (int i = 0; !mapped && i < 50; i++) {
			while (!mapped && XPending(dpy) > 0) {
				XNextEvent(dpy, &ev);
				mapped = ev.type == MapNotify && ev.xmap.window == socket;
			}
			if (!mapped)
				nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
		}
	}
	if (!mapped) {
		fprintf(stderr, "embedder: the socket window was never mapped\n");
		return 1;
	}
	if (take_focus) {
		XSetInputFocus(dpy, socket, RevertToParent, CurrentTime);
		XSync(dpy, False);
	}

	Atom type;
	int format;
	unsigned long count, after;
	unsigned char *data = NULL;
	long flags = 0;
	if (XGetWindowProperty(dpy, plug, info, 0, 2, False, info, &type, &format, &count, &after, &data) == Success
	    && type == info && format == 32 && count >= 2) {
		long *values = (long *)data;
		flags = values[1];
		printf("INFO %ld %ld\n", values[0], values[1]);
	} else {
		printf("INFO none\n");
	}
	if (data)
		XFree(data);
	XSync(dpy, False);
	if (bad_window) {
		fprintf(stderr, "embedder: no window 0x%lx\n", plug);
		return 1;
	}

	XSelectInput(dpy, plug, StructureNotifyMask);
	XReparentWindow(dpy, plug, socket, 0, 0);
	XResizeWindow(dpy, plug, width, height);
	if (save_set)
		XAddToSaveSet(dpy, plug);
	if (flags & 1)
		XMapWindow(dpy, plug);
	send_xembed(dpy, xembed, plug, 0 /* EMBEDDED_NOTIFY */, 0, (long)socket, 0);
	printf("EMBEDDED %lu\n", socket);

	int focus_sent = 0;
	for (;;) {
		XNextEvent(dpy, &ev);
		if (ev.type == MapNotify && ev.xmap.window == plug && ev.xmap.event == socket) {
			printf("MAPPED\n");
			if (!focus_sent) {
				send_xembed(dpy, xembed, plug, 4 /* FOCUS_IN */, 0 /* FOCUS_CURRENT */, 0, 0);
				focus_sent = 1;
				printf("FOCUS_SENT\n");
			}
		} else if (ev.type == ClientMessage && ev.xclient.message_type == xembed && ev.xclient.window == socket) {
			printf("XEMBED %s %ld\n", message_name(ev.xclient.data.l[1]), ev.xclient.data.l[2]);
			Window focus;
			int revert;
			XGetInputFocus(dpy, &focus, &revert);
			printf("FOCUS %lu\n", focus);
		} else if ((ev.type == DestroyNotify && ev.xdestroywindow.window == plug)
		           || (ev.type == ReparentNotify && ev.xreparent.window == plug && ev.xreparent.parent != socket)) {
			printf("PLUG_GONE\n");
			break;
		}
	}
	XCloseDisplay(dpy);
	return 0;
}

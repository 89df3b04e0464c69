/* showprobe - when a keyboard's top-level window becomes viewable and stops being viewable, on
 * CLOCK_MONOTONIC, and XTest clicks on command, for auto-show's focus → mapped figure.
 *
 * Usage: showprobe [-p PID] [-c CLASS] [-t SECS]
 *
 * Finds the top-level window whose WM_CLASS class is CLASS (default "Stackboard") and instance
 * its lower-case name ("stackboard": not the keypad or a popup), and whose _NET_WM_PID is PID
 * when -p is given, waiting up to SECS (default 20) for it; the window may be unmapped. Then
 * it reads commands on stdin, one a line:
 *   click X Y   an XTest motion to root X,Y, then button 1 pressed and released
 *   quit
 * and prints, all times CLOCK_MONOTONIC microseconds, one line each, flushed:
 *   WINDOW 0x<win>                 the window it follows
 *   CLICK <t>                      taken just before the XTest press of a click is sent
 *   SHOWN <t> <x>,<y>,<w>,<h>      the window became viewable (it and every ancestor mapped:
 *                                  with a reparenting window manager the frame's MapNotify,
 *                                  after the client's); its root geometry then
 *   HIDDEN <t>                     it stopped being viewable (its UnmapNotify, or its frame's)
 *   MOVED <t> <x>,<y>,<w>,<h>      a ConfigureNotify of the window while it is viewable
 *   GONE <t>                       the window was destroyed (then it exits)
 * <t> is read when the event is taken from the connection (one poll per batch): the X server
 * sends MapNotify when it maps the window, so this is the map as seen by a client, within a
 * read of the socket. A click is sent only once the pointer is free (no window manager's
 * synchronous grab from an earlier click), so the press lands where it is aimed (see
 * Tests/Tools/pointer.c).
 */
#define _GNU_SOURCE
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XTest.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

static Display *dpy;
static Window root, target;
static int viewable;

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static int quiet_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static long window_pid(Window w)
{
	Atom type;
	int format;
	unsigned long n, after;
	unsigned char *data = NULL;
	long pid = -1;
	if (XGetWindowProperty(dpy, w, XInternAtom(dpy, "_NET_WM_PID", False), 0, 1, False, XA_CARDINAL,
	                       &type, &format, &n, &after, &data) == Success && data && n == 1 && format == 32)
		pid = (long)*(unsigned long *)data;
	if (data)
		XFree(data);
	return pid;
}

static int is_target(Window w, const char *class, long pid)
{
	XClassHint hint = { 0 };
	if (!XGetClassHint(dpy, w, &hint))
		return 0;
	int ok = hint.res_class && hint.res_name && !strcmp(hint.res_class, class) && !strcasecmp(hint.res_name, class);
	if (hint.res_name)
		XFree(hint.res_name);
	if (hint.res_class)
		XFree(hint.res_class);
	return ok && (pid < 0 || window_pid(w) == pid);
}

/* The window among root's children and grandchildren (a window manager's frames). */
static Window find(const char *class, long pid)
{
	Window r, parent, *kids = NULL, found = None;
	unsigned int n = 0;
	if (!XQueryTree(dpy, root, &r, &parent, &kids, &n))
		return None;
	for (unsigned int i = 0; i < n && !found; i++) {
		if (is_target(kids[i], class, pid)) {
			found = kids[i];
			break;
		}
		Window *sub = NULL;
		unsigned int m = 0;
		if (XQueryTree(dpy, kids[i], &r, &parent, &sub, &m))
			for (unsigned int j = 0; j < m && !found; j++)
				if (is_target(sub[j], class, pid))
					found = sub[j];
		if (sub)
			XFree(sub);
	}
	if (kids)
		XFree(kids);
	return found;
}

static void geometry(char *out, size_t size)
{
	XWindowAttributes a;
	Window child;
	int x = 0, y = 0;
	if (!XGetWindowAttributes(dpy, target, &a)) {
		snprintf(out, size, "?");
		return;
	}
	XTranslateCoordinates(dpy, target, root, 0, 0, &x, &y, &child);
	snprintf(out, size, "%d,%d,%d,%d", x, y, a.width, a.height);
}

/* After a map or unmap anywhere it could matter: has the window's viewability changed? */
static void check(long long t)
{
	XWindowAttributes a;
	int now = XGetWindowAttributes(dpy, target, &a) && a.map_state == IsViewable;
	if (now == viewable)
		return;
	viewable = now;
	if (now) {
		char g[64];
		geometry(g, sizeof g);
		printf("SHOWN %lld %s\n", t, g);
	} else {
		printf("HIDDEN %lld\n", t);
	}
	fflush(stdout);
}

/* Waits (up to 5 s) until the pointer can be grabbed: no synchronous grab still frozen. */
static void wait_until_free(void)
{
	struct timespec pause = { 0, 1000000 };
	for (int i = 0; i < 5000; i++) {
		XSync(dpy, False);
		int r = XGrabPointer(dpy, root, False, 0, GrabModeAsync, GrabModeAsync, None, None, CurrentTime);
		if (r == GrabSuccess) {
			XUngrabPointer(dpy, CurrentTime);
			XSync(dpy, False);
			return;
		}
		nanosleep(&pause, NULL);
	}
	fprintf(stderr, "showprobe: the pointer stayed frozen or grabbed for 5 s\n");
}

/* Handles every queued event; returns 0 once the window is gone. */
static int drain(void)
{
	while (XPending(dpy)) {
		XEvent ev;
		XNextEvent(dpy, &ev);
		long long t = now_us();
		switch (ev.type) {
		case MapNotify:
		case UnmapNotify:
		case ReparentNotify:
			check(t);
			break;
		case ConfigureNotify:
			if (ev.xconfigure.window == target && viewable) {
				char g[64];
				geometry(g, sizeof g);
				printf("MOVED %lld %s\n", t, g);
				fflush(stdout);
			}
			break;
		case DestroyNotify:
			if (ev.xdestroywindow.window == target) {
				printf("GONE %lld\n", t);
				fflush(stdout);
				return 0;
			}
			break;
		}
	}
	return 1;
}

static int command(char *line, int screen)
{
	int x, y;
	if (!strncmp(line, "quit", 4))
		return 0;
	if (sscanf(line, "click %d %d", &x, &y) != 2) {
		fprintf(stderr, "showprobe: unknown command '%s' (click X Y | quit)\n", line);
		return 1;
	}
	wait_until_free();
	XTestFakeMotionEvent(dpy, screen, x, y, CurrentTime);
	XSync(dpy, False);
	long long t = now_us();
	XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
	XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
	XFlush(dpy);
	printf("CLICK %lld\n", t);
	fflush(stdout);
	return 1;
}

int main(int argc, char **argv)
{
	long pid = -1;
	const char *class = "Stackboard";
	int seconds = 20, opt;
	while ((opt = getopt(argc, argv, "p:c:t:")) != -1) {
		if (opt == 'p')
			pid = atol(optarg);
		else if (opt == 'c')
			class = optarg;
		else if (opt == 't')
			seconds = atoi(optarg);
		else {
			fprintf(stderr, "usage: showprobe [-p PID] [-c CLASS] [-t SECS]\n");
			return 2;
		}
	}
	setvbuf(stdin, NULL, _IONBF, 0);
	dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "showprobe: cannot open display '%s': set DISPLAY\n", getenv("DISPLAY") ? getenv("DISPLAY") : "");
		return 1;
	}
	int ev, er, maj, min;
	if (!XTestQueryExtension(dpy, &ev, &er, &maj, &min)) {
		fprintf(stderr, "showprobe: the X server has no XTEST extension\n");
		return 1;
	}
	XSetErrorHandler(quiet_errors);
	int screen = DefaultScreen(dpy);
	root = RootWindow(dpy, screen);
	/* Frames come and go as root's children: their maps and unmaps decide viewability too. */
	XSelectInput(dpy, root, SubstructureNotifyMask);
	long long end = now_us() + (long long)seconds * 1000000LL;
	while (!(target = find(class, pid))) {
		if (now_us() > end) {
			fprintf(stderr, "showprobe: no window of class %s%s after %d s\n", class, pid >= 0 ? " and that PID" : "", seconds);
			return 1;
		}
		usleep(20000);
	}
	XSelectInput(dpy, target, StructureNotifyMask);
	XSync(dpy, False);
	printf("WINDOW 0x%lx\n", target);
	fflush(stdout);
	check(now_us());
	struct pollfd fds[2] = { { ConnectionNumber(dpy), POLLIN, 0 }, { 0, POLLIN, 0 } };
	char buf[256];
	size_t have = 0;
	for (;;) {
		if (!drain())
			return 0;
		if (poll(fds, 2, -1) < 0)
			continue;
		if (fds[1].revents & (POLLIN | POLLHUP)) {
			ssize_t n = read(0, buf + have, sizeof buf - 1 - have);
			if (n <= 0)
				return 0;
			have += (size_t)n;
			buf[have] = 0;
			char *nl;
			while ((nl = strchr(buf, '\n'))) {
				size_t used = (size_t)(nl + 1 - buf);
				*nl = 0;
				if (!command(buf, screen))
					return 0;
				memmove(buf, buf + used, have - used + 1);
				have -= used;
			}
			if (have >= sizeof buf - 1)
				have = 0;
		}
		if (fds[0].revents & (POLLHUP | POLLERR))
			return 1;
	}
}

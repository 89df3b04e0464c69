/* randrprobe - how long a docked keyboard takes to follow a change of the screen size.
 *
 * Usage: randrprobe WINDOW ROUNDS WxH WxH
 *
 * Switches the screen between the two sizes (RandR 1.1 XRRSetScreenConfig, what `xrandr -s`
 * does) ROUNDS times and prints, per round, CLOCK_MONOTONIC microseconds after the request:
 *   ROUND <n> <WxH> rr=<us> configure=<us> strut=<us> paint=<us>
 *     rr         the probe's own RRScreenChangeNotify (the server's and a client's floor)
 *     configure  WINDOW's first ConfigureNotify with the new width (a full-width dock)
 *     strut      WINDOW's _NET_WM_STRUT_PARTIAL saying the new width (bottom_end_x = W-1)
 *     paint      the first DAMAGE of WINDOW after that configure (its first new frame; every
 *                drawing is reported, XDamageReportRawRectangles)
 * and at the end MEDIAN lines of each. A round that does not finish within 5 s is TIMEOUT.
 * The next round starts once the last one is done and 300 ms have passed.
 */
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/extensions/Xrandr.h>
#include <X11/extensions/Xdamage.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static int quiet_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static int by_value(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

static long long median(long long *v, int n)
{
	qsort(v, n, sizeof *v, by_value);
	return n ? v[n / 2] : -1;
}

static long strut_end_x(Display *dpy, Window w, Atom strut)
{
	Atom type;
	int format;
	unsigned long count, after;
	unsigned char *data = NULL;
	long end = -1;
	if (XGetWindowProperty(dpy, w, strut, 0, 12, False, XA_CARDINAL, &type, &format, &count, &after, &data) == Success
	    && data && format == 32 && count == 12)
		end = ((long *)data)[11];
	if (data)
		XFree(data);
	return end;
}

int main(int argc, char **argv)
{
	if (argc != 5) {
		fprintf(stderr, "usage: %s WINDOW ROUNDS WxH WxH\n", argv[0]);
		return 2;
	}
	Window win = strtoul(argv[1], NULL, 0);
	int rounds = atoi(argv[2]);
	int sw[2], sh[2];
	for (int i = 0; i < 2; i++)
		if (sscanf(argv[3 + i], "%dx%d", &sw[i], &sh[i]) != 2) {
			fprintf(stderr, "randrprobe: '%s' is no WxH\n", argv[3 + i]);
			return 2;
		}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "randrprobe: cannot open the display\n");
		return 1;
	}
	XSetErrorHandler(quiet_errors);
	Window root = DefaultRootWindow(dpy);
	int rr_event, rr_error, damage_event, damage_error;
	if (!XRRQueryExtension(dpy, &rr_event, &rr_error) || !XDamageQueryExtension(dpy, &damage_event, &damage_error)) {
		fprintf(stderr, "randrprobe: the server has no RandR or no DAMAGE\n");
		return 1;
	}
	XRRSelectInput(dpy, root, RRScreenChangeNotifyMask);
	XSelectInput(dpy, win, StructureNotifyMask | PropertyChangeMask);
	XDamageCreate(dpy, win, XDamageReportRawRectangles);
	Atom strut = XInternAtom(dpy, "_NET_WM_STRUT_PARTIAL", False);
	long long *rr = calloc(rounds, sizeof *rr), *cfg = calloc(rounds, sizeof *cfg);
	long long *st = calloc(rounds, sizeof *st), *paint = calloc(rounds, sizeof *paint);
	int done = 0;
	for (int r = 0; r < rounds; r++) {
		int target = (r + 1) % 2; /* start by leaving the first size */
		XRRScreenConfiguration *conf = XRRGetScreenInfo(dpy, root);
		int nsizes = 0;
		XRRScreenSize *sizes = XRRConfigSizes(conf, &nsizes);
		int index = -1;
		for (int i = 0; i < nsizes; i++)
			if (sizes[i].width == sw[target] && sizes[i].height == sh[target])
				index = i;
		if (index < 0) {
			fprintf(stderr, "randrprobe: the screen has no size %dx%d\n", sw[target], sh[target]);
			return 1;
		}
		Rotation rotation;
		XRRConfigCurrentConfiguration(conf, &rotation);
		long long t0 = now_us();
		XRRSetScreenConfig(dpy, conf, root, index, rotation, CurrentTime);
		XRRFreeScreenConfigInfo(conf);
		XFlush(dpy);
		long long got_rr = -1, got_cfg = -1, got_strut = -1, got_paint = -1;
		while (got_rr < 0 || got_cfg < 0 || got_strut < 0 || got_paint < 0) {
			long long left = t0 + 5000000 - now_us();
			if (left <= 0)
				break;
			if (!XPending(dpy)) {
				struct pollfd pfd = { ConnectionNumber(dpy), POLLIN, 0 };
				poll(&pfd, 1, (int)(left / 1000) + 1);
				continue;
			}
			XEvent ev;
			XNextEvent(dpy, &ev);
			long long t = now_us() - t0;
			if (ev.type == rr_event + RRScreenChangeNotify) {
				XRRUpdateConfiguration(&ev);
				if (got_rr < 0)
					got_rr = t;
			} else if (ev.type == ConfigureNotify && ev.xconfigure.window == win) {
				if (got_cfg < 0 && ev.xconfigure.width == sw[target])
					got_cfg = t;
			} else if (ev.type == PropertyNotify && ev.xproperty.window == win && ev.xproperty.atom == strut) {
				if (got_strut < 0 && strut_end_x(dpy, win, strut) == sw[target] - 1)
					got_strut = t;
			} else if (ev.type == damage_event + XDamageNotify) {
				if (got_cfg >= 0 && got_paint < 0)
					got_paint = t;
			}
		}
		if (got_paint < 0) {
			printf("ROUND %d %dx%d TIMEOUT rr=%lld configure=%lld strut=%lld paint=%lld\n", r + 1, sw[target], sh[target],
			       got_rr, got_cfg, got_strut, got_paint);
		} else {
			printf("ROUND %d %dx%d rr=%lld configure=%lld strut=%lld paint=%lld\n", r + 1, sw[target], sh[target], got_rr,
			       got_cfg, got_strut, got_paint);
			rr[done] = got_rr;
			cfg[done] = got_cfg;
			st[done] = got_strut;
			paint[done] = got_paint;
			done++;
		}
		fflush(stdout);
		/* Let the window manager and the keyboard settle before the next change. */
		long long until = now_us() + 300000;
		while (now_us() < until) {
			while (XPending(dpy)) {
				XEvent ev;
				XNextEvent(dpy, &ev);
				if (ev.type == rr_event + RRScreenChangeNotify)
					XRRUpdateConfiguration(&ev);
			}
			struct pollfd pfd = { ConnectionNumber(dpy), POLLIN, 0 };
			poll(&pfd, 1, 20);
		}
	}
	printf("MEDIAN rounds=%d rr=%lld configure=%lld strut=%lld paint=%lld\n", done, median(rr, done), median(cfg, done),
	       median(st, done), median(paint, done));
	return done == rounds ? 0 : 1;
}

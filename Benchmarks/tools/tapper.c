/* tapper - taps (XTest button 1 clicks) at a steady rate, each delivered before the next move.
 *
 * Usage: tapper [-r TAPS_PER_SECOND] [-h HOLD_MS] [-p EVERY] < STEPS
 *
 * STEPS holds one tap per line, "X Y" in root coordinates. Each tap is an XTest motion to X,Y,
 * a button press, HOLD_MS (default 4), a release, and then a wait until the pointer can be
 * grabbed again. That wait is what makes fast taps land where they are aimed: a window manager
 * (openbox, matchbox) grabs button 1 on its clients in synchronous mode and replays the click;
 * while the pointer is frozen, later XTest moves still move the sprite and the replayed press
 * and release are reported at the sprite's latest position (the pitfall found with
 * Tests/Tools/pointer.c, whose probe this copies). With -r the taps start on a fixed schedule,
 * tap i at t0 + i/RATE (a late tap does not shift the ones after it); without, as fast as they
 * are delivered. Prints "PROGRESS <taps> <t_us>" every EVERY taps (default 1000) and at the end
 * "DONE <taps> <seconds> <late>" where late counts taps that started over 10 ms behind schedule.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <errno.h>
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

static void sleep_us(long long us)
{
	if (us <= 0)
		return;
	struct timespec ts = { (time_t)(us / 1000000), (long)(us % 1000000) * 1000 };
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* 0 once the pointer is neither frozen by a synchronous grab nor grabbed (<= 5 s) */
static int wait_until_free(Display *dpy)
{
	for (int i = 0; i < 5000; i++) {
		XSync(dpy, False);
		int r = XGrabPointer(dpy, DefaultRootWindow(dpy), False, 0, GrabModeAsync, GrabModeAsync,
		                     None, None, CurrentTime);
		if (r == GrabSuccess) {
			XUngrabPointer(dpy, CurrentTime);
			XSync(dpy, False);
			return 0;
		}
		sleep_us(1000);
	}
	return 1;
}

int main(int argc, char **argv)
{
	double rate = 0, hold_ms = 4;
	long every = 1000;
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-r") && i + 1 < argc)
			rate = atof(argv[++i]);
		else if (!strcmp(argv[i], "-h") && i + 1 < argc)
			hold_ms = atof(argv[++i]);
		else if (!strcmp(argv[i], "-p") && i + 1 < argc)
			every = atol(argv[++i]);
		else {
			fprintf(stderr, "usage: tapper [-r TAPS_PER_SECOND] [-h HOLD_MS] [-p EVERY] < STEPS\n");
			return 2;
		}
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "tapper: cannot open display\n");
		return 1;
	}
	int ev, er, maj, min;
	if (!XTestQueryExtension(dpy, &ev, &er, &maj, &min)) {
		fprintf(stderr, "tapper: no XTEST extension\n");
		return 1;
	}
	long long t0 = now_us();
	long taps = 0, late = 0;
	int x, y;
	while (scanf("%d %d", &x, &y) == 2) {
		if (rate > 0) {
			long long due = t0 + (long long)(taps * 1e6 / rate);
			long long t = now_us();
			if (t > due + 10000)
				late++;
			sleep_us(due - t);
		}
		XTestFakeMotionEvent(dpy, -1, x, y, CurrentTime);
		XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
		XFlush(dpy);
		sleep_us((long long)(hold_ms * 1000));
		XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
		if (wait_until_free(dpy)) {
			fprintf(stderr, "tapper: the pointer stayed frozen or grabbed for 5 s after tap %ld\n", taps + 1);
			return 1;
		}
		taps++;
		if (every > 0 && taps % every == 0) {
			printf("PROGRESS %ld %lld\n", taps, now_us());
			fflush(stdout);
		}
	}
	printf("DONE %ld %.3f %ld\n", taps, (now_us() - t0) / 1e6, late);
	XCloseDisplay(dpy);
	return 0;
}

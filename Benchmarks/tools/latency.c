/* latency - tap-to-key latency of an on-screen keyboard next to the XTest floor, interleaved.
 *
 * Usage: latency LOG X Y N HOLD_MS GAP_MS KEYSYM
 *
 * LOG is the output of keysink (Tests/Tools/keysink.c: "KEY <t_us> <keysym> ..." lines, stamped
 * with CLOCK_MONOTONIC when the target dequeues the event). N times, in alternating order:
 *   - a tap: XTest button 1 press at root X,Y, HOLD_MS, release; then wait (<= 1 s) for the next
 *     KEY line of a non-modifier keysym, and print
 *         TAP <i> <t_down> <t_up> <t_key|-1> <keysym|->
 *   - the floor: an XTest key press and release of KEYSYM sent straight to the focused window
 *     (no keyboard in between), then wait for its KEY line, and print
 *         FLOOR <i> <t_sent> <t_key|-1>
 * with a pause of GAP_MS plus 0-20 ms of random jitter after each (no phase lock with timers).
 * Pairs measured back to back see the same load, so their ratio is meaningful on a busy machine.
 * The pointer is moved to X,Y once, before the first tap.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
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

static void sleep_ms(double ms)
{
	struct timespec ts = { (time_t)(ms / 1000), (long)((ms - 1000 * (long)(ms / 1000)) * 1e6) };
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/* the first "KEY <t> <keysym>" line of LOG from *off on with t >= after, not a modifier */
static int next_key(const char *log, long *off, long long after, long long *t, char *ks)
{
	FILE *f = fopen(log, "r");
	if (!f)
		return 0;
	fseek(f, *off, SEEK_SET);
	char line[1024];
	int found = 0;
	while (!found && fgets(line, sizeof line, f)) {
		size_t n = strlen(line);
		if (n == 0 || line[n - 1] != '\n')
			break; /* a partial line: read it again later */
		*off += (long)n;
		long long tt;
		if (sscanf(line, "KEY %lld %63s", &tt, ks) == 2 && tt >= after &&
		    !IsModifierKey(XStringToKeysym(ks))) {
			*t = tt;
			found = 1;
		}
	}
	fclose(f);
	return found;
}

static long long wait_key(const char *log, long *off, long long after, char *ks)
{
	long long t = -1, end = now_us() + 1000000;
	while (now_us() < end && !next_key(log, off, after, &t, ks))
		sleep_ms(0.2);
	return t;
}

int main(int argc, char **argv)
{
	if (argc != 8) {
		fprintf(stderr, "usage: latency LOG X Y N HOLD_MS GAP_MS KEYSYM\n");
		return 2;
	}
	const char *log = argv[1];
	int x = atoi(argv[2]), y = atoi(argv[3]), n = atoi(argv[4]);
	double hold = atof(argv[5]), gap = atof(argv[6]);
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "latency: cannot open display\n");
		return 1;
	}
	KeyCode kc = XKeysymToKeycode(dpy, XStringToKeysym(argv[7]));
	if (!kc) {
		fprintf(stderr, "latency: no keycode for %s\n", argv[7]);
		return 1;
	}
	srand((unsigned)now_us());
	long off = 0;
	FILE *f = fopen(log, "r");
	if (f) {
		fseek(f, 0, SEEK_END);
		off = ftell(f);
		fclose(f);
	}
	XTestFakeMotionEvent(dpy, -1, x, y, CurrentTime);
	XSync(dpy, False);
	sleep_ms(50);
	for (int i = 0; i < n; i++) {
		for (int part = 0; part < 2; part++) {
			char ks[64] = "-";
			if ((part == 0) == (i % 2 == 0)) {
				long long down = now_us();
				XTestFakeButtonEvent(dpy, 1, True, CurrentTime);
				XFlush(dpy);
				sleep_ms(hold);
				long long up = now_us();
				XTestFakeButtonEvent(dpy, 1, False, CurrentTime);
				XSync(dpy, False);
				long long tk = wait_key(log, &off, down, ks);
				printf("TAP %d %lld %lld %lld %s\n", i, down, up, tk, tk < 0 ? "-" : ks);
			} else {
				long long sent = now_us();
				XTestFakeKeyEvent(dpy, kc, True, CurrentTime);
				XTestFakeKeyEvent(dpy, kc, False, CurrentTime);
				XSync(dpy, False);
				long long tk = wait_key(log, &off, sent, ks);
				printf("FLOOR %d %lld %lld\n", i, sent, tk);
			}
			fflush(stdout);
			sleep_ms(gap + rand() % 21);
		}
	}
	XCloseDisplay(dpy);
	return 0;
}

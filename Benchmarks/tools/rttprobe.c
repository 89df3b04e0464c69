/* rttprobe - how long another client waits for the X server: a round trip (XSync, i.e.
 * GetInputFocus) after another, for a while, each timed. A server grab by some client (the
 * keymap lock of Stackboard's injector) holds every other client's requests, so the longest
 * round trips during typing show what the lock costs the rest of the desktop.
 *
 * Usage: rttprobe SECONDS
 * Prints: RTT <count> <median_us> <p99_us> <max_us> <over_1ms> <over_5ms>
 */
#include <X11/Xlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static int cmp(const void *a, const void *b)
{
	long long x = *(const long long *)a, y = *(const long long *)b;
	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: rttprobe SECONDS\n");
		return 2;
	}
	Display *dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "rttprobe: cannot open display\n");
		return 1;
	}
	long long end = now_us() + (long long)(atof(argv[1]) * 1e6);
	size_t n = 0, cap = 1 << 16;
	long long *rtt = malloc(cap * sizeof *rtt);
	while (rtt && now_us() < end) {
		long long t = now_us();
		XSync(dpy, False);
		if (n == cap) {
			long long *more = realloc(rtt, 2 * cap * sizeof *rtt);
			if (!more)
				break;
			rtt = more;
			cap *= 2;
		}
		rtt[n++] = now_us() - t;
		struct timespec pause = { 0, 200000 }; /* 0.2 ms between probes */
		nanosleep(&pause, NULL);
	}
	if (!rtt || n == 0) {
		printf("RTT 0 0 0 0 0 0\n");
		return 0;
	}
	size_t over1 = 0, over5 = 0;
	for (size_t i = 0; i < n; i++) {
		over1 += rtt[i] > 1000;
		over5 += rtt[i] > 5000;
	}
	qsort(rtt, n, sizeof *rtt, cmp);
	printf("RTT %zu %lld %lld %lld %zu %zu\n", n, rtt[n / 2], rtt[n * 99 / 100], rtt[n - 1], over1, over5);
	free(rtt);
	XCloseDisplay(dpy);
	return 0;
}

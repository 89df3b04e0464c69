/* startprobe - start-up of an X11 program: exec to window mapped, and to first frame painted.
 *
 * Usage: startprobe [-t SECS] [-s SETTLE_MS] [-o LOG] [-k] -- CMD ARGS...
 *
 * Forks and execs CMD (stdout and stderr to LOG, default /dev/null) in a process group of its
 * own and prints, all times CLOCK_MONOTONIC microseconds:
 *   LAUNCH  <t0> <pid>                     t0 taken just before fork()
 *   MAPPED  <t> <t-t0> 0x<win> <w>x<h>     MapNotify of the first window of at least 40x20
 *                                          owned by CMD's process tree (X-Resource client PID);
 *                                          for a window already mapped when the probe first saw
 *                                          it (a busy machine), the time it was seen
 *   PAINTED <t> <t-t0> <damage-events> <images>
 *                                          the time of the DAMAGE event after which the window's
 *                                          pixels equal what they are SETTLE_MS (default 1500)
 *                                          after the map: everything painted, whatever the program
 *                                          drew first (a background) is not counted
 *   NEARLY  <t> <t-t0> <per-mille>         the DAMAGE event after which the window always shows
 *                                          at least 99 % of its final pixels (of the first 64
 *                                          frames; not printed after more): its first frame,
 *                                          when a detail follows it (the suggestion bar's words
 *                                          of a keyboard that loads its word model after the
 *                                          first frame); <per-mille>: how much of it was final
 *   NOPAINT <t>                            the window never showed its final pixels
 *   TIMEOUT <t> / EXIT <t> code=N|signal=N
 * With -k the program's process group gets SIGTERM (then SIGKILL) once PAINTED is printed.
 *
 * How: every top-level window of the tree gets a DAMAGE object as soon as it is created
 * (before it can draw); each batch of DamageNotify events is followed by one XGetImage of the
 * whole window, hashed (FNV-1a), so drawing is seen when it happens, not by polling, and the
 * probe adds no load while the program is quiet. The window's owner is found by the client PID
 * that the X-Resource extension gives for the window's client.
 */
#define _GNU_SOURCE
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/extensions/XRes.h>
#include <X11/extensions/Xdamage.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static Display *dpy;
static pid_t child;

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static int quiet_errors(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }

static pid_t parent_of(pid_t p)
{
	char path[64], buf[512];
	snprintf(path, sizeof path, "/proc/%d/stat", p);
	FILE *f = fopen(path, "r");
	if (!f)
		return -1;
	size_t n = fread(buf, 1, sizeof buf - 1, f);
	fclose(f);
	buf[n] = 0;
	char *rp = strrchr(buf, ')');
	int ppid = -1;
	if (rp)
		sscanf(rp + 2, "%*c %d", &ppid);
	return ppid;
}

/* -2: unknown owner, else the owner's PID */
static pid_t window_pid(Window w)
{
	XResClientIdSpec spec = { .client = w, .mask = XRES_CLIENT_ID_PID_MASK };
	long n = 0;
	XResClientIdValue *vals = NULL;
	pid_t pid = -2;
	if (XResQueryClientIds(dpy, 1, &spec, &n, &vals) == Success) {
		for (long i = 0; i < n; i++)
			if (XResGetClientPid(&vals[i]) > 0)
				pid = XResGetClientPid(&vals[i]);
		XResClientIdsDestroy(n, vals);
	}
	return pid;
}

static int in_tree(pid_t p)
{
	for (int depth = 0; p > 1 && depth < 64; depth++, p = parent_of(p))
		if (p == child)
			return 1;
	return 0;
}

static Window mapped_early = None; /* a watched window found mapped when it was first seen */

#define MAXW 64
static Window watched[MAXW];
static int nwatched;

static int watch_index(Window w)
{
	for (int i = 0; i < nwatched; i++)
		if (watched[i] == w)
			return i;
	return -1;
}

static void consider(Window w)
{
	if (watch_index(w) >= 0 || nwatched >= MAXW)
		return;
	pid_t p = window_pid(w);
	if (p == -2 || !in_tree(p))
		return;
	watched[nwatched++] = w;
	XSelectInput(dpy, w, StructureNotifyMask);
	XDamageCreate(dpy, w, XDamageReportNonEmpty);
	XSync(dpy, False);
	/* Mapped before the selection took effect (a busy machine can run the window manager's map
	 * before this probe reads the CreateNotify): its MapNotify was not sent to us. */
	XWindowAttributes a;
	if (XGetWindowAttributes(dpy, w, &a) && a.map_state != IsUnmapped)
		mapped_early = w;
}

/* The window's pixels (the pad byte of a depth-24 pixel cleared), for comparing frames */
static uint32_t *image_pixels(Window w, int *count)
{
	XWindowAttributes a;
	*count = 0;
	if (!XGetWindowAttributes(dpy, w, &a) || a.map_state != IsViewable)
		return NULL;
	XImage *img = XGetImage(dpy, w, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
	if (!img)
		return NULL;
	uint32_t *out = malloc((size_t)a.width * a.height * sizeof *out);
	if (out) {
		for (int y = 0; y < a.height; y++)
			for (int x = 0; x < a.width; x++)
				out[(size_t)y * a.width + x] = (uint32_t)(XGetPixel(img, x, y) & 0xffffff);
		*count = a.width * a.height;
	}
	XDestroyImage(img);
	return out;
}

/* per mille of the pixels of `a` equal to those of `b` (0 when the sizes differ) */
static int match_per_mille(const uint32_t *a, int na, const uint32_t *b, int nb)
{
	if (!a || !b || na != nb || na == 0)
		return 0;
	long same = 0;
	for (int i = 0; i < na; i++)
		same += a[i] == b[i];
	return (int)(same * 1000 / na);
}

/* FNV-1a of the window's size and pixels; 0 when it cannot be read */
static uint64_t image_hash(Window w)
{
	XWindowAttributes a;
	if (!XGetWindowAttributes(dpy, w, &a) || a.map_state != IsViewable)
		return 0;
	XImage *img = XGetImage(dpy, w, 0, 0, a.width, a.height, AllPlanes, ZPixmap);
	if (!img)
		return 0;
	uint64_t h = 1469598103934665603ULL;
	h = (h ^ (uint64_t)a.width) * 1099511628211ULL;
	h = (h ^ (uint64_t)a.height) * 1099511628211ULL;
	for (int y = 0; y < img->height; y++) {
		const unsigned char *row = (const unsigned char *)img->data + (size_t)y * img->bytes_per_line;
		size_t n = (size_t)img->width * (img->bits_per_pixel / 8);
		for (size_t i = 0; i < n; i++)
			h = (h ^ row[i]) * 1099511628211ULL;
	}
	XDestroyImage(img);
	return h;
}

static void stop_child(void)
{
	kill(-child, SIGTERM);
	for (int i = 0; i < 300; i++) {
		if (waitpid(child, NULL, WNOHANG) == child)
			return;
		usleep(10000);
	}
	kill(-child, SIGKILL);
	waitpid(child, NULL, 0);
}

#define MAXSAMPLES 4096
#define MAXIMAGES 64 /* pixels kept of the first frames, for NEARLY */

int main(int argc, char **argv)
{
	double timeout = 30;
	long settle_ms = 1500;
	const char *log = "/dev/null";
	int kill_after = 0, i;
	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		if (!strcmp(argv[i], "-t") && i + 1 < argc)
			timeout = atof(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			settle_ms = atol(argv[++i]);
		else if (!strcmp(argv[i], "-o") && i + 1 < argc)
			log = argv[++i];
		else if (!strcmp(argv[i], "-k"))
			kill_after = 1;
	}
	if (i + 1 >= argc) {
		fprintf(stderr, "usage: startprobe [-t SECS] [-s SETTLE_MS] [-o LOG] [-k] -- CMD ARGS...\n");
		return 2;
	}
	char **cmd = argv + i + 1;
	dpy = XOpenDisplay(NULL);
	if (!dpy) {
		fprintf(stderr, "startprobe: cannot open display\n");
		return 1;
	}
	XSetErrorHandler(quiet_errors);
	int damage_event, damage_error, dummy;
	if (!XDamageQueryExtension(dpy, &damage_event, &damage_error)) {
		fprintf(stderr, "startprobe: the X server has no DAMAGE extension\n");
		return 1;
	}
	int dmaj = 1, dmin = 1;
	XDamageQueryVersion(dpy, &dmaj, &dmin);
	if (!XResQueryExtension(dpy, &dummy, &dummy)) {
		fprintf(stderr, "startprobe: the X server has no X-Resource extension\n");
		return 1;
	}
	Window root = DefaultRootWindow(dpy);
	XSelectInput(dpy, root, SubstructureNotifyMask);
	XSync(dpy, False);

	long long t0 = now_us();
	child = fork();
	if (child == 0) {
		setpgid(0, 0);
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0644);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		close(ConnectionNumber(dpy));
		execvp(cmd[0], cmd);
		fprintf(stderr, "startprobe: exec %s: %s\n", cmd[0], strerror(errno));
		_exit(127);
	}
	setpgid(child, child);
	printf("LAUNCH %lld %d\n", t0, (int)child);
	fflush(stdout);

	Window target = None;
	long long t_map = 0, t_last_damage = 0;
	long long sample_t[MAXSAMPLES];
	uint64_t sample_h[MAXSAMPLES];
	uint32_t *sample_px[MAXIMAGES] = { 0 };
	int sample_n[MAXIMAGES] = { 0 };
	int nsamples = 0, damage_events = 0, timed_out = 0, done = 0;
	struct pollfd pfd = { ConnectionNumber(dpy), POLLIN, 0 };
	while (!done) {
		int damaged = 0;
		while (XPending(dpy)) {
			XEvent ev;
			XNextEvent(dpy, &ev);
			long long t = now_us();
			if (ev.type == CreateNotify && ev.xcreatewindow.parent == root) {
				consider(ev.xcreatewindow.window);
			} else if (ev.type == ReparentNotify && ev.xreparent.parent == root) {
				consider(ev.xreparent.window);
			}
			Window mapped = None;
			if (ev.type == MapNotify && watch_index(ev.xmap.window) >= 0 && ev.xmap.event == ev.xmap.window)
				mapped = ev.xmap.window;
			else if (mapped_early != None)
				mapped = mapped_early;
			mapped_early = None;
			if (mapped != None && target == None) {
				XWindowAttributes a;
				if (XGetWindowAttributes(dpy, mapped, &a) && a.class == InputOutput &&
				    a.width >= 40 && a.height >= 20) {
					target = mapped;
					t_map = t;
					printf("MAPPED %lld %lld 0x%lx %dx%d\n", t, t - t0, target, a.width, a.height);
					fflush(stdout);
					damaged = 1;
					t_last_damage = t;
				}
			}
			if (ev.type == damage_event + XDamageNotify) {
				XDamageNotifyEvent *d = (XDamageNotifyEvent *)&ev;
				XDamageSubtract(dpy, d->damage, None, None);
				if (target != None && d->drawable == target) {
					damage_events++;
					damaged = 1;
					t_last_damage = t;
				}
			}
		}
		if (damaged && nsamples < MAXSAMPLES) {
			sample_t[nsamples] = t_last_damage;
			sample_h[nsamples] = image_hash(target);
			if (nsamples < MAXIMAGES)
				sample_px[nsamples] = image_pixels(target, &sample_n[nsamples]);
			nsamples++;
			continue; /* more damage may have come while reading the image */
		}
		int status;
		if (waitpid(child, &status, WNOHANG) == child) {
			if (WIFSIGNALED(status))
				printf("EXIT %lld signal=%d\n", now_us(), WTERMSIG(status));
			else
				printf("EXIT %lld code=%d\n", now_us(), WEXITSTATUS(status));
			fflush(stdout);
			return 1;
		}
		long long t = now_us();
		if (target == None && !timed_out && t - t0 > (long long)(timeout * 1e6)) {
			printf("TIMEOUT %lld\n", t);
			fflush(stdout);
			timed_out = 1;
			done = 1;
		}
		if (target != None && t - t_map >= settle_ms * 1000LL)
			done = 1;
		poll(&pfd, 1, 5);
	}
	if (target != None) {
		uint64_t final = image_hash(target);
		int first = -1;
		for (int k = nsamples - 1; k >= 0 && sample_h[k] == final && final != 0; k--)
			first = k;
		if (first >= 0)
			printf("PAINTED %lld %lld %d %d\n", sample_t[first], sample_t[first] - t0, damage_events, nsamples);
		else
			printf("NOPAINT %lld\n", now_us());
		int nfinal = 0;
		uint32_t *final_px = image_pixels(target, &nfinal);
		int nearly = -1, kept = nsamples < MAXIMAGES ? nsamples : MAXIMAGES, pm = 0;
		for (int k = kept - 1; k >= 0; k--) {
			int m = match_per_mille(sample_px[k], sample_n[k], final_px, nfinal);
			if (m < 990)
				break;
			nearly = k;
			pm = m;
		}
		if (nearly >= 0 && nsamples <= MAXIMAGES && (first < 0 || nearly <= first))
			printf("NEARLY %lld %lld %d\n", sample_t[nearly], sample_t[nearly] - t0, pm);
		free(final_px);
		for (int k = 0; k < kept; k++)
			free(sample_px[k]);
		fflush(stdout);
	}
	if (kill_after || timed_out)
		stop_child();
	return target != None ? 0 : 1;
}

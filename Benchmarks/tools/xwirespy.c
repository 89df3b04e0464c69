/* xwirespy - an LD_PRELOAD library that time-stamps two moments of an X client's wire traffic:
 * the read that brings a ButtonRelease event, and the write that carries an XTEST FakeInput
 * KeyPress request. The benchmark puts them between the tap (XTest button release sent) and the
 * KeyPress at the target, to split the tap-to-key time into: delivery to the keyboard, the
 * keyboard's own work, and delivery to the target.
 *
 * Build: cc -shared -fPIC -O2 -o xwirespy.so xwirespy.c -ldl
 * Use:   XWIRESPY_LOG=FILE XWIRESPY_XTEST=<XTEST major opcode> LD_PRELOAD=xwirespy.so PROGRAM
 * Lines: RELEASE <t_us>   (a recvmsg/read that returned a ButtonRelease, core event 5)
 *        WOKE <t_us>      (just before RELEASE: when the last poll or select before that read
 *                          that blocked returned, which splits the delivery into the wire and
 *                          wake-up, and the program's own steps from its wake-up to its read)
 *        CPUS <b*100+a>   (just before WOKE: the CPU the program was on when that wait began,
 *                          b, and when it returned, a: a wait that ends on another CPU than it
 *                          began on paid for a move, which splits the wake-up further)
 *        KEYSENT <t_us>   (a writev/write whose data holds an XTEST FakeInput KeyPress)
 * CLOCK_MONOTONIC microseconds, kept in memory and written after the key's write (and at exit),
 * so that writing the log is not counted as the keyboard's work. The parse walks the X packets of each read from its start
 * (events and errors are 32 bytes, replies and generic events say their length), which is
 * where xcb's reads start in practice; a read that starts mid-packet may be missed.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

static int logfd = -2, xtest = -1;
/* Lines are kept here and written after the key's write (or at exit): a write to the log
 * between the release and the key would be counted as the keyboard's work. */
static char pending[8192];
static size_t pending_len;

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

static void write_pending(void)
{
	if (logfd >= 0 && pending_len > 0 && write(logfd, pending, pending_len) < 0) {
		/* missed lines only */
	}
	pending_len = 0;
}

static void note(const char *what, long long t)
{
	if (logfd == -2) {
		const char *path = getenv("XWIRESPY_LOG"), *op = getenv("XWIRESPY_XTEST");
		logfd = path ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
		xtest = op ? atoi(op) : -1;
	}
	if (logfd < 0 || !what)
		return;
	if (pending_len + 64 > sizeof pending)
		write_pending();
	/* By hand, not snprintf: cheap enough not to show in the time it stamps. */
	char digits[24];
	int n = 0;
	do {
		digits[n++] = (char)('0' + t % 10);
		t /= 10;
	} while (t > 0 && n < (int)sizeof digits);
	size_t len = strlen(what);
	memcpy(pending + pending_len, what, len);
	pending_len += len;
	pending[pending_len++] = ' ';
	while (n > 0)
		pending[pending_len++] = digits[--n];
	pending[pending_len++] = '\n';
}

__attribute__((destructor)) static void at_exit(void)
{
	write_pending();
}

/* When the last wait that blocked (1 ms or more: the tap's release follows a 30 ms hold)
 * returned, and the CPUs it began and ended on; 0: none since the last RELEASE. A wait that returns at once (xcb polls before it
 * reads, after the program's own select) does not count: it is the program's work. */
static long long last_woke, last_cpus;

static void waited(long long since, int before)
{
	long long t = now_us();
	if (t - since >= 1000) {
		last_woke = t;
		last_cpus = before * 100 + sched_getcpu();
	}
}

int poll(struct pollfd *fds, nfds_t n, int timeout)
{
	static int (*real)(struct pollfd *, nfds_t, int);
	if (!real)
		real = (int (*)(struct pollfd *, nfds_t, int))dlsym(RTLD_NEXT, "poll");
	long long t = now_us();
	int before = sched_getcpu();
	int r = real(fds, n, timeout);
	waited(t, before);
	return r;
}

int select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *timeout)
{
	static int (*real)(int, fd_set *, fd_set *, fd_set *, struct timeval *);
	if (!real)
		real = (int (*)(int, fd_set *, fd_set *, fd_set *, struct timeval *))dlsym(RTLD_NEXT, "select");
	long long t = now_us();
	int before = sched_getcpu();
	int ret = real(n, r, w, e, timeout);
	waited(t, before);
	return ret;
}

static int has_release(const unsigned char *p, size_t n)
{
	size_t off = 0;
	while (off + 32 <= n) {
		unsigned type = p[off] & 0x7f;
		size_t len = 32;
		if (type == 1 || type == 35) /* reply, generic event: 32 + 4 * length */
			len = 32 + 4 * (size_t)(p[off + 4] | p[off + 5] << 8 | p[off + 6] << 16 | (uint32_t)p[off + 7] << 24);
		else if (type == 5)
			return 1;
		off += len;
	}
	return 0;
}

static int has_keysent(const unsigned char *p, size_t n)
{
	if (xtest < 0)
		return 0;
	for (size_t off = 0; off + 8 <= n; off += 4) /* requests are 4-byte aligned */
		if (p[off] == xtest && p[off + 1] == 2 && p[off + 4] == 2)
			return 1;
	return 0;
}

ssize_t recvmsg(int fd, struct msghdr *msg, int flags)
{
	static ssize_t (*real)(int, struct msghdr *, int);
	if (!real)
		real = (ssize_t (*)(int, struct msghdr *, int))dlsym(RTLD_NEXT, "recvmsg");
	ssize_t r = real(fd, msg, flags);
	if (r > 0 && msg->msg_iovlen > 0 && has_release(msg->msg_iov[0].iov_base,
	                                                (size_t)r < msg->msg_iov[0].iov_len ? (size_t)r : msg->msg_iov[0].iov_len))
	{
		long long t = now_us();
		if (last_woke > 0) {
			note("CPUS", last_cpus);
			note("WOKE", last_woke);
		}
		note("RELEASE", t);
		last_woke = 0;
	}
	return r;
}

ssize_t writev(int fd, const struct iovec *iov, int count)
{
	static ssize_t (*real)(int, const struct iovec *, int);
	if (!real)
		real = (ssize_t (*)(int, const struct iovec *, int))dlsym(RTLD_NEXT, "writev");
	int found = 0;
	for (int i = 0; i < count && !found; i++)
		found = iov[i].iov_base && has_keysent(iov[i].iov_base, iov[i].iov_len);
	if (found)
		note("KEYSENT", now_us());
	ssize_t r = real(fd, iov, count);
	if (found)
		write_pending();
	return r;
}

/* pcmspy - an LD_PRELOAD library that time-stamps every snd_pcm_writei of a process.
 *
 * Build: cc -shared -fPIC -O2 -o pcmspy.so pcmspy.c -ldl
 * Use:   PCMSPY_LOG=/path/to/log LD_PRELOAD=/path/to/pcmspy.so stackboard ...
 *
 * Appends one line per call to PCMSPY_LOG:
 *   WRITEI <t_call_us> <t_return_us> <frames asked> <result>
 * (CLOCK_MONOTONIC microseconds, the clock of keysink and the tap tools). The benchmark pairs
 * each tap's button press with the first call that follows it: the time from the tap to the
 * first samples of its click handed to ALSA. The real snd_pcm_writei is called unchanged.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

typedef long (*writei_fn)(void *pcm, const void *buffer, unsigned long size);

static long long now_us(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000LL + ts.tv_nsec / 1000;
}

long snd_pcm_writei(void *pcm, const void *buffer, unsigned long size)
{
	static writei_fn real;
	static int fd = -2;
	if (!real)
		real = (writei_fn)dlsym(RTLD_NEXT, "snd_pcm_writei");
	if (fd == -2) {
		const char *path = getenv("PCMSPY_LOG");
		fd = path ? open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644) : -1;
	}
	long long t_call = now_us();
	long r = real ? real(pcm, buffer, size) : -1;
	long long t_ret = now_us();
	if (fd >= 0) {
		char line[128];
		int n = snprintf(line, sizeof line, "WRITEI %lld %lld %lu %ld\n", t_call, t_ret, size, r);
		if (n > 0 && write(fd, line, (size_t)n) < 0) {
			/* nothing to do: the measurement misses one line */
		}
	}
	return r;
}

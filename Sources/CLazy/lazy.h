/* The wrappers' side of CLazy (pango.c, sdbus.c, alsa.c, rime.c, opencc.c and anthy.c are written by scripts/lazylibs.py). */
#ifndef STACKBOARD_LAZY_INTERNAL_H
#define STACKBOARD_LAZY_INTERNAL_H

#include <pango/pangocairo.h>
#include <systemd/sd-bus.h>
#include <alsa/asoundlib.h>
#include <rime_api.h>
#include <opencc/opencc.h>
#include <anthy/anthy.h>

#include "CLazy.h"

/* Not exported from the executable: a library opened later never calls them in place of its
 * own functions. */
#define STACKBOARD_LAZY_EXPORT __attribute__((visibility("hidden")))

/* One library's functions: their names (one after the other, each ended by a NUL), and where
 * their addresses go once it is open. */
struct stackboard_lazy_table {
	const char *names;
	void **functions;
	int count;
};

extern const struct stackboard_lazy_table stackboard_lazy_pango_table;
extern const struct stackboard_lazy_table stackboard_lazy_sdbus_table;
extern const struct stackboard_lazy_table stackboard_lazy_alsa_table;
extern const struct stackboard_lazy_table stackboard_lazy_rime_table;
extern const struct stackboard_lazy_table stackboard_lazy_opencc_table;
extern const struct stackboard_lazy_table stackboard_lazy_anthy_table;

/* Opens `library` or ends the program with its reason (a caller that did not ask first). */
void stackboard_lazy_require(enum stackboard_lazy_library library);

/* The address of function `index` of `library`'s table, the library opened first if need be. */
static inline void *stackboard_lazy_function(enum stackboard_lazy_library library, void **functions, int index)
{
	void *f = __atomic_load_n(&functions[index], __ATOMIC_ACQUIRE);
	if (!f) {
		stackboard_lazy_require(library);
		f = __atomic_load_n(&functions[index], __ATOMIC_ACQUIRE);
	}
	return f;
}

#endif

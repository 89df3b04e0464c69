/* Written by scripts/lazylibs.py: do not edit. The 1 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "rime_get_api";
static void *functions[1];
const struct stackboard_lazy_table stackboard_lazy_rime_table = { names, functions, 1 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT RimeApi* rime_get_api(void) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_RIME, 0, rime_get_api)(); }

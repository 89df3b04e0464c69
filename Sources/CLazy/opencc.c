/* Written by scripts/lazylibs.py: do not edit. The 4 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "opencc_close\0opencc_convert_utf8\0opencc_convert_utf8_free\0opencc_open";
static void *functions[4];
const struct stackboard_lazy_table stackboard_lazy_opencc_table = { names, functions, 4 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT int opencc_close(opencc_t opencc) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_OPENCC, 0, opencc_close)(opencc); }
STACKBOARD_LAZY_EXPORT char* opencc_convert_utf8(opencc_t opencc, const char* input, size_t length) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_OPENCC, 1, opencc_convert_utf8)(opencc, input, length); }
STACKBOARD_LAZY_EXPORT void opencc_convert_utf8_free(char* str) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_OPENCC, 2, opencc_convert_utf8_free)(str); }
STACKBOARD_LAZY_EXPORT opencc_t opencc_open(const char* configFileName) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_OPENCC, 3, opencc_open)(configFileName); }

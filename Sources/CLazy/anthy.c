/* Written by scripts/lazylibs.py: do not edit. The 9 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "anthy_commit_segment\0anthy_context_set_encoding\0anthy_create_context\0anthy_get_segment\0anthy_get_segment_stat\0anthy_get_stat\0anthy_init\0anthy_release_context\0anthy_set_string";
static void *functions[9];
const struct stackboard_lazy_table stackboard_lazy_anthy_table = { names, functions, 9 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT int anthy_commit_segment(anthy_context_t a0, int a1, int a2) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 0, anthy_commit_segment)(a0, a1, a2); }
STACKBOARD_LAZY_EXPORT int anthy_context_set_encoding(anthy_context_t ac, int encoding) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 1, anthy_context_set_encoding)(ac, encoding); }
STACKBOARD_LAZY_EXPORT anthy_context_t anthy_create_context(void) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 2, anthy_create_context)(); }
STACKBOARD_LAZY_EXPORT int anthy_get_segment(anthy_context_t a0, int a1, int a2, char * a3, int a4) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 3, anthy_get_segment)(a0, a1, a2, a3, a4); }
STACKBOARD_LAZY_EXPORT int anthy_get_segment_stat(anthy_context_t a0, int a1, struct anthy_segment_stat * a2) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 4, anthy_get_segment_stat)(a0, a1, a2); }
STACKBOARD_LAZY_EXPORT int anthy_get_stat(anthy_context_t a0, struct anthy_conv_stat * a1) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 5, anthy_get_stat)(a0, a1); }
STACKBOARD_LAZY_EXPORT int anthy_init(void) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 6, anthy_init)(); }
STACKBOARD_LAZY_EXPORT void anthy_release_context(anthy_context_t a0) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 7, anthy_release_context)(a0); }
STACKBOARD_LAZY_EXPORT int anthy_set_string(anthy_context_t a0, const char * a1) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ANTHY, 8, anthy_set_string)(a0, a1); }

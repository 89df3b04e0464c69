#ifndef STACKBOARD_CLAZY_H
#define STACKBOARD_CLAZY_H

/* Libraries that Stackboard opens on first use instead of at exec: Pango (with GLib, HarfBuzz,
 * ...), sd-bus (libsystemd), ALSA, librime (the first time a pinyin layout is shown), OpenCC
 * (the pinyin evaluation) and anthy (the Japanese layout).
 * Their functions are called as usual (the wrappers in pango.c, sdbus.c, alsa.c, rime.c, opencc.c, anthy.c open
 * the library); a caller that can go on without one asks
 * `stackboard_lazy_open` first and reports its error. */

enum stackboard_lazy_library {
	STACKBOARD_LAZY_PANGO = 0,
	STACKBOARD_LAZY_SDBUS = 1,
	STACKBOARD_LAZY_ALSA = 2,
	STACKBOARD_LAZY_RIME = 3,
	STACKBOARD_LAZY_OPENCC = 4,
	STACKBOARD_LAZY_ANTHY = 5,
};

/* Opens `library` and finds every function Stackboard calls in it (once; thread-safe).
 * NULL on success; else a one-line reason (what failed and the package to install) that lives
 * as long as the program. */
const char *stackboard_lazy_open(enum stackboard_lazy_library library);

/* The file `library`'s wrappers will open (beside libcairo's file when it is there, else its
 * bare name for the loader's search), without opening it: what a first-frame key records. */
const char *stackboard_lazy_file(enum stackboard_lazy_library library);

#endif

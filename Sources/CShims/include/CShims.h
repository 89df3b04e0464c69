#ifndef STACKBOARD_CSHIMS_H
#define STACKBOARD_CSHIMS_H
/// Installs an ALSA error handler that prints nothing (ALSA's default one is variadic).
void stackboard_alsa_silence_errors(void);

/// Blocks `count` signals in the calling thread (threads started later inherit the mask)
/// and returns a non-blocking, close-on-exec signalfd that reports them; -1 on failure (errno set).
int stackboard_signalfd_open(const int *signals, int count);

/// Reads one pending signal from a signalfd: its number, or 0 when none is pending, -1 on error.
int stackboard_signalfd_read(int fd);

/// Copies the path of the loaded file (executable or shared library) that defines the global
/// symbol `symbol` into `buffer` (at most `size` bytes, NUL-terminated): its length, or -1 when
/// the symbol is not loaded (dlsym and dladdr, which Swift's Glibc module does not offer).
int stackboard_file_defining(const char *symbol, char *buffer, int size);

/// Makes every thread allocate from the main malloc arena (mallopt M_ARENA_MAX 1): a thread
/// that lives for a moment at start (Pango's fontconfig loader) leaves no arena of its own.
void stackboard_malloc_one_arena(void);

/// Gives free heap pages back to the system (malloc_trim(0)).
void stackboard_malloc_trim(void);
#endif

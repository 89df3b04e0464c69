#ifndef STACKBOARD_CSHIMS_H
#define STACKBOARD_CSHIMS_H
/// Installs an ALSA error handler that prints nothing (ALSA's default one is variadic).
void stackboard_alsa_silence_errors(void);
#endif

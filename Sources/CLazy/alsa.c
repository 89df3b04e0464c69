/* Written by scripts/lazylibs.py: do not edit. The 33 functions of this library that
 * Stackboard calls, each opening the library on first use (lazy.c); their names, one string. */
#include "lazy.h"

static const char names[] = "snd_lib_error_set_handler\0snd_pcm_close\0snd_pcm_delay\0snd_pcm_drain\0snd_pcm_drop\0snd_pcm_hw_params\0snd_pcm_hw_params_any\0snd_pcm_hw_params_free\0snd_pcm_hw_params_get_buffer_size\0snd_pcm_hw_params_get_period_size\0snd_pcm_hw_params_malloc\0snd_pcm_hw_params_set_access\0snd_pcm_hw_params_set_buffer_time_near\0snd_pcm_hw_params_set_channels\0snd_pcm_hw_params_set_format\0snd_pcm_hw_params_set_period_time_near\0snd_pcm_hw_params_set_rate\0snd_pcm_hw_params_set_rate_resample\0snd_pcm_hw_params_test_channels\0snd_pcm_nonblock\0snd_pcm_open\0snd_pcm_prepare\0snd_pcm_recover\0snd_pcm_state\0snd_pcm_sw_params\0snd_pcm_sw_params_current\0snd_pcm_sw_params_free\0snd_pcm_sw_params_malloc\0snd_pcm_sw_params_set_avail_min\0snd_pcm_sw_params_set_start_threshold\0snd_pcm_wait\0snd_pcm_writei\0snd_strerror";
static void *functions[33];
const struct stackboard_lazy_table stackboard_lazy_alsa_table = { names, functions, 33 };
#define STACKBOARD_LAZY_CALL(library, index, name) \
	((__typeof__(&name))stackboard_lazy_function(library, functions, index))

STACKBOARD_LAZY_EXPORT int snd_lib_error_set_handler(snd_lib_error_handler_t handler) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 0, snd_lib_error_set_handler)(handler); }
STACKBOARD_LAZY_EXPORT int snd_pcm_close(snd_pcm_t *pcm) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 1, snd_pcm_close)(pcm); }
STACKBOARD_LAZY_EXPORT int snd_pcm_delay(snd_pcm_t *pcm, snd_pcm_sframes_t *delayp) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 2, snd_pcm_delay)(pcm, delayp); }
STACKBOARD_LAZY_EXPORT int snd_pcm_drain(snd_pcm_t *pcm) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 3, snd_pcm_drain)(pcm); }
STACKBOARD_LAZY_EXPORT int snd_pcm_drop(snd_pcm_t *pcm) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 4, snd_pcm_drop)(pcm); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params(snd_pcm_t *pcm, snd_pcm_hw_params_t *params) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 5, snd_pcm_hw_params)(pcm, params); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_any(snd_pcm_t *pcm, snd_pcm_hw_params_t *params) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 6, snd_pcm_hw_params_any)(pcm, params); }
STACKBOARD_LAZY_EXPORT void snd_pcm_hw_params_free(snd_pcm_hw_params_t *obj) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 7, snd_pcm_hw_params_free)(obj); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_get_buffer_size(const snd_pcm_hw_params_t *params, snd_pcm_uframes_t *val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 8, snd_pcm_hw_params_get_buffer_size)(params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_get_period_size(const snd_pcm_hw_params_t *params, snd_pcm_uframes_t *frames, int *dir) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 9, snd_pcm_hw_params_get_period_size)(params, frames, dir); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_malloc(snd_pcm_hw_params_t **ptr) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 10, snd_pcm_hw_params_malloc)(ptr); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_access(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_access_t _access) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 11, snd_pcm_hw_params_set_access)(pcm, params, _access); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_buffer_time_near(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *val, int *dir) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 12, snd_pcm_hw_params_set_buffer_time_near)(pcm, params, val, dir); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_channels(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 13, snd_pcm_hw_params_set_channels)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_format(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, snd_pcm_format_t val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 14, snd_pcm_hw_params_set_format)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_period_time_near(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int *val, int *dir) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 15, snd_pcm_hw_params_set_period_time_near)(pcm, params, val, dir); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_rate(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val, int dir) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 16, snd_pcm_hw_params_set_rate)(pcm, params, val, dir); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_set_rate_resample(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 17, snd_pcm_hw_params_set_rate_resample)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_hw_params_test_channels(snd_pcm_t *pcm, snd_pcm_hw_params_t *params, unsigned int val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 18, snd_pcm_hw_params_test_channels)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_nonblock(snd_pcm_t *pcm, int nonblock) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 19, snd_pcm_nonblock)(pcm, nonblock); }
STACKBOARD_LAZY_EXPORT int snd_pcm_open(snd_pcm_t **pcm, const char *name, snd_pcm_stream_t stream, int mode) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 20, snd_pcm_open)(pcm, name, stream, mode); }
STACKBOARD_LAZY_EXPORT int snd_pcm_prepare(snd_pcm_t *pcm) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 21, snd_pcm_prepare)(pcm); }
STACKBOARD_LAZY_EXPORT int snd_pcm_recover(snd_pcm_t *pcm, int err, int silent) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 22, snd_pcm_recover)(pcm, err, silent); }
STACKBOARD_LAZY_EXPORT snd_pcm_state_t snd_pcm_state(snd_pcm_t *pcm) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 23, snd_pcm_state)(pcm); }
STACKBOARD_LAZY_EXPORT int snd_pcm_sw_params(snd_pcm_t *pcm, snd_pcm_sw_params_t *params) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 24, snd_pcm_sw_params)(pcm, params); }
STACKBOARD_LAZY_EXPORT int snd_pcm_sw_params_current(snd_pcm_t *pcm, snd_pcm_sw_params_t *params) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 25, snd_pcm_sw_params_current)(pcm, params); }
STACKBOARD_LAZY_EXPORT void snd_pcm_sw_params_free(snd_pcm_sw_params_t *obj) { STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 26, snd_pcm_sw_params_free)(obj); }
STACKBOARD_LAZY_EXPORT int snd_pcm_sw_params_malloc(snd_pcm_sw_params_t **ptr) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 27, snd_pcm_sw_params_malloc)(ptr); }
STACKBOARD_LAZY_EXPORT int snd_pcm_sw_params_set_avail_min(snd_pcm_t *pcm, snd_pcm_sw_params_t *params, snd_pcm_uframes_t val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 28, snd_pcm_sw_params_set_avail_min)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_sw_params_set_start_threshold(snd_pcm_t *pcm, snd_pcm_sw_params_t *params, snd_pcm_uframes_t val) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 29, snd_pcm_sw_params_set_start_threshold)(pcm, params, val); }
STACKBOARD_LAZY_EXPORT int snd_pcm_wait(snd_pcm_t *pcm, int timeout) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 30, snd_pcm_wait)(pcm, timeout); }
STACKBOARD_LAZY_EXPORT snd_pcm_sframes_t snd_pcm_writei(snd_pcm_t *pcm, const void *buffer, snd_pcm_uframes_t size) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 31, snd_pcm_writei)(pcm, buffer, size); }
STACKBOARD_LAZY_EXPORT const char * snd_strerror(int errnum) { return STACKBOARD_LAZY_CALL(STACKBOARD_LAZY_ALSA, 32, snd_strerror)(errnum); }

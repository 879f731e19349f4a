// CPulse: libpulse's asynchronous API (threaded mainloop) plus helpers for macros.
#ifndef CPULSE_SHIM_H
#define CPULSE_SHIM_H

#include <pulse/pulseaudio.h>

/// PA_INVALID_INDEX, which Swift imports poorly (it is a cast macro).
static inline uint32_t cpulse_invalid_index(void) { return PA_INVALID_INDEX; }
/// PA_STREAM_IS_GOOD as a function.
static inline int cpulse_stream_is_good(pa_stream_state_t state) { return PA_STREAM_IS_GOOD(state); }
/// PA_CONTEXT_IS_GOOD as a function.
static inline int cpulse_context_is_good(pa_context_state_t state) { return PA_CONTEXT_IS_GOOD(state); }

/// PA_SAMPLE_FLOAT32NE (float samples in the host's byte order: FLOAT32LE on every Linux
/// target Spool builds for); a macro chosen by the preprocessor, so Swift cannot see it.
static inline pa_sample_format_t cpulse_sample_float32ne(void) { return PA_SAMPLE_FLOAT32NE; }

#endif

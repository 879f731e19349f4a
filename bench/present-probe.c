/*
 * Presentation probe for the A/V sync benchmark (bench/run), loaded with LD_PRELOAD.
 *
 * Spool's frame-hash video output (`--vo framemd5:FILE`) hashes each frame when the render
 * thread presents it, starting with one av_md5_init call per frame. This wrapper writes the
 * CLOCK_MONOTONIC time of every such call (nanoseconds, one line each) to the file named by
 * $BENCH_PRESENT_LOG, then calls the real function. Line i is the presentation time of
 * line i of the framemd5 listing: an outside clock on the video output, independent of
 * Spool's own A/V clock.
 *
 * The same probe times mpv (bench/gapless.py): its image video output (`--vo=image`, PNG)
 * encodes each frame it is given with libavcodec, one avcodec_send_frame call per frame.
 * Neither player calls the other's hooked function while playing.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

struct AVMD5;
struct AVCodecContext;
struct AVFrame;

static void (*real_av_md5_init)(struct AVMD5 *);
static int (*real_avcodec_send_frame)(struct AVCodecContext *, const struct AVFrame *);
static FILE *present_log;
static pthread_mutex_t probe_lock = PTHREAD_MUTEX_INITIALIZER;

/* Appends the time of `now` to the log; called with probe_lock held. */
static void record(const struct timespec *now) {
    if (!present_log) {
        const char *path = getenv("BENCH_PRESENT_LOG");
        if (path) present_log = fopen(path, "w");
    }
    if (present_log) {
        fprintf(present_log, "%lld\n", (long long)now->tv_sec * 1000000000LL + now->tv_nsec);
        fflush(present_log);
    }
}

void av_md5_init(struct AVMD5 *context) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&probe_lock);
    if (!real_av_md5_init) real_av_md5_init = (void (*)(struct AVMD5 *))dlsym(RTLD_NEXT, "av_md5_init");
    record(&now);
    pthread_mutex_unlock(&probe_lock);
    if (real_av_md5_init) real_av_md5_init(context);
}

int avcodec_send_frame(struct AVCodecContext *context, const struct AVFrame *frame) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    pthread_mutex_lock(&probe_lock);
    if (!real_avcodec_send_frame)
        real_avcodec_send_frame =
            (int (*)(struct AVCodecContext *, const struct AVFrame *))dlsym(RTLD_NEXT, "avcodec_send_frame");
    /* A NULL frame flushes the encoder: not a presented frame. */
    if (frame) record(&now);
    pthread_mutex_unlock(&probe_lock);
    return real_avcodec_send_frame ? real_avcodec_send_frame(context, frame) : -1;
}

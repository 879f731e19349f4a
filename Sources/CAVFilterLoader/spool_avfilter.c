#include "spool_avfilter.h"

#include <dlfcn.h>
#include <pthread.h>

#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavutil/error.h>

// The soname of the major version the headers are written for: a library of another major
// version has another ABI, so it is not opened.
#define SPOOL_STRINGIFY_(x) #x
#define SPOOL_STRINGIFY(x) SPOOL_STRINGIFY_(x)
#define SPOOL_AVFILTER_SONAME "libavfilter.so." SPOOL_STRINGIFY(LIBAVFILTER_VERSION_MAJOR)

// Each pointer has exactly the type of the function it is looked up for (__typeof__), so the
// compiler checks every call below against libavfilter's own declarations.
static struct {
    __typeof__(avfilter_version) *version;
    __typeof__(avfilter_graph_alloc) *graph_alloc;
    __typeof__(avfilter_graph_free) *graph_free;
    __typeof__(avfilter_get_by_name) *get_by_name;
    __typeof__(avfilter_graph_create_filter) *graph_create_filter;
    __typeof__(avfilter_inout_alloc) *inout_alloc;
    __typeof__(avfilter_inout_free) *inout_free;
    __typeof__(avfilter_graph_parse_ptr) *graph_parse_ptr;
    __typeof__(avfilter_graph_config) *graph_config;
    __typeof__(avfilter_graph_get_filter) *graph_get_filter;
    __typeof__(av_buffersrc_add_frame) *buffersrc_add_frame;
    __typeof__(av_buffersink_get_frame) *buffersink_get_frame;
    __typeof__(av_buffersink_get_time_base) *buffersink_get_time_base;
} functions;

// Written once under `once`; pthread_once orders those writes before the return of every
// spool_avfilter_open, and `opened` (set last, with release) before spool_avfilter_is_open's.
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int opened;

#define SPOOL_LOOKUP(field, symbol)                                                              \
    do {                                                                                         \
        *(void **)&functions.field = dlsym(library, #symbol);                                    \
        if (!functions.field) return;                                                            \
    } while (0)

static void open_library(void) {
    // RTLD_LOCAL: its symbols stay out of the global scope, where they could interpose
    // another library's. Never closed: graphs may live until the process ends.
    void *library = dlopen(SPOOL_AVFILTER_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (!library) return;
    SPOOL_LOOKUP(version, avfilter_version);
    SPOOL_LOOKUP(graph_alloc, avfilter_graph_alloc);
    SPOOL_LOOKUP(graph_free, avfilter_graph_free);
    SPOOL_LOOKUP(get_by_name, avfilter_get_by_name);
    SPOOL_LOOKUP(graph_create_filter, avfilter_graph_create_filter);
    SPOOL_LOOKUP(inout_alloc, avfilter_inout_alloc);
    SPOOL_LOOKUP(inout_free, avfilter_inout_free);
    SPOOL_LOOKUP(graph_parse_ptr, avfilter_graph_parse_ptr);
    SPOOL_LOOKUP(graph_config, avfilter_graph_config);
    SPOOL_LOOKUP(graph_get_filter, avfilter_graph_get_filter);
    SPOOL_LOOKUP(buffersrc_add_frame, av_buffersrc_add_frame);
    SPOOL_LOOKUP(buffersink_get_frame, av_buffersink_get_frame);
    SPOOL_LOOKUP(buffersink_get_time_base, av_buffersink_get_time_base);
    __atomic_store_n(&opened, 1, __ATOMIC_RELEASE);
}

int spool_avfilter_open(void) {
    pthread_once(&once, open_library);
    return __atomic_load_n(&opened, __ATOMIC_ACQUIRE) ? 0 : -1;
}

int spool_avfilter_is_open(void) {
    // Without opening: a call made while another thread is opening may say "not open", which
    // is what it was when the call began. The acquire pairs with open_library's release, so
    // `functions` is complete for whoever reads 1.
    return __atomic_load_n(&opened, __ATOMIC_ACQUIRE);
}

unsigned spool_avfilter_version(void) {
    return spool_avfilter_is_open() ? functions.version() : LIBAVFILTER_VERSION_INT;
}

void *spool_avfilter_graph_alloc(void) { return functions.graph_alloc(); }

void spool_avfilter_graph_free(void **graph) { functions.graph_free((AVFilterGraph **)graph); }

int spool_avfilter_graph_create_filter(
    void **context, const char *filter_name, const char *name, const char *args, void *graph) {
    const AVFilter *filter = functions.get_by_name(filter_name);
    if (!filter) return AVERROR_FILTER_NOT_FOUND;
    return functions.graph_create_filter((AVFilterContext **)context, filter, name, args, NULL, graph);
}

void *spool_avfilter_inout_alloc(void) { return functions.inout_alloc(); }

void spool_avfilter_inout_free(void **inout) { functions.inout_free((AVFilterInOut **)inout); }

int spool_avfilter_graph_parse_ptr(void *graph, const char *filters, void **inputs, void **outputs) {
    return functions.graph_parse_ptr(graph, filters, (AVFilterInOut **)inputs, (AVFilterInOut **)outputs, NULL);
}

int spool_avfilter_graph_config(void *graph) { return functions.graph_config(graph, NULL); }

void *spool_avfilter_graph_get_filter(void *graph, const char *name) {
    return functions.graph_get_filter(graph, name);
}

int spool_av_buffersrc_add_frame(void *context, void *frame) { return functions.buffersrc_add_frame(context, frame); }

int spool_av_buffersink_get_frame(void *context, void *frame) { return functions.buffersink_get_frame(context, frame); }

void spool_av_buffersink_get_time_base(void *context, int *num, int *den) {
    AVRational base = functions.buffersink_get_time_base(context);
    *num = base.num;
    *den = base.den;
}

int spool_avfilter_exists(const char *name) { return functions.get_by_name(name) != NULL; }

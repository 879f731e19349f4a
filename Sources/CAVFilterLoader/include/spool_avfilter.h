#ifndef SPOOL_AVFILTER_H
#define SPOOL_AVFILTER_H

// libavfilter, opened on first use instead of linked. Debian's libavfilter needs some thirty
// libraries no other library of Spool's needs (flite's voices, BLAS and LAPACK, Vulkan,
// libplacebo, pocketsphinx, rubberband, ...): linked, every `spool` process loads and
// relocates them at start-up for a speed change it may never make (about 5 MB of resident
// memory and a fifth of the CPU of 20 s of audio-only playback).
//
// The functions below are libavfilter's, under a `spool_` prefix, with the library's pointer
// types erased to `void *` so this header needs no FFmpeg header (the Swift side keeps the
// types through CFFmpeg, which still includes libavfilter's headers but no longer links it).
// Each one may be called only after `spool_avfilter_open` returned 0. Ownership is
// libavfilter's: what it documents for the unprefixed function holds here.

/// Opens libavfilter (the major version the headers declare) and looks up every function
/// below, once per process; thread-safe. Returns 0 when all are available, otherwise -1 (the
/// library or one of the functions is missing), and every later call answers the same.
int spool_avfilter_open(void);

/// Whether `spool_avfilter_open` succeeded already (never opens the library).
int spool_avfilter_is_open(void);

/// avfilter_version() of the opened library; the headers' LIBAVFILTER_VERSION_INT while the
/// library is not open.
unsigned spool_avfilter_version(void);

/// avfilter_graph_alloc(): an AVFilterGraph *, or NULL when out of memory.
void *spool_avfilter_graph_alloc(void);

/// avfilter_graph_free(): frees the graph at `*graph` (with its filters) and sets it to NULL.
void spool_avfilter_graph_free(void **graph);

/// avfilter_graph_create_filter() with the filter looked up by `filter_name`
/// (avfilter_get_by_name); AVERROR_FILTER_NOT_FOUND when there is no such filter.
int spool_avfilter_graph_create_filter(
    void **context, const char *filter_name, const char *name, const char *args, void *graph);

/// avfilter_inout_alloc(): an AVFilterInOut *, or NULL when out of memory.
void *spool_avfilter_inout_alloc(void);

/// avfilter_inout_free(): frees the list at `*inout` and sets it to NULL.
void spool_avfilter_inout_free(void **inout);

/// avfilter_graph_parse_ptr(graph, filters, inputs, outputs, NULL).
int spool_avfilter_graph_parse_ptr(void *graph, const char *filters, void **inputs, void **outputs);

/// avfilter_graph_config(graph, NULL).
int spool_avfilter_graph_config(void *graph);

/// avfilter_graph_get_filter(): the AVFilterContext * named `name`, or NULL.
void *spool_avfilter_graph_get_filter(void *graph, const char *name);

/// av_buffersrc_add_frame(): `frame` (an AVFrame *, or NULL to end the input) into a buffer source.
int spool_av_buffersrc_add_frame(void *context, void *frame);

/// av_buffersink_get_frame(): the next filtered AVFrame * from a buffer sink into `frame`.
int spool_av_buffersink_get_frame(void *context, void *frame);

/// av_buffersink_get_time_base(): the time base of a configured buffer sink's frames, written
/// to `*num` and `*den` (a filter such as bwdif changes it from the source's).
void spool_av_buffersink_get_time_base(void *context, int *num, int *den);

/// Whether libavfilter has a filter named `name` (avfilter_get_by_name): 1 or 0. For naming the
/// unknown filter of a user's chain before libavfilter's parser reports a bare EINVAL.
int spool_avfilter_exists(const char *name);

#endif

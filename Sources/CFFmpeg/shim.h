// CFFmpeg: FFmpeg's headers plus the few macros Swift cannot import.
// Every helper is prefixed cffmpeg_ so its origin is obvious at the call site.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
#include <libavcodec/avcodec.h>
#include <libavfilter/avfilter.h>
#include <libavfilter/buffersink.h>
#include <libavfilter/buffersrc.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/aes.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/imgutils.h>
#include <libavutil/md5.h>
#include <libavutil/opt.h>
#include <libavutil/pixdesc.h>
#include <libswresample/swresample.h>
#include <libswscale/swscale.h>

/// AVERROR_EOF: end of stream (a value, not a failure).
static inline int cffmpeg_averror_eof(void) { return AVERROR_EOF; }
/// AVERROR(EAGAIN): try again after feeding/draining (a value, not a failure).
static inline int cffmpeg_averror_eagain(void) { return AVERROR(EAGAIN); }
/// AVERROR_EXIT: returned when the interrupt callback asked FFmpeg to stop.
static inline int cffmpeg_averror_exit(void) { return AVERROR_EXIT; }
/// AVERROR(errno) for any POSIX errno value.
static inline int cffmpeg_averror_errno(int posixErrno) { return AVERROR(posixErrno); }
/// AVERROR_INVALIDDATA: corrupt or unrecognised data.
static inline int cffmpeg_averror_invaliddata(void) { return AVERROR_INVALIDDATA; }
/// AVERROR_DECODER_NOT_FOUND: no decoder for the codec.
static inline int cffmpeg_averror_decoder_not_found(void) { return AVERROR_DECODER_NOT_FOUND; }
/// AVERROR_HTTP_NOT_FOUND and friends come from the HTTP protocol.
static inline int cffmpeg_averror_http_not_found(void) { return AVERROR_HTTP_NOT_FOUND; }
/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE: FFmpeg's internal microsecond time base.
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
/// AVSEEK_SIZE: the whence value asking a custom I/O seek callback for the stream size.
static inline int cffmpeg_avseek_size(void) { return AVSEEK_SIZE; }

#endif

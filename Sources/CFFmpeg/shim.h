// CFFmpeg: FFmpeg's headers plus the few macros Swift cannot import.
// Every helper is prefixed cffmpeg_ so its origin is obvious at the call site.
#ifndef CFFMPEG_SHIM_H
#define CFFMPEG_SHIM_H

#include <errno.h>
// malloc_trim: the pipeline hands freed decoder pools back to the system (MemoryRelease).
#include <malloc.h>
#include <libavcodec/avcodec.h>
// libavfilter's types only: the library is not linked but opened on first use through
// CAVFilterLoader, whose spool_ functions are the only way to call it.
#include <libavfilter/avfilter.h>
#include <libavformat/avformat.h>
#include <libavformat/avio.h>
#include <libavutil/aes.h>
#include <libavutil/avutil.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/display.h>
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
/// AVERROR_FILTER_NOT_FOUND: no such filter (or libavfilter could not be opened).
static inline int cffmpeg_averror_filter_not_found(void) { return AVERROR_FILTER_NOT_FOUND; }
/// AVERROR_HTTP_NOT_FOUND and friends come from the HTTP protocol.
static inline int cffmpeg_averror_http_not_found(void) { return AVERROR_HTTP_NOT_FOUND; }
/// AV_NOPTS_VALUE: "no timestamp".
static inline int64_t cffmpeg_nopts_value(void) { return AV_NOPTS_VALUE; }
/// AV_TIME_BASE: FFmpeg's internal microsecond time base.
static inline int cffmpeg_time_base(void) { return AV_TIME_BASE; }
/// AVSEEK_SIZE: the whence value asking a custom I/O seek callback for the stream size.
static inline int cffmpeg_avseek_size(void) { return AVSEEK_SIZE; }

/// AVSEEK_FORCE: a flag FFmpeg may OR into `whence`; custom seek callbacks mask it off.
static inline int cffmpeg_avseek_force(void) { return AVSEEK_FORCE; }
/// AVIO_SEEKABLE_NORMAL: the AVIOContext.seekable bit for byte-addressable seeking.
static inline int cffmpeg_avio_seekable_normal(void) { return AVIO_SEEKABLE_NORMAL; }
/// AVERROR_DEMUXER_NOT_FOUND: no demuxer for the requested format.
static inline int cffmpeg_averror_demuxer_not_found(void) { return AVERROR_DEMUXER_NOT_FOUND; }
/// AVERROR_STREAM_NOT_FOUND: no stream matched a request.
static inline int cffmpeg_averror_stream_not_found(void) { return AVERROR_STREAM_NOT_FOUND; }
/// AV_DISPOSITION_ATTACHED_PIC: the stream is a cover picture (AVStream.attached_pic), not video.
static inline int cffmpeg_disposition_attached_pic(void) { return AV_DISPOSITION_ATTACHED_PIC; }
/// AV_DISPOSITION_DEFAULT: the container's "play this track by default" flag.
static inline int cffmpeg_disposition_default(void) { return AV_DISPOSITION_DEFAULT; }
/// AV_DISPOSITION_FORCED: forced subtitles (shown even when subtitles are off).
static inline int cffmpeg_disposition_forced(void) { return AV_DISPOSITION_FORCED; }
/// AVFMT_FLAG_CUSTOM_IO: the caller owns AVFormatContext.pb; FFmpeg must not close it.
static inline int cffmpeg_avfmt_flag_custom_io(void) { return AVFMT_FLAG_CUSTOM_IO; }
/// AV_ERROR_MAX_STRING_SIZE: the buffer size av_strerror needs.
static inline int cffmpeg_error_max_string_size(void) { return AV_ERROR_MAX_STRING_SIZE; }

/// AV_TIME_BASE_Q: FFmpeg's microsecond time base as a rational (a compound literal in C).
static inline AVRational cffmpeg_time_base_q(void) { return AV_TIME_BASE_Q; }

#endif

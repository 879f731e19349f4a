internal import CFFmpeg
import Foundation
import SpoolCore

/// The timestamps `ffmpeg -i F -map 0:v:0 -f framemd5 -` (FFmpeg 5.1) writes, reproduced:
/// its CLI does not write decoder timestamps but passes frames through its own logic.
///
/// 1. Input timestamps are shifted so the file starts at zero: `ffmpeg` adds
///    `-start_time` of the container (rescaled to the stream time base) to every packet;
///    for containers with timestamp discontinuities (MPEG-TS) the start of the streams in
///    use counts instead, when later.
/// 2. The output time base is `1 / frame rate`, the rate being `av_guess_frame_rate`
///    (25 when unknown): one tick per frame.
/// 3. With `framemd5` (a variable-frame-rate muxer) video sync is "vfr": each frame gets
///    the next tick, unless its own time is more than 0.6 frame later (a gap: it jumps
///    there) or it would end 0.6 frame before the next tick (it is dropped). Frames with
///    no timestamp are dropped. Every frame's duration is one tick.
///
/// A pure state machine over plain numbers; one per output, confined with it.
struct FrameMD5Timing {
    /// The time base the lines are written in (`#tb 0:`).
    let outputTimeBase: Rational
    /// `1 / (frame rate × output time base)` as `ffmpeg` computes it: the default frame
    /// duration in output ticks (0 when FFmpeg could not guess a rate).
    private let defaultDuration: Double
    /// `-start_time` rescaled to the stream time base, as a time.
    private let startOffset: MediaTime
    /// The next output tick (`ost->sync_opts`).
    private var nextTick: Int64 = 0

    /// Timing for frames of `stream`, in a container whose first timestamp is `containerStartTime`.
    init(stream: MediaStreamInfo, containerStartTime: MediaTime) {
        let guessed = stream.guessedFrameRate
        let rate = guessed.isPositive ? guessed : Rational(numerator: 25, denominator: 1)
        var numerator: Int32 = 0
        var denominator: Int32 = 0
        // The muxer stores the time base reduced (avpriv_set_pts_info).
        av_reduce(&numerator, &denominator, Int64(rate.denominator), Int64(rate.numerator), Int64(Int32.max))
        outputTimeBase = Rational(numerator: numerator, denominator: denominator)
        defaultDuration =
            guessed.isPositive ? 1 / (guessed.doubleValue * outputTimeBase.doubleValue) : 0
        let microseconds = Rational(cffmpeg_time_base_q())
        if var startMicroseconds = containerStartTime.ticks(in: microseconds) {
            // correct_input_start_times(): where timestamps may jump, the streams in use
            // (this one alone, as with `-map 0:v:0`) decide, unless the container starts later.
            if stream.containerHasDiscontinuities, let streamStart = stream.startTime.ticks(in: microseconds) {
                startMicroseconds = max(startMicroseconds, streamStart)
            }
            let offset = av_rescale_q(-startMicroseconds, cffmpeg_time_base_q(), stream.timeBase.avRational)
            startOffset = MediaTime(ticks: offset, timeBase: stream.timeBase)
        } else {
            startOffset = .zero
        }
    }

    /// The output tick of a frame at `presentationTime` whose packet lasted
    /// `packetDuration` (`invalid` if unknown), or `nil` when `ffmpeg` drops the frame.
    mutating func tick(presentationTime: MediaTime, packetDuration: MediaTime) -> Int64? {
        // ffmpeg turns AV_NOPTS_VALUE into a hugely negative "time", which always drops.
        guard presentationTime.isNumeric else { return nil }
        var syncTime = exactOutputTime(of: presentationTime + startOffset)
        var duration = defaultDuration
        if packetDuration.isNumeric {
            let ticks = Float(packetDuration.seconds / outputTimeBase.doubleValue).rounded(.toNearestOrEven)
            if ticks > 0 { duration = Double(ticks) }
        }
        let drift = syncTime - Double(nextTick)
        let delta = drift + duration
        // A frame slightly early is clipped to the next tick, not dropped.
        if drift < 0 && delta > 0 { syncTime = Double(nextTick) }
        if delta <= -0.6 { return nil }
        if delta > 0.6 { nextTick = Int64(syncTime.rounded(.toNearestOrEven)) }
        defer { nextTick += 1 }
        return nextTick
    }

    /// `time` in output ticks with 16 extra bits of precision, nudged off exact halves the
    /// way `ffmpeg` does (`adjust_frame_pts_to_encoder_tb`).
    private func exactOutputTime(of time: MediaTime) -> Double {
        let extraBits = min(max(29 - Int32(av_log2(UInt32(outputTimeBase.denominator))), 0), 16)
        let finer = AVRational(num: outputTimeBase.numerator, den: outputTimeBase.denominator << extraBits)
        var ticks = Double(av_rescale_q(time.value, AVRational(num: 1, den: time.timescale), finer))
        ticks /= Double(1 << extraBits)
        // FFSIGN(0) is −1, so a frame at exactly zero is nudged below zero too.
        ticks += (ticks > 0 ? 1 : -1) / Double(1 << 17)
        return ticks
    }
}

public import SpoolCore

extension MediaStreamInfo {
    /// `time` rounded to the nearest tick of the stream's time base (half away from zero,
    /// FFmpeg's `av_rescale_q`): how the `ffmpeg` CLI turns `-ss T` into the timestamp its
    /// accurate seek compares frames with. Special times are returned unchanged.
    public func roundedToTimeBase(_ time: MediaTime) -> MediaTime {
        guard let ticks = time.ticks(in: timeBase) else { return time }
        return MediaTime(ticks: ticks, timeBase: timeBase)
    }
}

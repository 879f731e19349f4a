internal import CFFmpeg
public import SpoolCore

/// Converts decoded audio of any sample format, channel layout and rate into interleaved
/// Float32 PCM at one `AudioFormat` (libswresample), the only layout outputs take.
///
/// Times: each buffer's `presentationTime` is the media time of its first sample, which
/// accounts for the samples the resampler holds back. A change of the input's format,
/// layout or rate midway re-creates the resampler; what the old one held is drained first
/// and comes out ahead of the new samples.
///
/// Pointer ownership: owns its `SwrContext` (`swr_free`) and the input channel layout it
/// was made for (`av_channel_layout_uninit`), both released in `deinit`. Confinement: used
/// by one thread at a time (the audio thread); not `Sendable`.
public final class AudioConverter {
    /// The format every buffer comes out in.
    public let outputFormat: AudioFormat

    private var resampler: OpaquePointer?
    private var inputFormat: AVSampleFormat = AV_SAMPLE_FMT_NONE
    private var inputRate: Int32 = 0
    private var inputLayout = AVChannelLayout()
    /// The media time right after the last input frame: where drained samples end.
    private var inputEnd = MediaTime.invalid

    /// A converter to `outputFormat`; the resampler is made for the first frame.
    public init(outputFormat: AudioFormat) {
        self.outputFormat = outputFormat
    }

    deinit {
        swr_free(&resampler)
        av_channel_layout_uninit(&inputLayout)
    }

    /// `frame`'s samples in the output format. The buffer may hold a few samples more or
    /// fewer than the frame (the resampler's delay); nothing is lost across calls.
    public func convert(_ frame: DecodedAudioFrame) throws(FFmpegError) -> PCMBuffer {
        let carried = try frame.withFrame { (input: UnsafePointer<AVFrame>) throws(FFmpegError) in
            try prepare(for: input)
        }
        guard let resampler else { throw .invalidArgument }
        let delay = MediaTime(
            value: swr_get_delay(resampler, Int64(outputFormat.sampleRate)),
            timescale: Int32(clamping: outputFormat.sampleRate))
        inputEnd = frame.presentationTime + frame.duration
        let converted = try frame.withFrame { (input: UnsafePointer<AVFrame>) throws(FFmpegError) in
            try run(input.pointee.extended_data, sampleCount: input.pointee.nb_samples)
        }
        guard let carried else {
            return PCMBuffer(format: outputFormat, samples: converted, presentationTime: frame.presentationTime - delay)
        }
        return PCMBuffer(
            format: outputFormat, samples: carried.samples + converted, presentationTime: carried.presentationTime)
    }

    /// The samples the resampler still holds, at the end of the stream; `nil` if none.
    public func drain() throws(FFmpegError) -> PCMBuffer? {
        guard let resampler else { return nil }
        let delay = MediaTime(
            value: swr_get_delay(resampler, Int64(outputFormat.sampleRate)),
            timescale: Int32(clamping: outputFormat.sampleRate))
        let samples = try run(nil, sampleCount: 0)
        guard !samples.isEmpty else { return nil }
        return PCMBuffer(format: outputFormat, samples: samples, presentationTime: inputEnd - delay)
    }

    /// Drops the samples the resampler holds (after a seek), keeping it for the next frame.
    public func reset() {
        guard let resampler else { return }
        // Re-initialising with unchanged options empties the resampler's buffers.
        swr_close(resampler)
        if swr_init(resampler) < 0 { swr_free(&self.resampler) }
        inputEnd = .invalid
    }

    /// Makes the resampler match `input`, draining the old one if the input changed.
    private func prepare(for input: UnsafePointer<AVFrame>) throws(FFmpegError) -> PCMBuffer? {
        let frame = input.pointee
        var layout = AVChannelLayout()
        defer { av_channel_layout_uninit(&layout) }
        if frame.ch_layout.order == AV_CHANNEL_ORDER_UNSPEC {
            // Only a count is known: assume the usual layout for it, as ffmpeg does.
            av_channel_layout_default(&layout, frame.ch_layout.nb_channels)
        } else {
            try withUnsafePointer(to: frame.ch_layout) { (source) throws(FFmpegError) in
                _ = try FFmpegCall.check(av_channel_layout_copy(&layout, source))
            }
        }
        let format = AVSampleFormat(rawValue: frame.format)
        if resampler != nil, format == inputFormat, frame.sample_rate == inputRate,
            av_channel_layout_compare(&layout, &inputLayout) == 0
        {
            return nil
        }
        let carried = try drain()
        swr_free(&resampler)
        var outputLayout = AVChannelLayout()
        defer { av_channel_layout_uninit(&outputLayout) }
        av_channel_layout_default(&outputLayout, Int32(clamping: outputFormat.channelCount))
        try FFmpegCall.check(
            swr_alloc_set_opts2(
                &resampler, &outputLayout, AV_SAMPLE_FMT_FLT, Int32(clamping: outputFormat.sampleRate), &layout,
                format, frame.sample_rate, 0, nil))
        try FFmpegCall.check(swr_init(resampler))
        av_channel_layout_uninit(&inputLayout)
        swap(&inputLayout, &layout)
        inputFormat = format
        inputRate = frame.sample_rate
        return carried
    }

    /// Converts `sampleCount` input samples at `planes` (`nil`: drain) into one array.
    private func run(
        _ planes: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, sampleCount: Int32
    ) throws(FFmpegError) -> [Float] {
        guard let resampler else { return [] }
        let capacity = swr_get_out_samples(resampler, sampleCount)
        guard capacity > 0 else { return [] }
        let channels = outputFormat.channelCount
        var status: Int32 = 0
        let samples = [Float](unsafeUninitializedCapacity: Int(capacity) * channels) { buffer, count in
            var output = UnsafeMutableRawPointer(buffer.baseAddress)?.assumingMemoryBound(to: UInt8.self)
            status = withUnsafeMutablePointer(to: &output) { outputPlanes in
                let inputPlanes = UnsafeMutableRawPointer(planes)?.assumingMemoryBound(to: UnsafePointer<UInt8>?.self)
                return swr_convert(resampler, outputPlanes, capacity, inputPlanes, sampleCount)
            }
            count = Int(max(status, 0)) * channels
        }
        try FFmpegCall.check(status)
        return samples
    }
}

/// The sample layout every audio output accepts: interleaved 32-bit float PCM.
///
/// The engine converts decoded audio (any codec, any sample format, any layout) to this one
/// layout, so outputs never convert; only the rate and channel count vary.
public struct AudioFormat: Sendable, Hashable, CustomStringConvertible {
    /// Frames (samples per channel) per second.
    public let sampleRate: Int
    /// Interleaved channels per frame.
    public let channelCount: Int

    /// A format of `sampleRate` Hz and `channelCount` channels (both clamped to at least 1).
    public init(sampleRate: Int, channelCount: Int) {
        self.sampleRate = max(sampleRate, 1)
        self.channelCount = max(channelCount, 1)
    }

    /// The duration of `frames` frames in this format.
    public func duration(ofFrames frames: Int) -> Duration {
        .nanoseconds(Int64(frames) * 1_000_000_000 / Int64(sampleRate))
    }

    /// "48000 Hz, 2 ch, f32".
    public var description: String { "\(sampleRate) Hz, \(channelCount) ch, f32" }
}

/// A run of interleaved float PCM with the media time of its first frame.
public struct PCMBuffer: Sendable {
    /// The layout of `samples`.
    public let format: AudioFormat
    /// Interleaved samples, `frameCount * format.channelCount` of them, nominally in -1...1.
    public var samples: [Float]
    /// The media time of the first frame (`invalid` when unknown).
    public let presentationTime: MediaTime

    /// Wraps samples; a trailing partial frame is ignored by `frameCount`.
    public init(format: AudioFormat, samples: [Float], presentationTime: MediaTime) {
        self.format = format
        self.samples = samples
        self.presentationTime = presentationTime
    }

    /// Whole frames in `samples`.
    public var frameCount: Int { samples.count / format.channelCount }

    /// How long the buffer plays at rate 1.
    public var duration: Duration { format.duration(ofFrames: frameCount) }
}

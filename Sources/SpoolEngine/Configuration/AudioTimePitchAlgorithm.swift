/// How audio is rendered at rates other than 1 (AVFoundation's `AVAudioTimePitchAlgorithm`).
public enum AudioTimePitchAlgorithm: String, Sendable, CaseIterable {
    /// Pitch preserved by time-domain stretching (libavfilter's atempo). The default: voices
    /// at 2× sound like voices, not chipmunks.
    case timeDomain
    /// Pitch preserved; on Linux the same stretcher as `timeDomain`.
    case spectral
    /// Pitch follows speed, like a tape played faster.
    case varispeed

    /// Whether the algorithm keeps the pitch.
    public var preservesPitch: Bool { self != .varispeed }
}

/// One elementary stream of an asset, as a container probe or an HLS playlist describes it.
///
/// A plain value: it holds no handle to the container, so it can be stored, compared and
/// sent anywhere. Fields a kind of track does not have are `nil` (an audio track has no
/// `width`); fields the source did not state are `nil` too, never a made-up zero.
public struct AssetTrack: Codable, Sendable, Equatable {
    /// The kind of media a track carries.
    public enum MediaKind: String, Codable, Sendable, Equatable, CaseIterable {
        /// Moving pictures. Cover art is not a video track: it is `AssetMetadata.artwork`.
        case video
        /// Sound.
        case audio
        /// Text or bitmap subtitles and captions.
        case subtitle
        /// Anything else: timed metadata, attachments, unknown streams.
        case data
    }

    /// What the track carries.
    public var kind: MediaKind
    /// The codec's short name as FFmpeg spells it (`"h264"`, `"aac"`, `"opus"`).
    public var codec: String
    /// The language tag the container states (`"eng"`); `nil` when absent or undetermined.
    public var language: String?
    /// The picture width in pixels (video only).
    public var width: Int?
    /// The picture height in pixels (video only).
    public var height: Int?
    /// The nominal frames per second (video only).
    public var frameRate: Double?
    /// The number of audio channels (audio only).
    public var channels: Int?
    /// Audio samples per second per channel (audio only).
    public var sampleRate: Int?
    /// The track's bit rate in bits per second, when the container states one.
    public var bitRate: Int?
    /// Whether this build of Spool has a decoder for the codec.
    public var isDecodable: Bool
    /// The stream's index in the container (FFmpeg's, as `ffprobe` numbers streams); `nil`
    /// for tracks described by a playlist rather than a container.
    public var streamIndex: Int?
    /// The track's title as the container states it (Matroska's Name, an MP4 handler name
    /// set by the author); `nil` when absent.
    public var title: String?
    /// The container marks the track as the one to play by default (Matroska FlagDefault,
    /// MP4's enabled alternate, FFmpeg's default disposition).
    public var isDefault: Bool = false
    /// The container marks the track as forced (Matroska FlagForced: subtitles for foreign
    /// dialogue or signs, shown even when subtitles are off).
    public var isForced: Bool = false
    /// A video track whose pictures carry CEA-608 closed captions (ATSC A/53 data in H.264 or
    /// HEVC SEI), found in its first seconds when the asset was probed; such captions are a
    /// legible option of the file ("CC1"). False when none were found or none were looked for.
    public var hasClosedCaptions: Bool = false

    /// A track; every descriptive field defaults to "not stated".
    public init(
        kind: MediaKind, codec: String, language: String? = nil, width: Int? = nil, height: Int? = nil,
        frameRate: Double? = nil, channels: Int? = nil, sampleRate: Int? = nil, bitRate: Int? = nil,
        isDecodable: Bool = true
    ) {
        self.kind = kind
        self.codec = codec
        self.language = language
        self.width = width
        self.height = height
        self.frameRate = frameRate
        self.channels = channels
        self.sampleRate = sampleRate
        self.bitRate = bitRate
        self.isDecodable = isDecodable
    }

    /// Whether this is an audio or video track with a decoder: what makes an asset playable.
    public var isPlayable: Bool { isDecodable && (kind == .audio || kind == .video) }
}

extension AssetProperty where Value == [AssetTrack] {
    /// The asset's tracks in container order, excluding cover art.
    public static var tracks: AssetProperty<[AssetTrack]> { .init("tracks") }
}

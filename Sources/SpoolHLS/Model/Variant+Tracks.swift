public import SpoolCore

extension Variant {
    /// The tracks the variant's CODECS and RESOLUTION describe (the codec names as FFmpeg
    /// names them where known), so an asset's tracks are known without fetching a segment.
    /// Empty when CODECS is absent.
    public var describedTracks: [AssetTrack] {
        codecs.compactMap { Self.track(for: $0, variant: self) }
    }

    private static func track(for codec: String, variant: Variant) -> AssetTrack? {
        let family = codec.split(separator: ".").first.map { String($0).lowercased() } ?? codec.lowercased()
        let video: [String: String] = [
            "avc1": "h264", "avc3": "h264", "hvc1": "hevc", "hev1": "hevc", "vp09": "vp9", "av01": "av1",
            "dvh1": "hevc", "dvhe": "hevc",
        ]
        let audio: [String: String] = [
            "mp4a": "aac", "ac-3": "ac3", "ec-3": "eac3", "opus": "opus", "flac": "flac", "fLaC": "flac",
            "alac": "alac",
        ]
        if let name = video[family] {
            return AssetTrack(
                kind: .video, codec: name, width: variant.resolution?.width, height: variant.resolution?.height,
                frameRate: variant.frameRate, bitRate: variant.bandwidth)
        }
        if let name = audio[family] {
            // mp4a.40.34 is MP3 carried in MP4 terms.
            return AssetTrack(kind: .audio, codec: codec.lowercased().hasPrefix("mp4a.40.34") ? "mp3" : name)
        }
        if codec.lowercased().hasPrefix("wvtt") || codec.lowercased() == "stpp.ttml.im1t" {
            return AssetTrack(kind: .subtitle, codec: "webvtt", isDecodable: false)
        }
        return nil
    }
}

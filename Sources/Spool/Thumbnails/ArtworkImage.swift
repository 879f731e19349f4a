public import Foundation
public import SpoolCore
import SpoolMedia

/// Cover art (`AssetMetadata.artwork`: a JPEG or PNG picture in the file's tags) decoded to
/// RGBA by FFmpeg, for a view to show an audio-only item with.
public enum ArtworkImage {
    /// The picture in `data`, scaled to fit `maximumSize` (never enlarged); `nil` when FFmpeg
    /// cannot read it as an image. Decodes off the caller's thread.
    public static func decode(_ data: Data, maximumSize: PixelSize) async -> GeneratedImage? {
        await Task.detached(priority: .utility) { decodeNow(data, maximumSize: maximumSize) }.value
    }

    private static func decodeNow(_ data: Data, maximumSize: PixelSize) -> GeneratedImage? {
        guard !data.isEmpty, let url = URL(string: "memory:artwork") else { return nil }
        guard let demuxer = try? Demuxer(source: MemoryByteSource(data: data, url: url)),
            let stream = demuxer.video, let decoder = try? VideoDecoder(stream: stream, threadCount: 1),
            let decoded = try? FrameDecoding.decode(demuxer, decoder, threshold: nil, name: "cover art")
        else { return nil }
        let frame = decoded.frame
        let (width, height) = RGBAImageConverter.fittedSize(
            width: frame.width, height: frame.height, maximum: (maximumSize.width, maximumSize.height))
        guard let converted = try? RGBAImageConverter().convert(frame, width: width, height: height) else {
            return nil
        }
        return GeneratedImage(
            width: converted.width, height: converted.height, rgba: converted.rgba, actualTime: .zero,
            requestedTime: .zero)
    }
}

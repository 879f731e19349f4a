public import Foundation
import SpoolMedia

extension GeneratedImage {
    /// The image as a PNG file (8-bit RGB, by FFmpeg's png encoder: the bytes `ffmpeg`
    /// writes for the same pixels). Throws `.encodingFailed` when FFmpeg cannot encode it.
    public func pngData() throws(ImageGenerationError) -> Data {
        do {
            return try PNGEncoder().encode(rgba: rgba, width: width, height: height)
        } catch {
            throw .encodingFailed("cannot encode the PNG: \(error)")
        }
    }
}

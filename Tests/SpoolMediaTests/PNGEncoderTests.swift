import Foundation
import SpoolMedia
import SpoolTestSupport
import Testing

/// `PNGEncoder`: FFmpeg's png encoder over packed RGBA; `RGBAImageConverter.fittedSize`.
@Suite("PNGEncoder and RGBA images")
struct PNGEncoderTests {
    @Test("a PNG that ffmpeg decodes back to the same RGB, alpha dropped")
    func roundTrip() async throws {
        let width = 7
        let height = 3
        var rgba: [UInt8] = []
        for pixel in 0..<width * height {
            let red = UInt8(pixel * 11 % 256)
            let green = UInt8(pixel * 37 % 256)
            rgba += [red, green, UInt8(255 - pixel), 255]
        }
        let png = try PNGEncoder().encode(rgba: rgba, width: width, height: height)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let file = try TestMedia.file(named: "encoder-\(UUID()).png", contents: png)
        let decoded = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            ["-nostdin", "-v", "error", "-i", file.path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
            timeout: .seconds(30))
        let rgb = stride(from: 0, to: rgba.count, by: 4).flatMap { rgba[$0..<$0 + 3] }
        #expect([UInt8](decoded.standardOutput) == rgb)
    }

    @Test("a size that is not positive, or bytes that do not fill it, are refused")
    func invalidInput() {
        #expect(throws: FFmpegError.invalidArgument) { _ = try PNGEncoder().encode(rgba: [], width: 0, height: 1) }
        #expect(throws: FFmpegError.invalidArgument) {
            _ = try PNGEncoder().encode(rgba: [UInt8](repeating: 0, count: 15), width: 2, height: 2)
        }
    }

    @Test("fitting inside a maximum keeps the aspect, never enlarges, leaves a zero side free")
    func fittedSize() {
        #expect(RGBAImageConverter.fittedSize(width: 320, height: 240, maximum: (160, 100)) == (133, 100))
        #expect(RGBAImageConverter.fittedSize(width: 320, height: 240, maximum: (640, 480)) == (320, 240))
        #expect(RGBAImageConverter.fittedSize(width: 1920, height: 1080, maximum: (320, 0)) == (320, 180))
        #expect(RGBAImageConverter.fittedSize(width: 320, height: 240, maximum: nil) == (320, 240))
        #expect(RGBAImageConverter.fittedSize(width: 4000, height: 2, maximum: (100, 100)) == (100, 1))
    }
}

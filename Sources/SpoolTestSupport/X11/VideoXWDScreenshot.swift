public import Foundation

/// A screenshot of a whole X screen taken by `xwd -root`, read from xwd's file format
/// (X11's XWDFileHeader: 25 big-endian 32-bit fields, the window name, a colour map, then
/// the pixels). Only what Xvfb's 24-bit TrueColor screens produce is understood: ZPixmap with
/// 24 or 32 bits per pixel.
public struct VideoXWDScreenshot: Sendable {
    /// The screen's width in pixels.
    public let width: Int
    /// The screen's height in pixels.
    public let height: Int
    /// The xwd file as xwd wrote it.
    public let data: Data
    private let pixelOffset: Int
    private let bytesPerLine: Int
    private let bytesPerPixel: Int
    private let littleEndianPixels: Bool
    private let masks: (red: UInt32, green: UInt32, blue: UInt32)

    /// Why a screenshot could not be taken or read.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public let description: String
    }

    /// Runs `xwd -root` against `$DISPLAY` and reads its output.
    public static func capture() async throws -> VideoXWDScreenshot {
        let xwd: URL
        do {
            xwd = try ToolRunner.find("xwd")
        } catch {
            throw Failure(description: "xwd not found on PATH: run scripts/bootstrap (Debian package x11-apps)")
        }
        let result = try await ToolRunner.run(xwd, ["-root", "-silent"])
        guard result.status == 0 else { throw Failure(description: "xwd failed: \(result.errorText)") }
        return try VideoXWDScreenshot(result.standardOutput)
    }

    /// Reads an xwd file.
    public init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func field(_ index: Int) -> Int {
            guard bytes.count >= (index + 1) * 4 else { return -1 }
            return bytes[(index * 4)..<(index * 4 + 4)].reduce(0) { $0 << 8 | Int($1) }
        }
        let (headerSize, format, bitsPerPixel) = (field(0), field(2), field(11))
        guard field(1) == 7, format == 2, bitsPerPixel == 24 || bitsPerPixel == 32 else {
            throw Failure(
                description: "unsupported xwd image: version \(field(1)), format \(format), \(bitsPerPixel) bpp")
        }
        width = field(4)
        height = field(5)
        bytesPerLine = field(12)
        bytesPerPixel = bitsPerPixel / 8
        littleEndianPixels = field(7) == 0
        masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
        pixelOffset = headerSize + field(19) * 12
        guard width > 0, height > 0, data.count >= pixelOffset + bytesPerLine * height else {
            throw Failure(description: "truncated xwd image (\(data.count) bytes for \(width)x\(height))")
        }
        self.data = data
    }

    /// The colour at (`x`, `y`) of the screen.
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let start = data.startIndex + pixelOffset + y * bytesPerLine + x * bytesPerPixel
        var value: UInt32 = 0
        for index in 0..<bytesPerPixel {
            let byte = UInt32(data[start + (littleEndianPixels ? bytesPerPixel - 1 - index : index)])
            value = value << 8 | byte
        }
        func channel(_ mask: UInt32) -> UInt8 {
            UInt8(truncatingIfNeeded: (value & mask) >> UInt32(mask.trailingZeroBitCount))
        }
        return (channel(masks.red), channel(masks.green), channel(masks.blue))
    }
}

extension VideoXWDScreenshot {
    /// Writes the screenshot as `<name>.png` (converted by the ffmpeg CLI from xwd) into
    /// `.build/test-screenshots/` of the package, so a person can look at what a test saw;
    /// returns the file's path. The raw `.xwd` is kept next to it when conversion fails.
    @discardableResult
    public func save(as name: String, filePath: String = #filePath) async throws -> String {
        let directory = try TestScreenshots.directory(filePath: filePath)
        let xwd = directory.appendingPathComponent("\(name).xwd")
        let png = directory.appendingPathComponent("\(name).png")
        try data.write(to: xwd)
        let result = try await ToolRunner.run(
            try ToolRunner.find("ffmpeg"),
            ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-f", "xwd_pipe", "-i", xwd.path, png.path],
            timeout: .seconds(20))
        guard result.status == 0 else { return xwd.path }
        try? FileManager.default.removeItem(at: xwd)
        return png.path
    }
}

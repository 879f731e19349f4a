public import Foundation

/// Clips whose pictures must be turned or mirrored for display, made at test time: one
/// H.264 MP4 of four coloured quadrants (so any turn or mirror shows), stream-copied by the
/// `ffmpeg` CLI with a `rotate` tag, which FFmpeg 5.1 turns into the `tkhd` display matrix.
///
/// FFmpeg 5.1's CLI cannot write a mirrored matrix (`-display_hflip` came in FFmpeg 6), so the
/// mirrored clips are the upright one with the nine numbers of its `tkhd` matrix rewritten in
/// place, as a camera writing such a file would store them. FFmpeg reads them back as any
/// display matrix (`ffprobe -show_streams` lists it).
public enum OrientedTestClips {
    /// The stored picture: 320x180, red top left, green top right, blue bottom left, white
    /// bottom right.
    public static let storedSize = (width: 320, height: 180)

    /// The ways a test clip is stored.
    public enum Variant: String, CaseIterable, Sendable, CustomStringConvertible {
        /// No display matrix.
        case upright
        /// `-metadata:s:v rotate=90` on a stream copy. FFmpeg 5.1 stores the matrix of a
        /// 90° counter-clockwise turn for it (`ffprobe` says `rotation=90`), and its own
        /// autorotation turns the picture counter-clockwise.
        case rotate90
        /// `rotate=180`.
        case rotate180
        /// `rotate=270`: the picture is turned clockwise.
        case rotate270
        /// A matrix that mirrors left and right (`av_display_matrix_flip(m, 1, 0)`).
        case mirrored
        /// A matrix that swaps the axes (a mirror across the main diagonal: transpose).
        case transposed

        /// The file name.
        public var description: String { "quadrants-\(rawValue).mp4" }
    }

    /// The clip for `variant`, generated on first use (each lasts 2 s, 25 fps).
    public static func url(_ variant: Variant) async throws -> URL {
        let url = try TestMedia.directory().appendingPathComponent(variant.description)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let partial = url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).mp4")
        switch variant {
        case .upright:
            try await ffmpeg([
                "-f", "lavfi", "-i",
                "color=c=red:s=320x180:r=25:d=2,"
                    + "drawbox=x=160:y=0:w=160:h=90:c=lime:t=fill,drawbox=x=0:y=90:w=160:h=90:c=blue:t=fill,"
                    + "drawbox=x=160:y=90:w=160:h=90:c=white:t=fill",
                "-c:v", "libx264", "-preset", "veryfast", "-pix_fmt", "yuv420p", partial.path,
            ])
        case .rotate90, .rotate180, .rotate270:
            let degrees = variant == .rotate90 ? 90 : variant == .rotate180 ? 180 : 270
            try await ffmpeg([
                "-i", try await Self.url(.upright).path, "-c", "copy", "-metadata:s:v", "rotate=\(degrees)",
                partial.path,
            ])
        case .mirrored, .transposed:
            var file = try Data(contentsOf: try await Self.url(.upright))
            let w = storedSize.width
            // a b u / c d v / x y w: a point (p, q) is shown at (a·p + c·q + x, b·p + d·q + y).
            let matrix = variant == .mirrored ? [-1, 0, 0, 1, w, 0] : [0, 1, 1, 0, 0, 0]
            guard rewriteTrackMatrix(in: &file, to: matrix) else {
                throw ToolError(description: "no tkhd box in \(try await Self.url(.upright).path)")
            }
            try file.write(to: partial)
        }
        // Concurrent tests may both generate: the first move wins, the other's copy is dropped.
        if (try? FileManager.default.moveItem(at: partial, to: url)) == nil {
            try? FileManager.default.removeItem(at: partial)
        }
        return url
    }

    /// A 480x360 clip of 4:3 pixels (`setsar=4/3`: meant to be seen at 640x360, 16:9), 1 s;
    /// with `rotated`, stream-copied with `rotate=90` as well.
    public static func anamorphic(rotated: Bool = false) async throws -> URL {
        let name = rotated ? "anamorphic-rotate90.mp4" : "anamorphic.mp4"
        let url = try TestMedia.directory().appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let partial = url.deletingLastPathComponent().appendingPathComponent("\(UUID().uuidString).mp4")
        if rotated {
            try await ffmpeg([
                "-i", try await anamorphic().path, "-c", "copy", "-metadata:s:v", "rotate=90", partial.path,
            ])
        } else {
            try await ffmpeg([
                "-f", "lavfi", "-i", "testsrc2=s=480x360:r=25:d=1", "-vf", "setsar=4/3", "-c:v", "libx264",
                "-preset", "veryfast", "-pix_fmt", "yuv420p", partial.path,
            ])
        }
        if (try? FileManager.default.moveItem(at: partial, to: url)) == nil {
            try? FileManager.default.removeItem(at: partial)
        }
        return url
    }

    /// Rewrites the matrix of the first `tkhd` box of an MP4 in `file` to `a b c d x y`
    /// (whole numbers, written as 16.16 fixed point; u, v, w stay 0, 0, 1). Whether it found one.
    static func rewriteTrackMatrix(in file: inout Data, to entries: [Int]) -> Bool {
        guard entries.count == 6, let box = file.range(of: Data("tkhd".utf8)) else { return false }
        let version = file[box.upperBound]
        // Version, flags, times, track ID, reserved, duration, reserved, layer, group, volume, reserved.
        let offset = box.upperBound + (version == 1 ? 52 : 40)
        let (a, b, c, d, x, y) = (entries[0], entries[1], entries[2], entries[3], entries[4], entries[5])
        let values: [Int] = [a << 16, b << 16, 0, c << 16, d << 16, 0, x << 16, y << 16, 1 << 30]
        guard offset + 36 <= file.endIndex else { return false }
        var bytes: [UInt8] = []
        for value in values { bytes += withUnsafeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian) { Array($0) } }
        file.replaceSubrange(offset..<offset + 36, with: bytes)
        return true
    }

    /// The first frame as the `ffmpeg` CLI outputs it — autorotated, as it does by default —
    /// read back as packed RGB.
    public static func ffmpegFrame(of url: URL) async throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let ppm = try TestMedia.directory().appendingPathComponent("\(UUID().uuidString).ppm")
        defer { try? FileManager.default.removeItem(at: ppm) }
        try await ffmpeg(["-i", url.path, "-frames:v", "1", "-pix_fmt", "rgb24", ppm.path])
        let bytes = [UInt8](try Data(contentsOf: ppm))
        // "P6\nW H\n255\n", then the pixels.
        var fields: [Int] = []
        var index = 2
        while fields.count < 3, index < bytes.count {
            while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A { index += 1 }
            var value = 0
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        let (width, height) = (fields[0], fields[1])
        let start = index + 1
        guard fields.count == 3, start + width * height * 3 <= bytes.count else {
            throw ToolError(description: "ffmpeg wrote an unreadable PPM for \(url.path)")
        }
        return (width, height, Array(bytes[start..<start + width * height * 3]))
    }

    private static func ffmpeg(_ arguments: [String]) async throws {
        let common = ["-nostdin", "-hide_banner", "-loglevel", "error", "-y"]
        let result = try await ToolRunner.run(try ToolRunner.find("ffmpeg"), common + arguments, timeout: .seconds(60))
        guard result.status == 0 else {
            throw ToolError(description: "ffmpeg \(arguments.joined(separator: " ")) failed: \(result.errorText)")
        }
    }
}

/// The colours at the centres of a picture's four quadrants, each named by the nearest of
/// the test clips' four (or "dark" when none is near): a coarse description of a picture's
/// orientation that survives scaling, colour conversion and compression.
public struct QuadrantColors: Equatable, Sendable, CustomStringConvertible {
    /// "red", "green", "blue", "white", "dark" or "other", for the top left, top right,
    /// bottom left and bottom right quadrant.
    public let topLeft: String, topRight: String, bottomLeft: String, bottomRight: String

    /// Reads a `width`×`height` picture through `pixel(x, y)` (red, green, blue), averaging a
    /// small square at each quadrant's centre.
    public init(width: Int, height: Int, pixel: (_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8)) {
        func name(atX cx: Int, y cy: Int) -> String {
            var sum = (0, 0, 0)
            var count = 0
            for y in max(0, cy - 2)...min(height - 1, cy + 2) {
                for x in max(0, cx - 2)...min(width - 1, cx + 2) {
                    let (r, g, b) = pixel(x, y)
                    sum = (sum.0 + Int(r), sum.1 + Int(g), sum.2 + Int(b))
                    count += 1
                }
            }
            let (r, g, b) = (sum.0 / max(count, 1), sum.1 / max(count, 1), sum.2 / max(count, 1))
            switch (r > 160, g > 160, b > 160) {
            case (true, false, false): return "red"
            case (false, true, false): return "green"
            case (false, false, true): return "blue"
            case (true, true, true): return "white"
            case (false, false, false): return max(r, g, b) < 60 ? "dark" : "other"
            default: return "other"
            }
        }
        topLeft = name(atX: width / 4, y: height / 4)
        topRight = name(atX: 3 * width / 4, y: height / 4)
        bottomLeft = name(atX: width / 4, y: 3 * height / 4)
        bottomRight = name(atX: 3 * width / 4, y: 3 * height / 4)
    }

    /// The quadrants of packed RGB bytes.
    public init(width: Int, height: Int, rgb: [UInt8]) {
        self.init(width: width, height: height) { x, y in
            let index = (y * width + x) * 3
            return (rgb[index], rgb[index + 1], rgb[index + 2])
        }
    }

    /// "red green / blue white".
    public var description: String { "\(topLeft) \(topRight) / \(bottomLeft) \(bottomRight)" }
}

import SpoolCore

/// What each plane of a frame must hold before a renderer may read it: SDL copies
/// `rows` rows of `rowBytes` bytes, `bytesPerRow` apart, and trusts the pointer blindly.
struct PlaneRequirement: Equatable, Sendable {
    /// Bytes of picture in one row.
    let rowBytes: Int
    /// Rows in the plane.
    let rows: Int
}

/// Checks a frame's planes against its format and size, so that no frame given to an
/// output can make C code read past the end of a plane.
enum VideoFramePlanes {
    /// The largest width or height accepted (SDL's renderers top out at 16384).
    static let maximumDimension = 16384

    /// The planes `format` needs at `width`×`height`; `nil` for a format this module does
    /// not lay out. Chroma planes of 4:2:0 formats round odd sizes up, as FFmpeg does.
    static func requirements(for format: PixelFormat, width: Int, height: Int) -> [PlaneRequirement]? {
        let chromaWidth = (width + 1) / 2
        let chromaHeight = (height + 1) / 2
        switch format {
        case .yuv420p, .yuvj420p:
            return [
                PlaneRequirement(rowBytes: width, rows: height),
                PlaneRequirement(rowBytes: chromaWidth, rows: chromaHeight),
                PlaneRequirement(rowBytes: chromaWidth, rows: chromaHeight),
            ]
        case .nv12:
            return [
                PlaneRequirement(rowBytes: width, rows: height),
                PlaneRequirement(rowBytes: 2 * chromaWidth, rows: chromaHeight),
            ]
        case .rgba, .bgra:
            return [PlaneRequirement(rowBytes: 4 * width, rows: height)]
        default:
            return nil
        }
    }

    /// Throws `.presentFailed` naming the first problem: a size out of range, a wrong plane
    /// count, a row stride shorter than a row (or too large for C's `int`), or a plane with
    /// fewer bytes than its rows span. Throws `.unsupportedPixelFormat` for unknown formats.
    static func validate(_ frame: any VideoFrame) throws(VideoOutputError) {
        let (width, height) = (frame.width, frame.height)
        guard (1...maximumDimension).contains(width), (1...maximumDimension).contains(height) else {
            throw .presentFailed("frame size \(width)x\(height) is outside 1...\(maximumDimension)")
        }
        guard let planes = requirements(for: frame.pixelFormat, width: width, height: height) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        guard frame.planeCount == planes.count else {
            throw .presentFailed("\(frame.pixelFormat) needs \(planes.count) planes, the frame has \(frame.planeCount)")
        }
        for (index, plane) in planes.enumerated() {
            let problem = frame.withPlane(index) { bytes, bytesPerRow -> String? in
                guard bytesPerRow >= plane.rowBytes, bytesPerRow <= Int(Int32.max) else {
                    return "plane \(index) has \(bytesPerRow) bytes per row, needs \(plane.rowBytes)...\(Int32.max)"
                }
                let needed = bytesPerRow * (plane.rows - 1) + plane.rowBytes
                guard bytes.byteCount >= needed else {
                    return "plane \(index) has \(bytes.byteCount) bytes, needs \(needed)"
                }
                return nil
            }
            if let problem { throw .presentFailed(problem) }
        }
    }
}

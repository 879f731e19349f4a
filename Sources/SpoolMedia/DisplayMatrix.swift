internal import CFFmpeg
import Foundation
import SpoolCore

/// A display matrix as FFmpeg exports it (`AV_PKT_DATA_DISPLAYMATRIX` stream side data,
/// `AV_FRAME_DATA_DISPLAYMATRIX` frame side data): the 3×3 matrix of an MP4/MOV `tkhd`, in
/// the container's layout `a b u / c d v / x y w` (16.16 fixed point, the last column 2.30).
/// A point (p, q) of the stored picture is shown at (a·p + c·q + x, b·p + d·q + y).
///
/// A plain value: the nine numbers are copied out of FFmpeg's side data, which stays FFmpeg's.
struct DisplayMatrix: Equatable, Sendable {
    /// The nine entries, row by row.
    let values: [Int32]

    /// The matrix of nine `values`; `nil` for any other count.
    init?(values: [Int32]) {
        guard values.count == 9 else { return nil }
        self.values = values
    }

    /// The matrix `stream` carries as side data; `nil` when it has none (or a short one).
    init?(stream: UnsafePointer<AVStream>) {
        var size = 0
        guard let data = av_stream_get_side_data(stream, AV_PKT_DATA_DISPLAYMATRIX, &size) else { return nil }
        self.init(bytes: UnsafeRawPointer(data), count: size)
    }

    /// The matrix `frame` carries as side data (an H.264/HEVC display-orientation SEI);
    /// `nil` when it has none.
    init?(frame: UnsafePointer<AVFrame>) {
        guard let side = av_frame_get_side_data(frame, AV_FRAME_DATA_DISPLAYMATRIX), let data = side.pointee.data
        else { return nil }
        self.init(bytes: UnsafeRawPointer(data), count: Int(side.pointee.size))
    }

    /// Copies nine native-endian `int32_t` from `bytes` (FFmpeg's layout), if `count` holds them.
    private init?(bytes: UnsafeRawPointer, count: Int) {
        guard count >= 9 * MemoryLayout<Int32>.size else { return nil }
        self.init(values: (0..<9).map { bytes.loadUnaligned(fromByteOffset: $0 * 4, as: Int32.self) })
    }

    /// The orientation the matrix describes, as the `ffmpeg` CLI's autorotation applies it
    /// (`transpose`, `hflip`, `vflip` for the eight upright cases): mirrored when the linear
    /// part reverses orientation (negative determinant), and the clockwise angle of the
    /// remaining rotation rounded to the nearest quarter turn — so a matrix that is not quite
    /// upright (rounding in a writer) still counts, and a truly oblique one (which ffmpeg
    /// turns with its `rotate` filter) is shown at the nearest upright orientation.
    /// A degenerate matrix (no area) is shown as stored.
    var orientation: VideoOrientation {
        let (a, b, c, d) = (Int64(values[0]), Int64(values[1]), Int64(values[3]), Int64(values[4]))
        let determinant = a * d - b * c
        guard determinant != 0 else { return .identity }
        let mirrored = determinant < 0
        // Mirroring comes first, so the rotation alone sends the x axis where the matrix sends -x.
        let (x, y) = mirrored ? (-a, -b) : (a, b)
        let degrees = atan2(Double(y), Double(x)) * 180 / .pi
        return VideoOrientation(quarterTurns: Int((degrees / 90).rounded()), mirrored: mirrored)
    }
}

extension VideoOrientation {
    /// The orientation of the matrix FFmpeg builds with `av_display_rotation_set(m, angle)`
    /// and then `av_display_matrix_flip(m, hflip, 0)`: for tests and tools. The `ffmpeg` CLI
    /// turns such a picture `angle` degrees clockwise (`get_rotation` is minus
    /// `av_display_rotation_get`, and ffprobe prints the latter as "rotation").
    static func fromFFmpeg(rotationSetAngle angle: Double, horizontallyFlipped: Bool) -> VideoOrientation {
        var matrix = [Int32](repeating: 0, count: 9)
        matrix.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            av_display_rotation_set(base, angle)
            av_display_matrix_flip(base, horizontallyFlipped ? 1 : 0, 0)
        }
        return DisplayMatrix(values: matrix)?.orientation ?? .identity
    }
}

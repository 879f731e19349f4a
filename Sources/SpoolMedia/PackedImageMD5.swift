internal import CFFmpeg
import SpoolCore

/// The MD5 of a picture as `av_image_copy_to_buffer(…, align: 1)` would pack it (planes one
/// after another, rows without padding, then the palette for paletted formats), which is
/// what `ffmpeg -f framemd5` hashes. The rows are hashed where they lie, so nothing is copied.
///
/// Pointer ownership: owns one `AVMD5` context (`av_md5_alloc`), freed in `deinit`.
/// Thread confinement: used under its owner's lock only; not `Sendable`.
final class PackedImageMD5 {
    /// An MD5 digest: its 16 bytes in memory order.
    typealias Digest = (UInt64, UInt64)

    private let md5: OpaquePointer
    private var layout: Layout?

    /// Where the bytes of one picture geometry and format lie.
    private struct Layout {
        let pixelFormat: PixelFormat
        let width: Int
        let height: Int
        /// Visible bytes per row of each plane (`av_image_fill_linesizes`).
        let rowBytes: (Int, Int, Int, Int)
        let planeCount: Int
        let chromaRowShift: Int
        let hasPalette: Bool
        /// `av_image_get_buffer_size(…, align: 1)`: the `size` column.
        let byteCount: Int
    }

    init() throws(FFmpegError) {
        guard let md5 = av_md5_alloc() else { throw .outOfMemory }
        self.md5 = md5
    }

    deinit { av_free(UnsafeMutableRawPointer(md5)) }

    /// The packed size and MD5 of `frame`'s pixels.
    func hash(_ frame: any VideoFrame) throws(VideoOutputError) -> (byteCount: Int, digest: Digest) {
        let layout = try layout(for: frame)
        av_md5_init(md5)
        for plane in 0..<layout.planeCount {
            let rowBytes = withUnsafeBytes(of: layout.rowBytes) { $0.load(fromByteOffset: plane * 8, as: Int.self) }
            let shift = plane == 1 || plane == 2 ? layout.chromaRowShift : 0
            let rows = (layout.height + (1 << shift) - 1) >> shift
            try hashRows(of: frame, plane: plane, rows: rows, rowBytes: rowBytes)
        }
        if layout.hasPalette { try hashRows(of: frame, plane: 1, rows: 1, rowBytes: 256 * 4) }
        var digest: Digest = (0, 0)
        withUnsafeMutableBytes(of: &digest) { av_md5_final(md5, $0.baseAddress?.assumingMemoryBound(to: UInt8.self)) }
        return (layout.byteCount, digest)
    }

    private func hashRows(of frame: any VideoFrame, plane: Int, rows: Int, rowBytes: Int) throws(VideoOutputError) {
        let complete = frame.withPlane(plane) { bytes, stride in
            bytes.withUnsafeBytes { raw -> Bool in
                guard let base = raw.baseAddress, rows > 0, stride >= rowBytes || rows == 1,
                    (rows - 1) * stride + rowBytes <= raw.count
                else { return rows == 0 }
                for row in 0..<rows {
                    av_md5_update(md5, (base + row * stride).assumingMemoryBound(to: UInt8.self), rowBytes)
                }
                return true
            }
        }
        guard complete else { throw .presentFailed("plane \(plane) of a \(frame.pixelFormat) frame is too small") }
    }

    private func layout(for frame: any VideoFrame) throws(VideoOutputError) -> Layout {
        if let layout, layout.pixelFormat == frame.pixelFormat, layout.width == frame.width,
            layout.height == frame.height
        {
            return layout
        }
        let format = av_get_pix_fmt(frame.pixelFormat.rawValue)
        guard format != AV_PIX_FMT_NONE, let descriptor = av_pix_fmt_desc_get(format) else {
            throw .unsupportedPixelFormat(frame.pixelFormat)
        }
        var lineSizes: (Int32, Int32, Int32, Int32) = (0, 0, 0, 0)
        let filled = withUnsafeMutableBytes(of: &lineSizes) { raw in
            av_image_fill_linesizes(raw.baseAddress?.assumingMemoryBound(to: Int32.self), format, Int32(frame.width))
        }
        let byteCount = av_image_get_buffer_size(format, Int32(frame.width), Int32(frame.height), 1)
        guard filled >= 0, byteCount >= 0 else { throw .unsupportedPixelFormat(frame.pixelFormat) }
        // As av_image_copy_to_buffer counts them: planes holding a component.
        let components = Int(descriptor.pointee.nb_components)
        let planeCount =
            withUnsafeBytes(of: descriptor.pointee.comp) { raw in
                (0..<components).map { index in
                    let offset = index * MemoryLayout<AVComponentDescriptor>.stride
                    return Int(raw.load(fromByteOffset: offset, as: AVComponentDescriptor.self).plane)
                }.max() ?? 0
            } + 1
        let made = Layout(
            pixelFormat: frame.pixelFormat, width: frame.width, height: frame.height,
            rowBytes: (Int(lineSizes.0), Int(lineSizes.1), Int(lineSizes.2), Int(lineSizes.3)),
            planeCount: planeCount, chromaRowShift: Int(descriptor.pointee.log2_chroma_h),
            hasPalette: descriptor.pointee.flags & UInt64(AV_PIX_FMT_FLAG_PAL) != 0, byteCount: Int(byteCount))
        layout = made
        return made
    }
}

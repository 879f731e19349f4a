internal import CFFmpeg
import Foundation
import SpoolCore

/// Bridges a `ByteSource` to an `AVIOContext`, so FFmpeg pulls every byte through Swift
/// and never opens a file or URL itself (the architecture's "one byte path").
///
/// Pointer ownership:
/// - This object owns the `AVIOContext` and its I/O buffer, both freed in `deinit` and
///   nowhere else. The buffer is allocated with `av_malloc`, but FFmpeg may replace it
///   while reading, so `deinit` frees whatever `context.buffer` points at then, not the
///   pointer it allocated.
/// - The context's `opaque` points back at `self`, unretained. That is safe because the
///   context cannot outlive `self`; an `AVFormatContext` that uses it as `pb` must be
///   closed first (`InputFormatContext` holds this object to guarantee that order).
/// - The byte source is borrowed: opened and closed by the caller, not here.
///
/// Thread confinement: created, driven (FFmpeg calls back on the thread that called into
/// it) and freed on one thread, the probe or demux thread; hence not `Sendable`.
final class ByteSourceIOContext {
    /// The source the bytes come from.
    let source: any ByteSource
    /// Whether the source can seek; fixed when the bridge is made (after `source.open()`).
    let isSeekable: Bool
    /// Checked before every read and seek: FFmpeg polls its interrupt callback only in some
    /// loops, so the bridge refuses further I/O itself once a cancellation is raised.
    private var interrupt: InterruptFlag

    /// The first failure of the source that FFmpeg saw only as an `AVERROR`, kept so the
    /// caller can report the real cause ("HTTP 404", "cancelled") instead of "I/O error".
    private(set) var sourceError: ByteSourceError?
    /// Bytes handed to FFmpeg so far.
    private(set) var bytesRead: Int64 = 0

    private var context: UnsafeMutablePointer<AVIOContext>?
    private var positionInBytes: Int64 = 0

    /// Bridges `source`, which must already be open; once `interrupt` is raised every read
    /// and seek fails with `AVERROR_EXIT`. Throws `.outOfMemory` when FFmpeg cannot
    /// allocate the context or its buffer.
    init(source: any ByteSource, interrupt: InterruptFlag, bufferSize: Int32 = 64 * 1024) throws(FFmpegError) {
        self.source = source
        self.isSeekable = source.isSeekable
        self.interrupt = interrupt
        guard let buffer = av_malloc(Int(bufferSize)) else { throw .outOfMemory }
        let allocated = avio_alloc_context(
            buffer.assumingMemoryBound(to: UInt8.self), bufferSize, 0,
            Unmanaged.passUnretained(self).toOpaque(),
            { opaque, buffer, capacity in
                guard let opaque, let buffer else { return FFmpegError.invalidArgument.rawValue }
                return Unmanaged<ByteSourceIOContext>.fromOpaque(opaque).takeUnretainedValue()
                    .read(into: buffer, capacity: capacity)
            },
            nil,
            { opaque, offset, whence in
                guard let opaque else { return Int64(FFmpegError.invalidArgument.rawValue) }
                return Unmanaged<ByteSourceIOContext>.fromOpaque(opaque).takeUnretainedValue()
                    .seek(offset: offset, whence: whence)
            })
        guard let allocated else {
            av_free(buffer)
            throw .outOfMemory
        }
        // Without the seekable bit FFmpeg emulates short forward seeks by reading and never
        // asks a one-way source to jump.
        allocated.pointee.seekable = isSeekable ? cffmpeg_avio_seekable_normal() : 0
        context = allocated
    }

    /// Refuses I/O once `flag` is raised, instead of the flag the bridge was made with (see
    /// `InputFormatContext.rebind(interrupt:)`). Call it on the thread that owns the bridge.
    func rebind(interrupt flag: InterruptFlag) {
        interrupt = flag
    }

    deinit {
        guard let context else { return }
        av_free(context.pointee.buffer)
        context.pointee.buffer = nil
        var owned: UnsafeMutablePointer<AVIOContext>? = context
        avio_context_free(&owned)
    }

    /// Lends the context to `body`, e.g. to store it as `AVFormatContext.pb`; the pointer
    /// stays valid until this object is freed.
    func withContext<Result>(_ body: (UnsafeMutablePointer<AVIOContext>?) -> Result) -> Result {
        body(context)
    }

    private func read(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int32) -> Int32 {
        guard capacity > 0 else { return 0 }
        if interrupt.isRaised { return remember(.cancelled) }
        let data: Data
        do {
            data = try source.read(upTo: Int(capacity))
        } catch {
            return remember(error)
        }
        guard !data.isEmpty else { return FFmpegError.endOfFile.rawValue }
        guard data.count <= Int(capacity) else {
            return remember(.io("the byte source returned more bytes than asked for", source.url))
        }
        data.copyBytes(to: buffer, count: data.count)
        positionInBytes += Int64(data.count)
        bytesRead += Int64(data.count)
        return Int32(data.count)
    }

    private func seek(offset: Int64, whence rawWhence: Int32) -> Int64 {
        let whence = rawWhence & ~cffmpeg_avseek_force()
        if whence == cffmpeg_avseek_size() {
            return source.length ?? Int64(FFmpegError.notSupported.rawValue)
        }
        guard isSeekable else { return Int64(FFmpegError.notSeekable.rawValue) }
        if interrupt.isRaised { return Int64(remember(.cancelled)) }
        let target: Int64
        switch whence {
        case SEEK_SET: target = offset
        case SEEK_CUR: target = positionInBytes + offset
        case SEEK_END:
            guard let length = source.length else { return Int64(FFmpegError.notSupported.rawValue) }
            target = length + offset
        default: return Int64(FFmpegError.invalidArgument.rawValue)
        }
        guard target >= 0 else { return Int64(FFmpegError.invalidArgument.rawValue) }
        do {
            try source.seek(to: target)
        } catch .notSeekable {
            // A refused seek is routine for FFmpeg (it falls back to reading on); only
            // failures of the source itself are worth reporting later.
            return Int64(FFmpegError.notSeekable.rawValue)
        } catch {
            return Int64(restorePosition(after: error))
        }
        positionInBytes = target
        return target
    }

    /// FFmpeg takes a failed seek to leave the source where it was, and reads on from its own
    /// buffer; a byte source that moved (an HTTP source drops its transfer to jump) is moved
    /// back, so the next read continues the bytes FFmpeg expects. A failure of the seek alone
    /// (FFmpeg's probe jumping near the end to estimate the duration, past where a server
    /// still answers) is then not the asset's failure; only a source that cannot go back is
    /// remembered as failed.
    private func restorePosition(after error: ByteSourceError) -> Int32 {
        if error == .cancelled { return remember(error) }
        do {
            try source.seek(to: positionInBytes)
        } catch {
            return remember(error)
        }
        return FFmpegError.ioError.rawValue
    }

    /// Records the first source failure and returns the `AVERROR` FFmpeg should see:
    /// `AVERROR_EXIT` for a cancellation, so FFmpeg stops instead of retrying.
    private func remember(_ error: ByteSourceError) -> Int32 {
        if sourceError == nil { sourceError = error }
        return error == .cancelled ? FFmpegError.exit.rawValue : FFmpegError.ioError.rawValue
    }
}

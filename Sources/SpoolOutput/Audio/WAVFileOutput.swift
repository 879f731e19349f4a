import Foundation
import Glibc
public import SpoolCore

/// Writes audio to a WAV file of 32-bit float samples (WAVE_FORMAT_IEEE_FLOAT with a `fact`
/// chunk, which ffmpeg reads as `pcm_f32le`) instead of playing it.
///
/// Untimed: `write` never waits for a clock and `latency` is zero, so the engine renders as
/// fast as it decodes. Samples are buffered in memory (64 KiB) and written through a
/// `FileHandle`; the header's sizes are patched by `drain` and `stop`, so after either the
/// file is complete and valid. A file holds one format: `start` with a different format
/// than the first throws `.unsupportedFormat` (WAV cannot change format mid-file). Disk
/// errors make `write` and `drain` throw `.writeFailed`, and keep doing so. `volume` scales
/// the samples written after it is set (1, the default, writes them bit-exact). Pausing and
/// flushing do nothing: a sample counts as played once written.
public final class WAVFileOutput: AudioOutput {
    private struct State {
        var file: FileHandle?
        var format: AudioFormat?
        var framesWritten = 0
        /// Bytes not yet handed to the file.
        var pending: [UInt8] = []
        var gain: Float = 1
        var isStopped = false
        /// False for a FIFO, pipe or device: the header goes out once, with the largest sizes
        /// (a stream's "until the end" convention), and is never patched.
        var isSeekable = true
        /// A disk error already seen; every later write reports it again.
        var failure: AudioOutputError?
    }

    /// How much audio is gathered before each write to the file.
    private static let bufferByteCount = 64 * 1024

    /// "wav".
    public let name = "wav"
    /// The file being written.
    public let path: String
    private let state = Locked(State())

    /// An output that creates (or truncates) the file at `path` on `start`.
    public init(path: String) {
        self.path = path
    }

    /// Frames written so far.
    public var framesWritten: Int { state.withLock { $0.framesWritten } }

    /// Creates the file on the first call; later calls must repeat the same format. Throws
    /// `.unavailable` when the file cannot be created, `.unsupportedFormat` for a second
    /// format, `.stopped` after `stop`.
    public func start(format: AudioFormat) throws(AudioOutputError) {
        try state.withLock { (state) throws(AudioOutputError) in
            guard !state.isStopped else { throw .stopped }
            if let current = state.format {
                guard current == format else { throw .unsupportedFormat(format) }
                return
            }
            let file: FileHandle
            do throws(OutputFileError) {
                file = try OutputFile.openForWriting(path)
            } catch {
                throw .unavailable(error.description)
            }
            state.file = file
            state.format = format
            state.isSeekable = OutputFile.isSeekable(file)
            let frames = state.isSeekable ? 0 : WAVHeader.maximumDataByteCount / (format.channelCount * 4)
            state.pending = WAVHeader(format: format, frameCount: frames).bytes
        }
    }

    /// Appends `buffer`'s samples (scaled by the volume). Throws `.stopped` after `stop`,
    /// `.unsupportedFormat` for another format, `.writeFailed` before `start`, on a disk error,
    /// or when the file would outgrow WAV's 4 GiB limit.
    public func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        try state.withLock { (state) throws(AudioOutputError) in
            guard !state.isStopped else { throw .stopped }
            if let failure = state.failure { throw failure }
            guard let format = state.format else { throw .writeFailed("write before start") }
            guard buffer.format == format else { throw .unsupportedFormat(buffer.format) }
            let frames = buffer.frameCount
            guard (state.framesWritten + frames) * format.channelCount * 4 <= WAVHeader.maximumDataByteCount else {
                throw .writeFailed("\(path) would exceed the 4 GiB a WAV file can hold")
            }
            Self.appendLittleEndian(
                buffer.samples.prefix(frames * format.channelCount), gain: state.gain, to: &state.pending)
            state.framesWritten += frames
            if state.pending.count >= Self.bufferByteCount {
                try Self.writePending(&state, path: path)
            }
        }
    }

    /// Zero: a file takes samples at once.
    public var latency: Duration { .zero }

    /// Does nothing: a file has no playback to pause.
    public func setPaused(_ paused: Bool) {}

    /// Does nothing: written samples count as played, so nothing is queued.
    public func flush() {}

    /// Writes buffered samples and patches the header, leaving a valid file that later writes
    /// extend. Throws `.writeFailed` on a disk error, `.stopped` after `stop`.
    public func drain() throws(AudioOutputError) {
        try state.withLock { (state) throws(AudioOutputError) in
            guard !state.isStopped else { throw .stopped }
            if let failure = state.failure { throw failure }
            try Self.finishFile(&state, path: path)
        }
    }

    /// Scales the samples written from now on by `volume`, clamped to 0...1.
    public func setVolume(_ volume: Float) {
        state.withLock { $0.gain = volume.isNaN ? 0 : min(max(volume, 0), 1) }
    }

    /// Writes buffered samples, patches the header and closes the file. Idempotent. Errors
    /// cannot be reported here: call `drain` first to learn of them.
    public func stop() {
        state.withLock { state in
            guard !state.isStopped else { return }
            state.isStopped = true
            if state.failure == nil {
                try? Self.finishFile(&state, path: path)
            }
            try? state.file?.close()
            state.file = nil
        }
    }

    /// Appends `samples` times `gain` as little-endian float32 bytes.
    private static func appendLittleEndian(_ samples: ArraySlice<Float>, gain: Float, to bytes: inout [UInt8]) {
        let littleEndian =
            gain == 1 ? samples.map { $0.bitPattern.littleEndian } : samples.map { ($0 * gain).bitPattern.littleEndian }
        littleEndian.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    /// Hands the buffered bytes to the file; a failure is remembered and thrown.
    private static func writePending(_ state: inout State, path: String) throws(AudioOutputError) {
        guard let file = state.file else { return }
        do {
            try file.write(contentsOf: state.pending)
            state.pending.removeAll(keepingCapacity: true)
        } catch {
            let failure = AudioOutputError.writeFailed("writing \(path): \(error.localizedDescription)")
            state.failure = failure
            throw failure
        }
    }

    /// Writes what is buffered, rewrites the header with the current sizes and returns to
    /// the end of the file.
    private static func finishFile(_ state: inout State, path: String) throws(AudioOutputError) {
        guard let file = state.file, let format = state.format else { return }
        try writePending(&state, path: path)
        guard state.isSeekable else { return }
        do {
            try file.seek(toOffset: 0)
            try file.write(contentsOf: WAVHeader(format: format, frameCount: state.framesWritten).bytes)
            try file.seekToEnd()
        } catch {
            let failure = AudioOutputError.writeFailed("updating the header of \(path): \(error.localizedDescription)")
            state.failure = failure
            throw failure
        }
    }
}

public import Foundation

/// A file the user named for output (`--vo framemd5:FILE`, `--ao wav:FILE`, `--events FILE`),
/// opened the way ffmpeg opens its output: `open(2)` at the path with create and truncate.
///
/// Never a temporary file renamed over the path (what `FileManager.createFile` and atomic
/// writes do): that turns /dev/null, a FIFO or a symlink into a regular file, and as root it
/// replaces /dev/null for every program on the machine. Opening in place writes through
/// devices and FIFOs and follows symlinks to their target.
public enum OutputFile {
    /// Opens `path` for writing, creating it (mode 0644 before the umask) or truncating it.
    ///
    /// A FIFO blocks here until a reader opens it, as with ffmpeg. Throws `OutputFileError`
    /// naming the path and the reason in words ("Is a directory", "Permission denied", …).
    public static func openForWriting(_ path: String) throws(OutputFileError) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw OutputFileError(path: path, reason: POSIXErrorCode(rawValue: errno)?.message ?? "error \(errno)")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Whether the open file behind `handle` can be repositioned (a regular file), so that a
    /// header can be patched once the length is known; FIFOs, pipes and character devices
    /// cannot.
    public static func isSeekable(_ handle: FileHandle) -> Bool {
        var status = stat()
        guard fstat(handle.fileDescriptor, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFREG
    }
}

/// An output file that could not be opened: the path and the reason, in one line.
public struct OutputFileError: Error, Equatable, CustomStringConvertible, Sendable {
    /// The path as the user gave it.
    public let path: String
    /// The C library's description of the failure, e.g. "Is a directory".
    public let reason: String

    /// `cannot write PATH: REASON`.
    public var description: String { "cannot write \(path): \(reason)" }
}

public import Foundation

extension OutputFile {
    /// Creates `path` for writing only if nothing is there (`O_CREAT | O_EXCL`, mode 0644
    /// before the umask): `nil` when the name is taken, so a caller picking a fresh name (a
    /// screenshot) never replaces a file, even one made between its check and its open.
    /// Throws `OutputFileError` for any other failure.
    public static func createNew(_ path: String) throws(OutputFileError) -> FileHandle? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { return nil }
            throw OutputFileError(path: path, reason: POSIXErrorCode(rawValue: errno)?.message ?? "error \(errno)")
        }
        return FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }
}

import Foundation

/// Opening a local file and turning Foundation's file errors into `ByteSourceError`s:
/// the one place where `FileByteSource` interprets POSIX error codes.
enum FileOpening {
    /// Opens `url` for reading. Regular files come back positioned at 0 with their length;
    /// other readable files with `length == nil`. Directories are refused with `.io`.
    static func open(_ url: URL) throws(ByteSourceError) -> (handle: FileHandle, length: Int64?) {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw openError(error, url: url)
        }
        do {
            let kind = try url.resourceValues(forKeys: [.isDirectoryKey, .isRegularFileKey])
            if kind.isDirectory == true {
                try? handle.close()
                throw ByteSourceError.io(POSIXErrorCode.EISDIR.message, url)
            }
            guard kind.isRegularFile == true else { return (handle, nil) }
            // The length comes from the open descriptor (lseek to the end), so it describes
            // the file actually opened even if the path is replaced meanwhile.
            let length = try handle.seekToEnd()
            try handle.seek(toOffset: 0)
            return (handle, Int64(length))
        } catch let error as ByteSourceError {
            throw error
        } catch {
            try? handle.close()
            throw ioError(error, url: url)
        }
    }

    /// ENOENT and ENOTDIR (a path component is not a directory) mean the file does not
    /// exist; anything else is an I/O failure the user must fix (permissions, EISDIR…).
    static func openError(_ error: any Error, url: URL) -> ByteSourceError {
        switch posixCode(of: error) {
        case .ENOENT?, .ENOTDIR?: .notFound(url)
        default: ioError(error, url: url)
        }
    }

    /// An `.io` error whose message is the POSIX description when there is one.
    static func ioError(_ error: any Error, url: URL) -> ByteSourceError {
        .io(posixCode(of: error)?.message ?? error.localizedDescription, url)
    }

    /// The POSIX code behind a Foundation file error: either the error itself or, for
    /// `CocoaError`s, its underlying error.
    private static func posixCode(of error: any Error) -> POSIXErrorCode? {
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return POSIXErrorCode(rawValue: Int32(nsError.code)) }
        guard let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            underlying.domain == NSPOSIXErrorDomain
        else { return nil }
        return POSIXErrorCode(rawValue: Int32(underlying.code))
    }
}

extension POSIXErrorCode {
    /// The C library's description, e.g. "Permission denied" (glibc's strerror is
    /// thread-safe since 2.32 for known codes).
    var message: String {
        String(cString: strerror(rawValue))
    }
}

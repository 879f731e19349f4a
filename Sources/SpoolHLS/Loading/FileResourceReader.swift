import Foundation
import SpoolCore

/// Reads a `file:` resource for `StandardResourceFetcher`, with the same bounds as a fetch.
enum FileResourceReader {
    /// The bytes of `request` (its range, if any); more than `maxBytes` fails with `.tooLarge`.
    static func read(
        _ request: ResourceRequest, now: @Sendable () -> Duration
    ) throws(ResourceFetchError) -> FetchedResource {
        let started = now()
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: request.url)
        } catch {
            let exists = FileManager.default.fileExists(atPath: request.url.path)
            throw .failed(exists ? .io("\(error.localizedDescription)", request.url) : .notFound(request.url))
        }
        defer { try? handle.close() }
        do {
            let limit = request.byteRange?.length ?? request.maxBytes + 1
            if let range = request.byteRange { try handle.seek(toOffset: UInt64(range.offset)) }
            let data = try handle.read(upToCount: min(limit, request.maxBytes + 1)) ?? Data()
            guard data.count <= request.maxBytes else {
                throw ResourceFetchError.tooLarge(limit: request.maxBytes, request.url)
            }
            return FetchedResource(data: data, transferDuration: now() - started, timeToFirstByte: nil)
        } catch let error as ResourceFetchError {
            throw error
        } catch {
            throw .failed(.io(error.localizedDescription, request.url))
        }
    }
}

import Foundation
import SpoolCore

extension RetryingFetch {
    /// Fetches the manifest at `url` (at most `maxBytes`, with this retry policy) and parses
    /// it: the one path HLS playlists and DASH MPDs take, so both keep the same bounds and
    /// retries. A failed fetch becomes `fetchFailed(error)`; `parse` throws its own errors.
    func loadManifest<Manifest, Failure: Error>(
        _ url: URL, maxBytes: Int, with fetcher: any ResourceFetching, pause: (Duration) -> Bool,
        fetchFailed: (ResourceFetchError) -> Failure, parse: (Data) throws(Failure) -> Manifest
    ) throws(Failure) -> Manifest {
        let fetched: FetchedResource
        do {
            fetched = try fetch(ResourceRequest(url: url, maxBytes: maxBytes), with: fetcher, pause: pause)
        } catch {
            throw fetchFailed(error)
        }
        return try parse(fetched.data)
    }
}

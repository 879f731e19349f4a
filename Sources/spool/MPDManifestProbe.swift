import Foundation
import Spool
import SpoolCore
import SpoolHLS

/// Reads an MPD for `spool probe` with Spool's own parser, over the player's HTTP layer (the
/// fetcher HLS playlists come through) or from a file, on a thread of its own.
enum MPDManifestProbe {
    /// Whether `url` names an MPD (its path ends in `.mpd`).
    static func isMPD(_ url: URL) -> Bool { url.pathExtension.lowercased() == "mpd" }

    /// The parsed MPD at `url`, or why it could not be read.
    static func load(_ url: URL) async throws(MPDLoadError) -> MPD {
        let result = await withCheckedContinuation {
            (continuation: CheckedContinuation<Result<MPD, MPDLoadError>, Never>) in
            SpoolThread.start("spool.mpd-probe") {
                let loader = MPDLoader(fetcher: StandardResourceFetcher.makeForPlayback())
                continuation.resume(
                    returning: Result { () throws(MPDLoadError) in
                        try loader.load(url) { duration in
                            Thread.sleep(forTimeInterval: duration.timeInterval)
                            return true
                        }
                    })
            }
        }
        return try result.get()
    }
}

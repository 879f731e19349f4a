import Foundation
import SpoolCore
import SpoolHLS

/// The cues of a sidecar subtitle file (`.vtt` or `.srt`), parsed at once: the whole file is
/// one batch, given again after every seek.
final class SidecarCueFeed: CueFeed {
    private let cues: [LegibleCue]
    private var delivered = false

    /// A feed of `cues`, already on the item's timeline.
    init(cues: [LegibleCue]) {
        self.cues = cues
    }

    /// The cues of the local file at `url` (WebVTT when its extension is `vtt` or it starts
    /// with `WEBVTT`, else SubRip), on the file's own timeline. Throws a message naming the file.
    static func load(_ url: URL) throws(PlaybackError) -> [SubtitleCue] {
        let name = url.isFileURL ? url.path : url.absoluteString
        guard url.isFileURL else {
            throw PlaybackError(.ioNotFound, "\(name): subtitle files must be local files")
        }
        let data: Data
        do {
            let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int ?? 0
            guard size <= SubtitleLimits.default.maxBytes else {
                throw PlaybackError(.parsingMalformed, "\(name): the subtitle file is larger than 8 MiB")
            }
            data = try Data(contentsOf: url)
        } catch let error as PlaybackError {
            throw error
        } catch {
            throw PlaybackError(.ioNotFound, "\(name): cannot read the subtitle file: \(error.localizedDescription)")
        }
        let isWebVTT =
            url.pathExtension.lowercased() == "vtt" || data.starts(with: Data("WEBVTT".utf8))
            || data.starts(with: Data([0xEF, 0xBB, 0xBF] + Array("WEBVTT".utf8)))
        do {
            return isWebVTT ? try WebVTT.parse(data).cues : try SubRip.parse(data)
        } catch {
            throw PlaybackError(.parsingMalformed, "\(name): \(error)")
        }
    }

    func next(timeout: Duration) -> CueFeedEvent? {
        if delivered { return .end }
        delivered = true
        return .cues(cues, coveredUntil: .positiveInfinity)
    }

    func seek(to time: MediaTime, generation: Int) { delivered = false }

    func close() { delivered = true }
}

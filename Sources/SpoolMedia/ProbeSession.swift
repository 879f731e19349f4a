import Foundation
import SpoolCore

/// The blocking steps of one probe: open the source, bridge it to FFmpeg, open the
/// container, read stream info, describe it, close everything. Runs on the probe's own
/// thread, never on the cooperative pool; every FFmpeg object it makes is freed before
/// it returns, on that same thread — except after a success: then the source, bridge and
/// context go out open in an `OpenedContainer` (whoever gets it frees it: the demuxer, or
/// `MediaProbe` when nobody wants it).
enum ProbeSession {
    /// With `captionScanSource`, an H.264 or HEVC video track's first seconds are also read
    /// through the source it makes, for closed captions (`ClosedCaptionScan`), on a thread of
    /// its own while the stream-info pass runs. A factory that hands back the probe's own
    /// source object (a test's fake) gives no second reader: it is never opened twice.
    static func run(
        source: any ByteSource, interrupt: InterruptFlag,
        captionScanSource: (@Sendable () -> (any ByteSource)?)? = nil
    ) -> Result<(ProbeResult, OpenedContainer), AssetLoadError> {
        var handedOver = false
        defer { if !handedOver { source.close() } }
        let failure = ProbeFailure(url: source.url, interrupt: interrupt)
        do {
            try source.open()
        } catch {
            return .failure(failure.map(error))
        }
        if source.length == 0 { return .failure(failure.emptyInput) }
        // Beside the stream-info pass, not after it; joined before any return, so its source
        // is closed and its thread gone when the probe is.
        let captionScan = captionScanSource.flatMap { makeSource in
            makeSource().flatMap { $0 === source ? nil : ClosedCaptionScanJob(source: $0, interrupt: interrupt) }
        }
        defer { _ = captionScan?.result() }

        let io: ByteSourceIOContext
        do {
            io = try ByteSourceIOContext(source: source, interrupt: interrupt)
        } catch {
            return .failure(failure.map(error, stage: .opening, io: nil))
        }
        var stage = ProbeFailure.Stage.opening
        do {
            let input = try InputFormatContext(io: io, interrupt: interrupt, formatHint: source.url.path)
            stage = .readingStreams
            try input.findStreamInfo()
            // FFmpeg may settle for what it has after a read fails; the source's own error
            // is the truth about this asset.
            if let sourceError = io.sourceError { return .failure(failure.map(sourceError)) }
            if interrupt.isRaised { return .failure(.cancelled) }
            guard var result = input.withContext({ ProbeReader.result(of: $0, isSeekable: io.isSeekable) }) else {
                return .failure(failure.map(.invalidData, stage: stage, io: io))
            }
            if let found = captionScan?.result(), found.hasCaptions,
                let position = result.tracks.firstIndex(where: { $0.streamIndex == found.streamIndex })
            {
                result.tracks[position].hasClosedCaptions = true
            }
            handedOver = true
            return .success((result, OpenedContainer(source: source, io: io, input: input)))
        } catch {
            return .failure(failure.map(error, stage: stage, io: io))
        }
    }
}

import Foundation
import SpoolCore

/// The blocking steps of one probe: open the source, bridge it to FFmpeg, open the
/// container, read stream info, describe it, close everything. Runs on the probe's own
/// thread, never on the cooperative pool; every FFmpeg object it makes is freed before
/// it returns, on that same thread — except, with `keepOpen`, after a success: then the
/// source, bridge and context go out open in an `OpenedContainer` for the demuxer.
enum ProbeSession {
    /// With `captionScanSource`, an H.264 or HEVC video track's first seconds are also read
    /// through the source it makes, for closed captions (`ClosedCaptionScan`).
    static func run(
        source: any ByteSource, interrupt: InterruptFlag, keepOpen: Bool = false,
        captionScanSource: (@Sendable () -> (any ByteSource)?)? = nil
    ) -> Result<(ProbeResult, OpenedContainer?), AssetLoadError> {
        var handedOver = false
        defer { if !handedOver { source.close() } }
        let failure = ProbeFailure(url: source.url, interrupt: interrupt)
        do {
            try source.open()
        } catch {
            return .failure(failure.map(error))
        }
        if source.length == 0 { return .failure(failure.emptyInput) }

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
            if let captionScanSource {
                markClosedCaptions(
                    in: &result, input: input, probing: source, interrupt: interrupt, makeSource: captionScanSource)
            }
            guard keepOpen else { return .success((result, nil)) }
            handedOver = true
            return .success((result, OpenedContainer(source: source, io: io, input: input)))
        } catch {
            return .failure(failure.map(error, stage: stage, io: io))
        }
    }

    /// Sets `hasClosedCaptions` on the first H.264/HEVC video track when its first packets,
    /// read through a source of its own (the probe's stays where FFmpeg left it, for the
    /// demuxer that may take it over), carry caption data. A factory that hands back the
    /// probe's own source object (a test's fake) gives no second reader: that source is
    /// skipped, never opened twice or closed under the probe.
    private static func markClosedCaptions(
        in result: inout ProbeResult, input: InputFormatContext, probing probed: any ByteSource,
        interrupt: InterruptFlag, makeSource: @Sendable () -> (any ByteSource)?
    ) {
        guard let position = result.tracks.firstIndex(where: { $0.kind == .video && $0.streamIndex != nil }),
            let index = result.tracks[position].streamIndex,
            let extractor = input.withContext({ context -> ClosedCaptionExtractor? in
                guard index < Int(context.pointee.nb_streams), let stream = context.pointee.streams[index] else {
                    return nil
                }
                return ClosedCaptionScan.extractor(for: stream)
            }) ?? nil,
            let source = makeSource(), source !== probed
        else { return }
        result.tracks[position].hasClosedCaptions = ClosedCaptionScan.hasCaptions(
            source: source, streamIndex: index, extractor: extractor, interrupt: interrupt)
    }
}

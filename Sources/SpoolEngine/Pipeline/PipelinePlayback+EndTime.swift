import SpoolCore
import SpoolHLS

extension PipelinePlayback {
    /// Fixes where the item ends early, before the pipeline threads start: the earliest of
    /// `forwardPlaybackEndTime`, the playout limit after the source's start and, for an HLS
    /// item the interstitial scheduler manages, the next interstitial (its playlist time
    /// converted with the source's timestamp offset).
    func settleEndTime(of source: any PacketSource) {
        // `forwardPlaybackEndTime` is item time, like every time `Player` takes.
        var end = forwardPlaybackEndTime.isNumeric ? forwardPlaybackEndTime + source.timelineOrigin : nil
        if let playoutLimit, playoutLimit.isNumeric {
            let limit = (source.startTime.isNumeric ? source.startTime : .zero) + playoutLimit
            end = end.map { min($0, limit) } ?? limit
        }
        if let interstitialCut, let hls = source as? HLSPacketSource,
            let cut = interstitialCut.nextBreak(
                in: InterstitialSchedule.interstitials(in: hls.presentation.initialPlaylist))
        {
            let time = hls.offset + cut
            end = end.map { min($0, time) } ?? time
        }
        control.update { $0.endTime = end }
    }
}

public import Foundation
public import SpoolCore

/// Places a media playlist's interstitials (EXT-X-DATERANGE, CLASS="com.apple.hls.interstitial")
/// on its timeline, as Apple's HLS Interstitials specification says.
///
/// Guarantees: the result is sorted by time (POST last, then playlist order); a range that names
/// no asset (neither X-ASSET-URI nor X-ASSET-LIST) is left out, and so is one that cannot be
/// placed (no CUE=PRE/POST and either no START-DATE or a playlist without
/// EXT-X-PROGRAM-DATE-TIME); a range listed again under the same ID is taken once, as first
/// listed. Times never fall outside 0…duration.
public enum InterstitialSchedule {
    /// The interstitials of `playlist`, in the order they play.
    public static func interstitials(in playlist: MediaPlaylist) -> [ScheduledInterstitial] {
        var seen: Set<String> = []
        var scheduled: [(order: Int, event: ScheduledInterstitial)] = []
        for (order, range) in playlist.dateRanges.enumerated() {
            guard let interstitial = range.interstitial, interstitial.assetURI != nil || interstitial.assetList != nil,
                !seen.contains(range.id)
            else { continue }
            let time: MediaTime
            if range.cue.contains(.pre) {
                time = .zero
            } else if range.cue.contains(.post) {
                time = playlist.duration
            } else if let date = range.startDate, let mapped = Self.time(of: date, in: playlist) {
                time = interstitial.snap.contains(.out) ? snapped(mapped, in: playlist) : mapped
            } else {
                continue
            }
            seen.insert(range.id)
            let duration =
                range.duration
                ?? range.resolvedEndDate.flatMap { end in
                    range.startDate.map { MediaTime(seconds: end.timeIntervalSince($0), preferredTimescale: 1000) }
                } ?? range.plannedDuration
            scheduled.append(
                (
                    order,
                    ScheduledInterstitial(
                        id: range.id, time: time, startDate: range.startDate, cue: range.cue,
                        interstitial: interstitial, duration: duration)
                ))
        }
        return scheduled.sorted { a, b in
            let (x, y) = (a.event, b.event)
            if x.playsAfterPrimary != y.playsAfterPrimary { return y.playsAfterPrimary }
            return x.time != y.time ? x.time < y.time : a.order < b.order
        }.map(\.event)
    }

    /// Where `date` falls on `playlist`'s timeline, through the segments' program date-times
    /// (the last segment starting at or before it); `nil` without any date-time. Clamped to
    /// 0…duration.
    public static func time(of date: Date, in playlist: MediaPlaylist) -> MediaTime? {
        let dated = playlist.segments.filter { $0.programDateTime != nil }
        guard let first = dated.first, let firstDate = first.programDateTime else { return nil }
        let anchor = dated.last { $0.programDateTime! <= date } ?? first
        let anchorDate = anchor.programDateTime ?? firstDate
        let offset = MediaTime(seconds: date.timeIntervalSince(anchorDate), preferredTimescale: 1000)
        let start = playlist.segments.first?.startTime ?? .zero
        return min(max(anchor.startTime + offset, start), start + playlist.duration)
    }

    /// `time` moved to the nearest segment boundary.
    static func snapped(_ time: MediaTime, in playlist: MediaPlaylist) -> MediaTime {
        guard let index = playlist.segmentIndex(containing: time) else { return time }
        let segment = playlist.segments[index]
        return (time - segment.startTime) * 2 < segment.duration ? segment.startTime : segment.endTime
    }
}

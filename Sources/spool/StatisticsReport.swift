import Foundation
import Spool

/// `--stats`: one JSON object summing the statistics of every item played.
///
/// Counters are summed; `startupTime` is the first item's; the sync-error percentiles are the
/// worst item's (percentiles cannot be merged exactly, and the worst is the honest summary).
struct StatisticsReport {
    let items: [PlaybackStatistics]

    init(_ items: [PlaybackStatistics]) { self.items = items }

    /// The mean of the items' indicated bitrates (each item weighs the same).
    static func timeWeighted(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    func json() -> String {
        let object: [String: Any] = [
            "items": items.count,
            "framesDecoded": items.map(\.framesDecoded).reduce(0, +),
            "framesPresented": items.map(\.framesPresented).reduce(0, +),
            "framesDropped": items.map(\.framesDropped).reduce(0, +),
            "audioFramesOutput": items.map(\.audioFramesOutput).reduce(0, +),
            "startupTime": items.first?.startupTime ?? NSNull(),
            "stalls": items.map(\.stalls).reduce(0, +),
            "stallTime": items.map(\.stallTime).reduce(0, +),
            "bytesTransferred": items.map(\.bytesTransferred).reduce(0, +),
            "damagedPacketsSkipped": items.map(\.damagedPacketsSkipped).reduce(0, +),
            "variantSwitches": items.map(\.variantSwitches).reduce(0, +),
            "indicatedBitrate": Self.timeWeighted(items.compactMap(\.indicatedBitrate)) ?? NSNull(),
            "observedBitrate": items.map(\.observedBitrate).max() ?? 0,
            "avSyncErrorP50Ms": items.compactMap(\.avSyncErrorP50Ms).max() ?? NSNull(),
            "avSyncErrorP99Ms": items.compactMap(\.avSyncErrorP99Ms).max() ?? NSNull(),
        ]
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else {
            return "{}"
        }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import SpoolHLS

extension ProbeReport {
    /// What `spool probe` reports of an MPD, read by Spool's own MPD parser: the presentation
    /// type, periods, adaptation sets and representations, protection schemes and key IDs.
    struct DASH: Encodable {
        var type: String
        var mediaPresentationDuration: Double?
        var minimumUpdatePeriod: Double?
        var periods: [Period]

        struct Period: Encodable {
            var id: String?
            var start: Double?
            var duration: Double?
            var adaptationSets: [AdaptationSet]
        }

        struct AdaptationSet: Encodable {
            var id: String?
            var contentType: String?
            var language: String?
            var roles: [String]
            var protection: [Protection]
            var representations: [Representation]
        }

        struct Representation: Encodable {
            var id: String
            var codecs: String?
            var bandwidth: Int64
            var width: Int?
            var height: Int?
            var protection: [Protection]
        }

        struct Protection: Encodable, Equatable {
            var scheme: String
            var value: String?
            var keyID: String?
            var licenseURL: String?
        }
    }
}

extension ProbeReport {
    /// The report of an MPD that Spool's parser read but FFmpeg could not open: no tracks,
    /// not playable, the duration and liveness from the manifest.
    init(manifestOnly mpd: MPD) {
        self.init(
            duration: mpd.mediaPresentationDuration, isLive: mpd.type == .dynamic, isPlayable: false, format: "dash",
            tracks: [], metadata: Metadata(title: nil, artist: nil, album: nil, artwork: nil))
        dash = DASH(mpd)
    }
}

extension ProbeReport.DASH {
    init(_ mpd: MPD) {
        self.init(
            type: mpd.type.rawValue, mediaPresentationDuration: mpd.mediaPresentationDuration,
            minimumUpdatePeriod: mpd.minimumUpdatePeriod,
            periods: mpd.periods.map { period in
                Period(
                    id: period.id, start: period.start, duration: period.duration,
                    adaptationSets: period.adaptationSets.map(AdaptationSet.init))
            })
    }
}

extension ProbeReport.DASH.AdaptationSet {
    init(_ set: SpoolHLS.AdaptationSet) {
        let own = set.contentProtections.map(ProbeReport.DASH.Protection.init)
        self.init(
            id: set.id, contentType: set.contentType, language: set.language,
            roles: set.roles.compactMap(\.value), protection: own,
            representations: set.representations.map { representation in
                ProbeReport.DASH.Representation(
                    id: representation.id, codecs: representation.codecs, bandwidth: representation.bandwidth,
                    width: representation.width, height: representation.height,
                    protection: representation.contentProtections.map(ProbeReport.DASH.Protection.init)
                        .filter { !own.contains($0) })
            })
    }
}

extension ProbeReport.DASH.Protection {
    init(_ protection: ContentProtection) {
        self.init(
            scheme: protection.schemeIDURI, value: protection.value, keyID: protection.defaultKeyID,
            licenseURL: protection.licenseURL?.redactedForDisplay)
    }

    /// "urn:mpeg:dash:mp4protection:2011 cenc kid 1234…" listing only what is known.
    var summary: String {
        var parts = [scheme]
        if let value { parts.append(value) }
        if let keyID { parts.append("kid \(keyID)") }
        if let licenseURL { parts.append("license \(licenseURL)") }
        return parts.joined(separator: " ")
    }
}

extension ProbeReport.DASH {
    /// The manifest's lines of the text summary.
    var lines: [String] {
        var lines = ["  dash:      \(type), \(periods.count) period(s)"]
        for (periodIndex, period) in periods.enumerated() {
            let start = period.start.map { String(format: "%.3f s", $0) } ?? "?"
            let duration = period.duration.map { String(format: "%.3f s", $0) } ?? "open"
            lines.append("    period #\(periodIndex) \(period.id ?? "-") start \(start) duration \(duration)")
            for set in period.adaptationSets {
                var head = "      \(set.contentType ?? "adaptation set") \(set.id ?? "-")"
                if let language = set.language { head += " [\(language)]" }
                if !set.roles.isEmpty { head += " role " + set.roles.joined(separator: ",") }
                lines.append(head)
                for protection in set.protection { lines.append("        protection \(protection.summary)") }
                for representation in set.representations {
                    var line =
                        "        \(representation.id) \(representation.codecs ?? "?") \(representation.bandwidth / 1000) kb/s"
                    if let width = representation.width, let height = representation.height {
                        line += " \(width)x\(height)"
                    }
                    lines.append(line)
                    for protection in representation.protection {
                        lines.append("          protection \(protection.summary)")
                    }
                }
            }
        }
        return lines
    }
}

import Foundation
import Testing

@testable import SpoolHLS

/// The MPD model read from hand-written manifests (the fuzz seeds): every addressing kind,
/// BaseURL nesting, multi-period timing, live attributes and content protection.
@Suite struct MPDParserTests {
    @Test func timelineTemplateWithProtection() throws {
        let mpd = try corpusMPD("protected-timeline.mpd")
        #expect(mpd.type == .static)
        #expect(mpd.mediaPresentationDuration == 10)
        #expect(mpd.minBufferTime == 2)
        let period = mpd.periods[0]
        #expect(period.start == 0)
        #expect(period.duration == 10)
        let video = period.adaptationSets[0]
        #expect(video.contentType == "video")
        #expect(video.language == "en")
        #expect(video.roles == [Descriptor(schemeIDURI: "urn:mpeg:dash:role:2011", value: "main")])
        #expect(video.contentProtections.count == 2)
        #expect(video.contentProtections[0].value == "cenc")
        #expect(video.contentProtections[0].defaultKeyID == "9eb4050d-e44b-4802-932e-27d75083e266")
        #expect(video.contentProtections[1].schemeIDURI == ContentProtection.clearKeySchemeIDURI)
        #expect(
            video.contentProtections[1].licenseURL?.absoluteString == "https://license.example.com/clearkey?x=1&y=2")

        let (rep, _) = try mpd.representation("1")
        #expect(rep.bandwidth == 2_400_000)
        #expect(rep.width == 1280 && rep.height == 720)
        #expect(rep.mimeType == "video/mp4")
        #expect(rep.contentProtections == video.contentProtections)
        let segments = try mpd.segments(of: rep, in: period)
        #expect(segments.map(\.url.lastPathComponent) == (1...6).map { String(format: "chunk-stream1-%05d.m4s", $0) })
        #expect(segments.map(\.time) == [0, 25_600, 51_200, 76_800, 102_400, 115_200])
        #expect(segments.map(\.start) == [0, 2, 4, 6, 8, 9])
        #expect(segments.last?.end == 10)
        #expect(
            try mpd.initialization(of: rep, in: period)?.url.absoluteString
                == "https://example.com/dash/init-stream1.m4s")

        let audio = period.adaptationSets[1]
        #expect(audio.language == "fr")
        #expect(audio.accessibility.first?.value == "1")
        #expect(audio.contentProtections[0].licenseURL?.absoluteString == "https://example.com/dash/license/audio")
        let audioSegments = try mpd.segments(of: audio.representations[0], in: period)
        #expect(
            audioSegments.map(\.url.absoluteString)
                == [0, 96_000, 192_000, 288_000, 384_000].map {
                    "https://example.com/dash/audio_fr/\($0).m4s"
                })
        // A window lists only the segments overlapping it.
        let windowed = try mpd.segments(of: rep, in: period, window: 3..<6.5)
        #expect(windowed.map(\.number) == [2, 3, 4])
    }

    @Test func numberTemplateWithWidthsAndOffset() throws {
        let mpd = try corpusMPD("template-number.mpd")
        let (rep, period) = try mpd.representation("v360")
        #expect(rep.codecs == "avc1.42c01e")
        let segments = try mpd.segments(of: rep, in: period)
        #expect(
            segments.map(\.url.absoluteString)
                == (7...11).map {
                    String(format: "https://cdn.example.com/vod/v360/500000/seg-%03d-$.m4s", $0)
                })
        #expect(segments.map(\.time) == [500, 2500, 4500, 6500, 8500])
        #expect(segments.map(\.start) == [0, 2, 4, 6, 8])
        #expect(
            try mpd.initialization(of: rep, in: period)?.url.absoluteString
                == "https://cdn.example.com/vod/v360/init.mp4")
    }

    @Test func segmentBaseOnDemand() throws {
        let mpd = try corpusMPD("segment-base.mpd")
        let (video, period) = try mpd.representation("1")
        guard case .base(let base) = video.addressing else {
            Issue.record("not SegmentBase: \(video.addressing)")
            return
        }
        #expect(base.indexRange == ByteRange(offset: 863, length: 176))
        #expect(base.timescale == 90_000)
        #expect(base.initialization == URLRange(url: nil, range: ByteRange(offset: 0, length: 863)))
        let initialization = try #require(try mpd.initialization(of: video, in: period))
        #expect(initialization.url.absoluteString == "https://example.com/dash/video_1000k.mp4")
        #expect(initialization.byteRange == ByteRange(offset: 0, length: 863))
        let segments = try mpd.segments(of: video, in: period)
        #expect(segments.count == 1)
        #expect(segments[0].url.absoluteString == "https://example.com/dash/video_1000k.mp4")
        #expect(segments[0].duration == 5_403_600)
        let (audio, _) = try mpd.representation("a")
        #expect(audio.addressing == .single)
        #expect(try mpd.segments(of: audio, in: period).map(\.url.lastPathComponent) == ["audio.mp4"])
    }

    @Test func segmentList() throws {
        let mpd = try corpusMPD("segment-list.mpd")
        let (rep, period) = try mpd.representation("r1")
        let segments = try mpd.segments(of: rep, in: period)
        #expect(
            segments.map(\.url.absoluteString)
                == ["s1.m4s", "s2.m4s", "all.m4s"].map {
                    "https://example.com/dash/media/r1/\($0)"
                })
        #expect(segments.map(\.byteRange) == [nil, nil, ByteRange(offset: 100, length: 100)])
        #expect(segments.map(\.start) == [0, 2, 4])
        #expect(segments.map(\.number) == [1, 2, 3])
        #expect(
            try mpd.initialization(of: rep, in: period)?.url.absoluteString
                == "https://example.com/dash/media/r1/init.mp4")
    }

    @Test func multiPeriodAndBaseURLNesting() throws {
        let mpd = try corpusMPD("multi-period.mpd")
        #expect(mpd.periods.map(\.id) == ["ad", "main"])
        #expect(mpd.periods.map(\.start) == [0, 10])
        #expect(mpd.periods.map(\.duration) == [10, 20])
        let (ad, adPeriod) = try mpd.representation("ad720")
        #expect(ad.baseURLs.map(\.absoluteString) == ["http://origin.example.com/content/ads/video/hd/"])
        let adSegments = try mpd.segments(of: ad, in: adPeriod)
        #expect(
            adSegments.map(\.url.absoluteString) == [
                "http://origin.example.com/content/ads/video/hd/ad720-1.m4s",
                "http://origin.example.com/content/ads/video/hd/ad720-2.m4s",
            ])
        let (main, mainPeriod) = try mpd.representation("main720", period: 1)
        let mainSegments = try mpd.segments(of: main, in: mainPeriod)
        #expect(
            mainSegments.map(\.url.absoluteString) == (0...4).map { "https://other.example.net/main/main720/\($0).m4s" }
        )
        #expect(mainSegments.map(\.start) == [10, 14, 18, 22, 26])
    }

    @Test func liveAttributes() throws {
        let mpd = try corpusMPD("live.mpd")
        #expect(mpd.type == .dynamic)
        #expect(mpd.availabilityStartTime == Date(timeIntervalSince1970: 1_796_637_600))
        #expect(mpd.publishTime == Date(timeIntervalSince1970: 1_796_637_600 + 7200.5))
        #expect(mpd.timeShiftBufferDepth == 30)
        #expect(mpd.minimumUpdatePeriod == 2)
        #expect(mpd.suggestedPresentationDelay == 6)
        #expect(mpd.maxSegmentDuration == 2)
        #expect(mpd.profiles.count == 2)
        #expect(mpd.locations.map(\.absoluteString) == ["https://live.example.com/channel/manifest.mpd?session=1"])
        #expect(
            mpd.utcTimings.map(\.schemeIDURI) == [
                "urn:mpeg:dash:utc:http-iso:2014", "urn:mpeg:dash:utc:direct:2014",
            ])
        let period = mpd.periods[0]
        #expect(period.duration == nil)
        let events = period.eventStreams[0]
        #expect(events.timescale == 90_000)
        #expect(events.events.map(\.message) == ["splice <cue/>", "hello"])
        #expect(events.events.map(\.presentationTime) == [648_000_000, 648_900_000])
        let rep = period.adaptationSets[0].representations[0]
        #expect(throws: MPDParseError.self) { try mpd.segments(of: rep, in: period) }
        let segments = try mpd.segments(of: rep, in: period, window: 7200..<7210)
        #expect(segments.map(\.number) == [3601, 3602, 3603, 3604, 3605])
        #expect(segments.first?.time == 648_000_000)
        #expect(segments.first?.url.lastPathComponent == "live-v-3601.m4s")
    }

    @Test func durations() {
        #expect(ISO8601Duration.seconds("PT1H2M3.5S") == 3723.5)
        #expect(ISO8601Duration.seconds("P1DT1S") == 86_401)
        #expect(ISO8601Duration.seconds("PT0S") == 0)
        #expect(ISO8601Duration.seconds("PT0H0M10.000S") == 10)
        for bad in ["", "P", "PT", "-PT1S", "P1Y", "P2M", "PT1.5M", "PT1S2M", "T1S", "PT1SX", "P1000000D"] {
            #expect(ISO8601Duration.seconds(bad) == nil, "\(bad)")
        }
    }

    @Test func templateExpansion() throws {
        let values = SegmentURLTemplate.Values(representationID: "v1", bandwidth: 800, number: 42, time: 9000)
        #expect(
            try SegmentURLTemplate.expand(
                "$RepresentationID$/$Number%05d$-$Time$-$Bandwidth%06d$$$.m4s", values, path: "")
                == "v1/00042-9000-000800$.m4s")
        for bad in ["$Number", "$Foo$", "$RepresentationID%05d$", "$Number%5d$", "$Number%099d$", "$Number%0xd$"] {
            #expect(throws: MPDParseError.self, "\(bad)") { try SegmentURLTemplate.expand(bad, values, path: "") }
        }
    }
}

import Foundation
import SpoolCore
import SpoolMedia
import SpoolTestSupport
import Testing

/// Reads a file's captions the way the caption feed does: the video stream's packets only,
/// their SEI parsed, put in presentation order, decoded by `ccaption`. Times are from the
/// container's start, as ffmpeg's SubRip output counts them.
private func decodeCaptions(of url: URL) throws -> [ClosedCaptionTestMedia.ReferenceCaption] {
    let demuxer = try Demuxer(source: try ByteSources.make(for: url), streams: .video(0))
    let stream = try #require(demuxer.video)
    let extractor = try #require(ClosedCaptionExtractor(stream: stream))
    let decoder = try ClosedCaptionDecoder()
    var reorder = CaptionReorderBuffer()
    var captions: [DecodedSubtitle] = []
    func decode(_ entries: [CaptionReorderBuffer.Entry]) throws {
        for entry in entries {
            if let caption = try decoder.decode(entry.data, at: entry.time) { captions.append(caption) }
        }
    }
    while let packet = try demuxer.readPacket() {
        #expect(packet.streamIndex == 0)
        try decode(
            reorder.add(extractor.ccData(in: packet), time: packet.presentationTime, decodeTime: packet.decodeTime))
    }
    try decode(reorder.drain())
    let origin = demuxer.startTime.isNumeric ? demuxer.startTime : .zero
    return captions.map { .init(text: $0.text, start: ($0.start - origin).seconds, end: ($0.end - origin).seconds) }
}

@Suite("closed captions from the video's SEI, against ffmpeg's subcc (integration)", .serialized)
struct ClosedCaptionDecodeTests {
    /// One frame at 25 fps.
    let frame = 0.04

    @Test(
        "the captions of the TS, MP4 and MKV are ffmpeg's, text and times within a frame",
        arguments: ClosedCaptionTestMedia.Container.allCases)
    func matchesFFmpeg(container: ClosedCaptionTestMedia.Container) async throws {
        let url = try await ClosedCaptionTestMedia.captioned(container)
        let reference = try await ClosedCaptionTestMedia.reference(of: url)
        #expect(reference.map(\.text) == ClosedCaptionTestMedia.captions.map(\.text))
        let decoded = try decodeCaptions(of: url)
        #expect(decoded.map(\.text) == reference.map(\.text))
        for (mine, theirs) in zip(decoded, reference) {
            #expect(abs(mine.start - theirs.start) <= frame, "\(mine) vs \(theirs)")
            #expect(abs(mine.end - theirs.end) <= frame, "\(mine) vs \(theirs)")
        }
        // The script's plan: shown at frames 25 and 75, erased at 125 (25 fps).
        #expect(decoded.map { ($0.start * 25).rounded() } == [25, 75])
        #expect(decoded.map { ($0.end * 25).rounded() } == [75, 125])
    }

    @Test("without reordering, B-frame pairs come out of order and the captions are garbled")
    func decodeOrderIsWrong() async throws {
        let url = try await ClosedCaptionTestMedia.captioned(.mp4)
        let demuxer = try Demuxer(source: try ByteSources.make(for: url), streams: .video(0))
        let stream = try #require(demuxer.video)
        let extractor = try #require(ClosedCaptionExtractor(stream: stream))
        let decoder = try ClosedCaptionDecoder()
        var texts: [String] = []
        while let packet = try demuxer.readPacket() {
            if let caption = try decoder.decode(extractor.ccData(in: packet), at: packet.presentationTime) {
                texts.append(caption.text)
            }
        }
        #expect(texts != ClosedCaptionTestMedia.captions.map(\.text))
    }

    @Test("the probe marks the captioned video's track, and not the uncaptioned one's")
    func probeFindsCaptions() async throws {
        for url in [
            try await ClosedCaptionTestMedia.captioned(.mpegTS), try await ClosedCaptionTestMedia.captioned(.mp4),
            try await ClosedCaptionTestMedia.uncaptioned(),
        ] {
            let probe = MediaProbe(
                source: try ByteSources.make(for: url), captionScanSource: { try? ByteSources.make(for: url) })
            let video = try #require(try await probe.result().tracks.first { $0.kind == .video })
            #expect(
                video.hasClosedCaptions == !url.lastPathComponent.hasPrefix("cc-source"), "\(url.lastPathComponent)")
            // Without a scan source, nothing is looked for.
            let plain = try await MediaProbe(source: try ByteSources.make(for: url)).result()
            #expect(plain.tracks.allSatisfy { !$0.hasClosedCaptions })
        }
    }
}

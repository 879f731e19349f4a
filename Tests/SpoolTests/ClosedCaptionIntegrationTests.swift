import Foundation
import Spool
import SpoolTestSupport
import Testing

@Suite("closed captions carried in the video: the CC1 legible option and its cues (integration)", .serialized)
struct ClosedCaptionIntegrationTests {
    /// One frame at 25 fps, the tolerance against ffmpeg's times.
    static let frame = 0.04

    @Test("the captioned TS, MP4 and MKV list CC1 in their legible group; the same video without captions lists none")
    func legibleOption() async throws {
        for container in ClosedCaptionTestMedia.Container.allCases {
            let asset = URLAsset(url: try await ClosedCaptionTestMedia.captioned(container))
            let legible = try #require(try await asset.loadMediaSelectionGroup(for: .legible), "\(container)")
            #expect(legible.options.map(\.displayName) == ["CC1"])
            #expect(legible.options.map(\.closedCaptionChannel) == ["CC1"])
            #expect(legible.options.map(\.isClosedCaptions) == [true])
            #expect(legible.options.map(\.trackID) == [0])
            #expect(legible.options.map(\.mediaCharacteristic) == [.legible])
            // Not shown unless chosen: no default, as mpv and ffmpeg do not show them either.
            #expect(legible.defaultOption == nil)
            let video = try #require(try await asset.load(.tracks).first { $0.kind == .video })
            #expect(video.hasClosedCaptions)
        }
        let plain = URLAsset(url: try await ClosedCaptionTestMedia.uncaptioned())
        #expect(try await plain.loadMediaSelectionGroup(for: .legible) == nil)
        #expect(try await plain.load(.tracks).allSatisfy { !$0.hasClosedCaptions })
    }

    @MainActor
    @Test(
        "CC1 selected with select(_:in:): the legible output gets ffmpeg's subcc captions, text and times",
        arguments: ClosedCaptionTestMedia.Container.allCases)
    func cuesThroughLegibleOutput(container: ClosedCaptionTestMedia.Container) async throws {
        let url = try await ClosedCaptionTestMedia.captioned(container)
        let reference = try await ClosedCaptionTestMedia.reference(of: url)
        // The file has no audio: the item needs a video output to play.
        let video = try FrameMD5VideoOutput(path: try PlayTool.scratchPath("cc-\(container).framemd5"))
        defer { video.stop() }
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath("cc"), video: video))
        let item = PlayerItem(url: url)
        let legible = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        let captions = try #require(legible.options.first)
        item.select(captions, in: legible)
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await cues.wait { $0.count == reference.count })
        #expect(item.currentMediaSelection.legible == captions)
        #expect(cues.elements.map(\.text) == ClosedCaptionTestMedia.captions.map(\.text))
        #expect(cues.elements.map(\.text) == reference.map(\.text))
        for (cue, expected) in zip(cues.elements, reference) {
            #expect(abs(cue.start.seconds - expected.start) <= Self.frame, "\(cue) vs \(expected)")
            #expect(abs(cue.end.seconds - expected.end) <= Self.frame, "\(cue) vs \(expected)")
        }
        // The cue carries the ASS event ccaption made (drawn by libass like other text cues).
        #expect(cues.elements.first?.ass?.events.first?.hasSuffix("HELLO CAPTIONS") == true)
        #expect(
            cues.elements.allSatisfy {
                $0.ass?.hasOwnStyles == false && $0.ass?.events.first?.contains("\\pos") == false
            })
    }

    @MainActor
    @Test("CC1 selected while playing in real time at 3.3 s: the caption showing then (3–5 s), not the one that ended")
    func selectWhilePlaying() async throws {
        let url = try await ClosedCaptionTestMedia.captioned(.mp4)
        let video = try FrameMD5VideoOutput(path: try PlayTool.scratchPath("cc-timed.framemd5"))
        defer { video.stop() }
        let player = Player(configuration: EngineConfigurations.timed(video: video, audio: false))
        let item = PlayerItem(url: url)
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        let group = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        let captions = try #require(group.options.first)
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await eventually(timeout: .seconds(20)) { player.currentTime().seconds > 3.3 })
        #expect(cues.elements.isEmpty)  // off until chosen
        item.select(captions, in: group)
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: item.id)) })
        #expect(cues.elements.map(\.text) == ["SECOND LINE"])
        #expect(cues.elements.map { ($0.start.seconds * 25).rounded() } == [75])
        #expect(item.currentMediaSelection.legible == captions)
    }

    @Test("spool play --sub-lang cc1 logs the captions as cues; without it none; spool probe --json marks the video")
    func commandLine() async throws {
        let url = try await ClosedCaptionTestMedia.captioned(.mpegTS)
        let reference = try await ClosedCaptionTestMedia.reference(of: url)
        for (options, expected) in [(["--sub-lang", "cc1"], reference.map(\.text)), ([], [])] {
            let events = try PlayTool.scratchPath("cc-cues.jsonl")
            let run = try await PlayTool.spool(
                ["play", "--vo", "null", "--ao", "null", "--untimed", "--events", events] + options + [url.path])
            #expect(run.status == 0, "\(run.errorText)")
            let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
            #expect(cues.map { $0.fields["text"] as? String } == expected, "\(options)")
            let starts = cues.compactMap { $0.fields["start"] as? Double }
            #expect(
                zip(starts, reference.map(\.start)).allSatisfy { abs($0 - $1) <= Self.frame }
                    && starts.count == expected.count, "\(starts)")
        }
        let probe = try await PlayTool.spool(["probe", "--json", url.path])
        #expect(probe.status == 0, "\(probe.errorText)")
        let object = try JSONSerialization.jsonObject(with: probe.standardOutput) as? [String: Any]
        let tracks = try #require(object?["tracks"] as? [[String: Any]])
        #expect(
            tracks.compactMap { $0["closedCaptions"] as? Bool } == tracks.map { ($0["kind"] as? String) == "video" })
    }

    @Test(
        "HLS: the CLOSED-CAPTIONS rendition is a legible option; --sub-lang cc1 gives its cues from the variant's video"
    )
    func hlsClosedCaptionsRendition() async throws {
        let (root, path) = try await ClosedCaptionTestMedia.hls()
        let server = try await NginxServer.start(NginxConfiguration(root: root))
        defer { server.stop() }
        let url = server.url(path)
        let legible = try #require(try await URLAsset(url: url).loadMediaSelectionGroup(for: .legible))
        #expect(legible.options.map(\.displayName) == ["English CC"])
        #expect(legible.options.map(\.closedCaptionChannel) == ["CC1"])
        #expect(legible.defaultOption == nil)
        let reference = try await ClosedCaptionTestMedia.reference(
            of: try await ClosedCaptionTestMedia.captioned(.mpegTS))
        for (options, expected) in [(["--sub-lang", "cc1"], reference.map(\.text)), ([], [])] {
            let events = try PlayTool.scratchPath("cc-hls-cues.jsonl")
            let run = try await PlayTool.spool(
                ["play", "--vo", "null", "--ao", "null", "--untimed", "--events", events] + options
                    + [url.absoluteString])
            #expect(run.status == 0, "\(run.errorText)")
            let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
            #expect(cues.map { $0.fields["text"] as? String } == expected, "\(options)")
            let starts = cues.compactMap { $0.fields["start"] as? Double }
            let ends = cues.compactMap { $0.fields["end"] as? Double }
            #expect(
                zip(starts, reference.map(\.start)).allSatisfy { abs($0 - $1) <= Self.frame }
                    && zip(ends, reference.map(\.end)).allSatisfy { abs($0 - $1) <= Self.frame }
                    && starts.count == expected.count, "\(starts) \(ends)")
        }
    }
}

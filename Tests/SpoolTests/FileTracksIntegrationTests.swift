import Foundation
import Spool
import SpoolTestSupport
import Testing

/// A file's own audio and subtitle tracks: selection groups, the default audio track against
/// ffmpeg's, `--audio-lang`/`--sub-lang`, embedded subtitles as cues against ffprobe's packets,
/// and switching tracks while playing. Media made by the ffmpeg CLI at test time.
@Suite("file tracks: audio languages and embedded subtitles (integration)", .serialized)
struct FileTracksIntegrationTests {
    @Test("every audio and subtitle track of an MKV is an option, with language, title, dispositions, codec, channels")
    func groupsListEveryTrack() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let asset = URLAsset(url: url)
        let audible = try #require(try await asset.loadMediaSelectionGroup(for: .audible))
        // The container writes ISO 639-2 (eng, fra); the tag is BCP 47's two-letter form.
        #expect(audible.options.map(\.extendedLanguageTag) == ["en", "fr"])
        #expect(audible.options.map(\.trackID) == [1, 2])
        #expect(audible.options.map(\.codecName) == ["aac", "aac"])
        #expect(audible.options.map(\.channelCount) == [1, 1])
        #expect(audible.options.map(\.title) == [nil, "Français"])
        #expect(audible.options.map(\.isDefault) == [true, false])
        #expect(audible.options[1].displayName == "Français")
        #expect(!audible.allowsEmptySelection)
        let legible = try #require(try await asset.loadMediaSelectionGroup(for: .legible))
        #expect(legible.options.map(\.codecName) == ["subrip", "ass", "hdmv_pgs_subtitle"])
        #expect(legible.options.map(\.extendedLanguageTag) == ["en", "fr", "de"])
        #expect(legible.options.map(\.trackID) == [3, 4, 5])
        #expect(legible.options.map(\.isForced) == [false, false, false])
        #expect(legible.defaultOption?.trackID == 3)
        #expect(legible.allowsEmptySelection)
    }

    @Test("spool probe --json: each track's index, language, title, default and forced")
    func probeJSONDescribesTracks() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let run = try await PlayTool.spool(["probe", "--json", url.path])
        #expect(run.status == 0, "\(run.errorText)")
        let object = try JSONSerialization.jsonObject(with: run.standardOutput) as? [String: Any]
        let tracks = try #require(object?["tracks"] as? [[String: Any]])
        #expect(tracks.map { $0["index"] as? Int } == [0, 1, 2, 3, 4, 5])
        #expect(tracks.map { $0["language"] as? String } == [nil, "eng", "fra", "eng", "fra", "deu"])
        #expect(tracks.map { $0["title"] as? String } == [nil, nil, "Français", nil, nil, nil])
        #expect(tracks.map { $0["default"] as? Bool } == [false, true, false, true, false, false])
        #expect(tracks.map { $0["forced"] as? Bool } == [false, false, false, false, false, false])
    }

    @Test("default audio is the track ffmpeg plays (440 Hz); --audio-lang fra, fre and fr play the French one (880 Hz)")
    func defaultAndLanguageAudio() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let ffmpegTone = try await FileTracksMedia.ffmpegDefaultTone(of: url)
        #expect(abs(ffmpegTone - 440) < 10, "ffmpeg's default: \(ffmpegTone) Hz")
        for (language, tone) in [(nil, ffmpegTone), ("fra", 880), ("fre", 880), ("fr", 880), ("eng", 440)]
            as [(String?, Double)]
        {
            let wav = try PlayTool.scratchPath("tracks-\(language ?? "default").wav")
            let run = try await PlayTool.spool(
                ["play", "--vo", "null", "--ao", "wav:\(wav)"] + (language.map { ["--audio-lang", $0] } ?? [])
                    + [url.path])
            #expect(run.status == 0, "\(run.errorText)")
            let played = try FileTracksMedia.tone(ofWAV: wav)
            #expect(abs(played - tone) < tone * 0.02, "\(language ?? "default"): \(played) Hz")
        }
    }

    @Test(
        "embedded SubRip (default), ASS (--sub-lang fra), mov_text and WebVTT-in-WebM cues: ffprobe's packet times, text"
    )
    func embeddedCuesInEvents() async throws {
        let mkv = try await FileTracksMedia.twoLanguagesMKV()
        let mp4 = try await FileTracksMedia.movTextMP4()
        let webm = try await FileTracksMedia.webVTTWebM()
        let cases: [(URL, [String], Int, [String])] = [
            (mkv, [], 3, FileTracksMedia.subRipTexts),
            (mkv, ["--sub-lang", "fra"], 4, FileTracksMedia.assTexts),
            (mkv, ["--sub-lang", "eng"], 3, FileTracksMedia.subRipTexts),
            (mp4, [], 2, FileTracksMedia.subRipTexts),
            (webm, ["--sub-lang", "en"], 2, FileTracksMedia.subRipTexts),
        ]
        for (url, options, stream, texts) in cases {
            for untimed in [true, false] {
                let events = try PlayTool.scratchPath("tracks-cues.jsonl")
                let run = try await PlayTool.spool(
                    ["play", "--vo", "null", "--ao", "null", "--events", events]
                        + (untimed ? ["--untimed"] : []) + options + [url.path])
                #expect(run.status == 0, "\(run.errorText)")
                let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
                let packets = try await FileTracksMedia.subtitlePackets(of: url, stream: stream)
                let label = "\(url.lastPathComponent) \(options) untimed: \(untimed)"
                #expect(cues.map { $0.fields["text"] as? String } == texts, "\(label)")
                #expect(cues.map { $0.fields["start"] as? Double } == packets.map(\.start), "\(label)")
                #expect(
                    zip(cues.compactMap { $0.fields["end"] as? Double }, packets.map(\.end)).allSatisfy {
                        abs($0 - $1) < 0.0005
                    } && cues.count == packets.count, "\(label)")
            }
        }
        let off = try PlayTool.scratchPath("tracks-off.jsonl")
        let run = try await PlayTool.spool(
            ["play", "--vo", "null", "--ao", "null", "--untimed", "--events", off, "--sub-lang", "off", mkv.path])
        #expect(run.status == 0)
        #expect(try PlayEvent.read(off).filter { $0.type == "cue" }.isEmpty)
    }

    @MainActor
    @Test("an ASS track's cues carry the script header with its styles and the event naming its style")
    func assCuesKeepStyles() async throws {
        let cues = try await Self.twoCues(choosing: { $0.codecName == "ass" }, scratch: "ass")
        let first = try #require(cues.first?.ass)
        #expect(first.hasOwnStyles)
        #expect(first.header.contains("Style: Sign,DejaVu Sans,40,&H0000FFFF"), "\(first.header)")
        #expect(first.events.count == 1)
        #expect(first.events.first?.contains(",Sign,") == true, "\(first.events)")
        #expect(first.events.first?.hasSuffix("{\\b1}Sign text") == true, "\(first.events)")
        #expect(cues.map(\.text) == FileTracksMedia.assTexts)
    }

    /// The first two cues of the two-language MKV's legible option `choose` picks, played untimed.
    @MainActor
    static func twoCues(
        choosing choose: (MediaSelectionOption) -> Bool, scratch: String
    ) async throws -> [LegibleCue] {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let player = Player(
            configuration: EngineConfigurations.untimed(wavPrefix: try PlayTool.scratchPath(scratch), video: nil))
        let item = PlayerItem(url: url)
        let legible = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        let chosen = legible.options.first(where: choose)
        let option = try #require(chosen)
        item.select(option, in: legible)
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await cues.wait { $0.count == 2 })
        return Array(cues.elements.prefix(2))
    }

    @MainActor
    @Test("the MKV's PGS track beside its text tracks: image cues at ffprobe's display-set times")
    func pgsTrackBesideTextTracks() async throws {
        let cues = try await Self.twoCues(choosing: { $0.extendedLanguageTag == "de" }, scratch: "pgs")
        let url = try await FileTracksMedia.twoLanguagesMKV()
        // ffprobe's packets: each subtitle's display set, then the one that clears it (PGS
        // packets state no duration; the Matroska muxer may keep a display set's segments as
        // packets of their own, at one time).
        let probe = try await ToolRunner.run(
            try ToolRunner.find("ffprobe"),
            ["-v", "error", "-select_streams", "5", "-show_entries", "packet=pts_time", "-of", "csv=p=0", url.path],
            timeout: .seconds(60))
        let origin = try await PlayTool.ffmpegProbeStartTime(of: url)
        let packets = Set(
            String(decoding: probe.standardOutput, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }
                .map { (($0 - origin) * 1000).rounded() / 1000 }
        ).sorted()
        #expect(packets.count == 4, "\(packets)")
        let shown = cues.map {
            (($0.start.seconds * 1000).rounded() / 1000, ($0.end.seconds * 1000).rounded() / 1000)
        }
        #expect(shown.map(\.0) == [packets[0], packets[2]], "cues \(shown), packets \(packets)")
        #expect(shown.map(\.1) == [packets[1], packets[3]], "cues \(shown), packets \(packets)")
        #expect(cues.map { $0.bitmap?.images.count } == [1, 1])
        #expect(cues.allSatisfy { $0.text.isEmpty && $0.ass == nil })
    }

    @MainActor
    @Test("select(_:in:) while playing: French from the switch on, no gap or overlap, video not restarted")
    func switchAudioWhilePlaying() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let recorder = RecordingAudioOutput()
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { recorder }, videoOutput: NullVideoOutput(), clock: ContinuousClock()))
        let item = PlayerItem(url: url)
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        let group = try #require(try await item.asset.loadMediaSelectionGroup(for: .audible))
        let french = try #require(group.options.first { $0.extendedLanguageTag == "fr" })
        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await eventually(timeout: .seconds(20)) { player.currentTime().seconds > 3 })
        #expect(item.currentMediaSelection.selectedMediaOption(in: group)?.extendedLanguageTag == "en")
        let switchedAt = player.currentTime()
        item.select(french, in: group)
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: item.id)) })
        #expect(item.currentMediaSelection.audible == french)
        #expect(item.error == nil)

        let start = try #require(recorder.bufferTimes.first?.time) + MediaTime(seconds: 0.25, preferredTimescale: 1000)
        let before = recorder.frequency(from: start, to: switchedAt - MediaTime(seconds: 0.3, preferredTimescale: 1000))
        let after = recorder.frequency(
            from: switchedAt + MediaTime(seconds: 1, preferredTimescale: 1000), to: .positiveInfinity)
        #expect(abs(before - 440) < 10, "\(before) Hz before")
        #expect(abs(after - 880) < 20, "\(after) Hz after")
        // One continuous stretch: no flush (the audio output was never reset), and each
        // buffer starts where the previous ended, to within one AAC packet (1024 samples).
        let buffers = recorder.buffers
        #expect(Set(buffers.map(\.generation)) == [0])
        var largestStep = 0.0
        for (previous, next) in zip(buffers, buffers.dropFirst()) {
            let end = previous.time.seconds + Double(previous.samples.count) / Double(previous.sampleRate)
            largestStep = max(largestStep, abs(next.time.seconds - end))
        }
        #expect(largestStep < 1024.0 / 48_000, "largest gap or overlap: \(largestStep) s")
        let total = buffers.reduce(0.0) { $0 + Double($1.samples.count) / Double($1.sampleRate) }
        #expect(abs(total - 8) < 0.1, "\(total) s of audio")
        // The video was never sought: each of its 200 frames decoded once.
        #expect(item.statistics.framesDecoded == 200, "\(item.statistics.framesDecoded) frames decoded")
    }

    @MainActor
    @Test("subtitles switched while playing: the ASS track's cues from the playhead, then off")
    func switchSubtitlesWhilePlaying() async throws {
        let url = try await FileTracksMedia.twoLanguagesMKV()
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let item = PlayerItem(url: url)
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        let group = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        let ass = try #require(group.options.first { $0.codecName == "ass" })
        player.replaceCurrentItem(with: item)
        player.play()
        // The SubRip track's first cue (1.0–2.5 s), then the ASS track from 2.6 s: its first
        // event (1.5–3.0 s) is still showing, its second follows; then off before 5.5 s.
        #expect(await cues.wait { $0.count == 1 })
        #expect(await eventually(timeout: .seconds(20)) { player.currentTime().seconds > 2.6 })
        item.select(ass, in: group)
        #expect(await cues.wait { $0.count == 3 })
        item.select(nil, in: group)
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: item.id)) })
        #expect(cues.elements.map(\.text) == ["Hello world"] + FileTracksMedia.assTexts)
        #expect(item.currentMediaSelection.legible == nil)
    }
}

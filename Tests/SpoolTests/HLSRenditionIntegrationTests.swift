import Foundation
import Spool
import SpoolCore
import SpoolTestSupport
import Testing

/// Alternate audio renditions, subtitle renditions and sidecar subtitles, played by the built
/// `spool` and the public API from ladders the ffmpeg CLI made, served by nginx on 127.0.0.1.
@Suite("HLS renditions and subtitles (integration)", .serialized)
struct HLSRenditionIntegrationTests {
    /// The audio ladder's languages and their tones.
    static let tones = ["en": 440.0, "fr": 880.0]

    private func serve() async throws -> NginxServer {
        try await NginxServer.start(NginxConfiguration(root: try HLSTestMedia.root()))
    }

    @Test("each audio language plays to the end from its own rendition: the sample count of ffmpeg's decode, its tone")
    func audioLanguagesPlayTheirRendition() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let server = try await serve()
        defer { server.stop() }
        for (language, tone) in Self.tones {
            let wav = try PlayTool.scratchPath("hls-audio-\(language).wav")
            let frames = try PlayTool.scratchPath("hls-audio-\(language).md5")
            let run = try await PlayTool.spool([
                "play", "--vo", "framemd5:\(frames)", "--ao", "wav:\(wav)", "--audio-lang", language,
                server.url(ladder.masterPlaylistPath).absoluteString,
            ])
            #expect(run.status == 0, "\(run.errorText)")
            let rendition = try #require(ladder.renditionPlaylistPaths.first { $0.contains("audio-\(language)") })
            let expected = try await PlayTool.ffmpegDecodedSampleCount(of: ladder.fileURL(rendition))
            let file = try WAVFile(path: wav)
            #expect(file.frameCount == expected, "\(language): \(file.frameCount) samples, ffmpeg decodes \(expected)")
            #expect(
                abs(file.zeroCrossingFrequency - tone) < tone * 0.02, "\(language): \(file.zeroCrossingFrequency) Hz")
            // The video comes from the variant, all of it.
            #expect(PlayTool.hashColumn(try String(contentsOfFile: frames, encoding: .utf8)).count == 200)
        }
    }

    @Test("a variant switch mid-stream (a 404 on the pinned variant) keeps the audio rendition: not a sample lost")
    func variantSwitchKeepsTheAudioRendition() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let failing = ladder.variantPlaylistPaths[1].replacingOccurrences(of: "index.m3u8", with: "seg002.ts")
        let server = try await NginxServer.start(
            NginxConfiguration(root: try HLSTestMedia.root(), statusOverrides: [failing: 404]))
        defer { server.stop() }
        let wav = try PlayTool.scratchPath("hls-audio-switch.wav")
        let frames = try PlayTool.scratchPath("hls-audio-switch.md5")
        let run = try await PlayTool.spool([
            "play", "--vo", "framemd5:\(frames)", "--ao", "wav:\(wav)", "--variant", "1", "--audio-lang", "fr",
            "--stats", server.url(ladder.masterPlaylistPath).absoluteString,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(server.requests().contains { $0.uri == failing && $0.status == 404 })
        #expect(run.outputText.contains("\"variantSwitches\":1"), "\(run.outputText)")
        let rendition = try #require(ladder.renditionPlaylistPaths.first { $0.contains("audio-fr") })
        let expected = try await PlayTool.ffmpegDecodedSampleCount(of: ladder.fileURL(rendition))
        let file = try WAVFile(path: wav)
        #expect(file.frameCount == expected)
        #expect(abs(file.zeroCrossingFrequency - 880) < 880 * 0.02)
        #expect(PlayTool.hashColumn(try String(contentsOfFile: frames, encoding: .utf8)).count == 200)
        // The audio rendition's playlist was loaded once: the switch did not reopen it.
        #expect(server.requests().filter { $0.uri.hasSuffix("audio-fr/index.m3u8") }.count == 1)
    }

    @Test("before the first frame: the multivariant playlist, one variant playlist and the chosen audio rendition's")
    func startupFetchesOneRenditionPlaylist() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let server = try await serve()
        defer { server.stop() }
        let run = try await PlayTool.spool([
            "play", "--vo", "null", "--ao", "null", "--frames", "1", "--audio-lang", "fr",
            server.url(ladder.masterPlaylistPath).absoluteString,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        let paths = server.requests().map(\.uri)
        let playlists = paths.filter { $0.hasSuffix(".m3u8") }
        #expect(playlists.count == 3, "\(paths)")
        #expect(playlists.first == ladder.masterPlaylistPath)
        #expect(playlists.dropFirst().first.map { ladder.variantPlaylistPaths.contains($0) } == true, "\(paths)")
        #expect(playlists.last?.hasSuffix("/audio-fr/index.m3u8") == true, "\(paths)")
        // Nothing of the other language.
        #expect(!paths.contains { $0.contains("audio-en") }, "\(paths)")
    }

    @Test("subtitle rendition: --events has every cue at its X-TIMESTAMP-MAP time, delivered when it starts")
    func subtitleCuesInEvents() async throws {
        let ladder = try await HLSTestMedia.ladder(.subtitles)
        let server = try await serve()
        defer { server.stop() }
        let events = try PlayTool.scratchPath("hls-subtitles.jsonl")
        let run = try await PlayTool.spool([
            "play", "--vo", "null", "--ao", "null", "--events", events,
            server.url(ladder.masterPlaylistPath).absoluteString,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        let expected = try await Self.cuesOnTheItemTimeline(ladder)
        #expect(expected.count == HLSTestMedia.subtitleCues.count)
        let log = try PlayEvent.read(events)
        let cues = log.filter { $0.type == "cue" }
        #expect(cues.map { $0.fields["text"] as? String } == expected.map(\.text))
        #expect(cues.map { $0.fields["start"] as? Double } == expected.map(\.start), "\(cues)")
        #expect(cues.map { $0.fields["end"] as? Double } == expected.map(\.end))
        // Delivered at presentation time: never before the playhead (which starts at 0 when
        // the item is ready) reached the cue.
        let ready = try #require(log.first { $0.type == "ready" }?.fields["t"] as? Double)
        for (cue, start) in zip(cues, expected.map(\.start)) {
            let delivered = try #require(cue.fields["t"] as? Double) - ready
            #expect(delivered >= start - 0.1, "\(cue.fields)")
        }
        #expect(log.contains { $0.type == "ended" })

        // Untimed (a few milliseconds of playback): every cue still, the end waits for them.
        let untimed = try PlayTool.scratchPath("hls-subtitles-untimed.jsonl")
        let fast = try await PlayTool.spool([
            "play", "--vo", "null", "--ao", "null", "--untimed", "--events", untimed,
            server.url(ladder.masterPlaylistPath).absoluteString,
        ])
        #expect(fast.status == 0, "\(fast.errorText)")
        let fastLog = try PlayEvent.read(untimed)
        #expect(fastLog.filter { $0.type == "cue" }.map { $0.fields["start"] as? Double } == expected.map(\.start))
        let ended = try #require(fastLog.lastIndex { $0.type == "ended" })
        #expect(fastLog.lastIndex { $0.type == "cue" }.map { $0 < ended } == true)
    }

    @Test("--sub-lang off: no subtitle playlist is fetched and no cue logged")
    func subtitlesOff() async throws {
        let ladder = try await HLSTestMedia.ladder(.subtitles)
        let server = try await serve()
        defer { server.stop() }
        let events = try PlayTool.scratchPath("hls-subtitles-off.jsonl")
        let run = try await PlayTool.spool([
            "play", "--vo", "null", "--ao", "null", "--untimed", "--sub-lang", "off", "--events", events,
            server.url(ladder.masterPlaylistPath).absoluteString,
        ])
        #expect(run.status == 0, "\(run.errorText)")
        #expect(try PlayEvent.read(events).filter { $0.type == "cue" }.isEmpty)
        let playlists = server.requests().map(\.uri).filter { $0.hasSuffix(".m3u8") }
        #expect(playlists.count == 2, "\(playlists)")
    }

    @Test(
        "sidecar --sub .srt and .vtt, timed and untimed: cues in --events with the file's times; a seek past one skips it"
    )
    func sidecarSubtitles() async throws {
        let media = try await TestMedia.url(for: .h264AACMP4)
        let srt = try TestMedia.file(
            named: "sidecar.srt",
            contents: Data("1\n00:00:00,250 --> 00:00:00,750\nOne\n\n2\n00:00:01,200 --> 00:00:01,900\nTwo\n".utf8))
        let vtt = try TestMedia.file(
            named: "sidecar.vtt",
            contents: Data("WEBVTT\n\n00:00.250 --> 00:00.750\nOne\n\n00:01.200 --> 00:01.900 align:end\nTwo\n".utf8))
        for file in [srt, vtt] {
            for (start, untimed) in [(nil, false), ("1", false), (nil, true), ("1", true)] as [(String?, Bool)] {
                let events = try PlayTool.scratchPath("sidecar.jsonl")
                let run = try await PlayTool.spool(
                    ["play", "--vo", "null", "--ao", "null", "--sub", file.path, "--events", events]
                        + (start.map { ["--start", $0] } ?? []) + (untimed ? ["--untimed"] : []) + [media.path])
                #expect(run.status == 0, "\(run.errorText)")
                let cues = try PlayEvent.read(events).filter { $0.type == "cue" }
                let expected: [(String, Double, Double)] = [("One", 0.25, 0.75), ("Two", 1.2, 1.9)]
                let kept = start == nil ? expected : Array(expected.dropFirst())
                #expect(cues.map { $0.fields["text"] as? String } == kept.map(\.0), "\(file.lastPathComponent)")
                #expect(cues.map { $0.fields["start"] as? Double } == kept.map(\.1))
                #expect(cues.map { $0.fields["end"] as? Double } == kept.map(\.2))
            }
        }
    }

    @Test("a sidecar file that does not parse fails the item with a message naming the file and line")
    func badSidecarFails() async throws {
        let media = try await TestMedia.url(for: .h264AACMP4)
        let bad = try TestMedia.file(named: "bad.srt", contents: Data("1\n00:00:01,000 --> soon\nText\n".utf8))
        let run = try await PlayTool.spool(["play", "--vo", "null", "--ao", "null", "--sub", bad.path, media.path])
        #expect(run.status != 0)
        #expect(run.errorText.contains("bad.srt"), "\(run.errorText)")
        #expect(run.errorText.contains("line 2"), "\(run.errorText)")
    }

    @MainActor
    @Test("select(_:in:) while playing switches the audio language from the current position, in time")
    func switchAudioWhilePlaying() async throws {
        let ladder = try await HLSTestMedia.ladder(.twoAudioLanguages)
        let server = try await serve()
        defer { server.stop() }
        let recorder = RecordingAudioOutput()
        let player = Player(
            configuration: PlayerConfiguration(
                makeAudioOutput: { recorder }, videoOutput: nil, clock: ContinuousClock()))
        player.preferredLanguages = ["en"]
        let item = PlayerItem(url: server.url(ladder.masterPlaylistPath))
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        let group = try #require(try await item.asset.loadMediaSelectionGroup(for: .audible))
        #expect(group.options.map(\.extendedLanguageTag) == ["en", "fr"])
        #expect(group.options.map(\.displayName) == ["English", "French"])
        #expect(group.defaultOption?.extendedLanguageTag == "en")
        #expect(!group.allowsEmptySelection)
        let french = try #require(group.options.first { $0.extendedLanguageTag == "fr" })

        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await eventually(timeout: .seconds(20)) { player.currentTime().seconds > 4 })
        #expect(item.currentMediaSelection.selectedMediaOption(in: group)?.extendedLanguageTag == "en")
        // The recorder sees the stream's timestamps; the player, item time from 0.
        let origin = MediaTime(
            seconds: try await Self.streamOrigin(ladder), preferredTimescale: 90_000)
        let switchedAt = player.currentTime() + origin
        item.select(french, in: group)
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: item.id)) })
        #expect(item.currentMediaSelection.audible == french)
        #expect(item.error == nil)

        // Before the switch the English tone; from shortly after it the French one, continuing
        // from the switch position (no jump back to the start, nothing skipped past the end).
        // The first buffer is the encoder's priming, noise around zero: left out.
        let start = try #require(recorder.bufferTimes.first?.time) + MediaTime(seconds: 0.25, preferredTimescale: 1000)
        let before = recorder.frequency(from: start, to: switchedAt - MediaTime(seconds: 0.5, preferredTimescale: 1000))
        let after = recorder.frequency(
            from: switchedAt + MediaTime(seconds: 0.5, preferredTimescale: 1000), to: .positiveInfinity)
        #expect(abs(before - 440) < 10, "\(before) Hz before")
        #expect(abs(after - 880) < 20, "\(after) Hz after")
        let times = recorder.bufferTimes
        let firstFrench = try #require(times.firstIndex { $0.generation > 0 })
        #expect(
            abs((times[firstFrench].time - switchedAt).seconds) < 0.5, "\(times[firstFrench].time) vs \(switchedAt)")
        #expect(times.last.map { $0.time.seconds > 9 } == true)
    }

    @MainActor
    @Test("subtitles turned off and on again while playing: cues stop, then continue from the playhead")
    func switchSubtitlesWhilePlaying() async throws {
        let ladder = try await HLSTestMedia.ladder(.subtitles)
        let server = try await serve()
        defer { server.stop() }
        let player = Player(configuration: EngineConfigurations.timed(video: nil, audio: true))
        let item = PlayerItem(url: server.url(ladder.masterPlaylistPath))
        let output = PlayerItemLegibleOutput()
        item.add(output)
        let cues = StreamRecorder(output.cues)
        defer { cues.stop() }
        let events = StreamRecorder(player.itemEvents())
        defer { events.stop() }
        let group = try #require(try await item.asset.loadMediaSelectionGroup(for: .legible))
        let english = try #require(group.options.first)
        #expect(group.defaultOption == english)

        player.replaceCurrentItem(with: item)
        player.play()
        #expect(await cues.wait { $0.count == 1 })
        #expect(item.currentMediaSelection.legible == english)
        item.select(nil, in: group)
        // Past the second cue's end (3.522 s) and before the third's start (4.522 s).
        #expect(await eventually(timeout: .seconds(20)) { player.currentTime().seconds > 3.6 })
        #expect(item.currentMediaSelection.legible == nil)
        item.select(english, in: group)
        #expect(await events.wait { $0.contains(.didPlayToEnd(itemID: item.id)) })
        let expected = try await Self.cuesOnTheItemTimeline(ladder)
        #expect(cues.elements.map(\.text) == [expected[0], expected[2], expected[3]].map(\.text))
        #expect(cues.elements.last?.start.seconds == expected[3].start)
    }

    /// The first timestamp of the ladder's first video segment: item time 0 on the stream's
    /// timestamps (ffmpeg's MPEG-TS muxer starts near 1.4 s).
    static func streamOrigin(_ ladder: SpoolTestSupport.HLSLadder) async throws -> Double {
        let segments = try FileManager.default.contentsOfDirectory(
            at: ladder.directory.appendingPathComponent("v0"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "ts" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        return try await PlayTool.ffmpegProbeStartTime(of: try #require(segments.first))
    }

    /// Every cue of the subtitle ladder's .vtt segments, moved by their X-TIMESTAMP-MAP
    /// (MPEGTS ticks of 90 kHz, LOCAL 0) onto the stream's timestamps, then onto the item's
    /// timeline (from the first segment's start): the times `Player` reports them at.
    static func cuesOnTheItemTimeline(_ ladder: SpoolTestSupport.HLSLadder) async throws -> [(
        text: String, start: Double, end: Double
    )] {
        let origin = try await streamOrigin(ladder)
        let files = try FileManager.default.contentsOfDirectory(
            at: ladder.directory.appendingPathComponent("v0"), includingPropertiesForKeys: nil
        ).filter { $0.pathExtension == "vtt" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
        var cues: [(text: String, start: Double, end: Double)] = []
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            let map = lines.first { $0.hasPrefix("X-TIMESTAMP-MAP=") }
            let ticks = map.flatMap { $0.split(separator: ",").first?.split(separator: ":").last }.flatMap {
                Double($0)
            }
            let offset = try #require(ticks) / 90_000
            for (index, line) in lines.enumerated() where line.contains(" --> ") {
                let times = line.components(separatedBy: " --> ").map(Self.seconds)
                let start = ((times[0] + offset - origin) * 1000).rounded() / 1000
                let end = ((times[1] + offset - origin) * 1000).rounded() / 1000
                cues.append((lines[index + 1], start, end))
            }
        }
        return cues
    }

    /// "mm:ss.ttt" or "hh:mm:ss.ttt" in seconds.
    private static func seconds(_ text: String) -> Double {
        text.split(separator: ":").reduce(0) { $0 * 60 + (Double($1) ?? 0) }
    }
}

/// A timed audio output (the null output's pacing) that records what it is given: each
/// buffer's media time, the generation it belongs to (a flush starts the next), and samples.
final class RecordingAudioOutput: AudioOutput {
    private let inner = AudioOutputs.make(.null, clock: ContinuousClock(), timed: true)
    private let record = Locked<(buffers: [Buffer], generation: Int)>(([], 0))

    struct Buffer {
        let time: MediaTime
        let generation: Int
        let sampleRate: Int
        let samples: [Float]
    }

    var name: String { "recording" }
    var latency: Duration { inner.latency }

    func start(format: AudioFormat) throws(AudioOutputError) { try inner.start(format: format) }

    func write(_ buffer: PCMBuffer) throws(AudioOutputError) {
        let channels = max(buffer.format.channelCount, 1)
        let first = stride(from: 0, to: buffer.samples.count, by: channels).map { buffer.samples[$0] }
        record.withLock {
            $0.buffers.append(
                Buffer(
                    time: buffer.presentationTime, generation: $0.generation, sampleRate: buffer.format.sampleRate,
                    samples: first))
        }
        try inner.write(buffer)
    }

    func setPaused(_ paused: Bool) { inner.setPaused(paused) }

    func flush() {
        record.withLock { $0.generation += 1 }
        inner.flush()
    }

    func drain() throws(AudioOutputError) { try inner.drain() }
    func setVolume(_ volume: Float) { inner.setVolume(volume) }
    func stop() { inner.stop() }

    /// Every buffer written, in order.
    var buffers: [Buffer] { record.withLock { $0.buffers } }

    /// Each buffer's media time and generation, in order.
    var bufferTimes: [(time: MediaTime, generation: Int)] {
        record.withLock { $0.buffers.map { ($0.time, $0.generation) } }
    }

    /// The tone of the buffers starting between `from` and `to`, from rising zero crossings.
    func frequency(from: MediaTime, to: MediaTime) -> Double {
        let buffers = record.withLock { $0.buffers }.filter { $0.time >= from && $0.time < to }
        var crossings = 0
        var seconds = 0.0
        for buffer in buffers {
            for index in 1..<max(buffer.samples.count, 1)
            where buffer.samples[index - 1] < 0 && buffer.samples[index] >= 0 {
                crossings += 1
            }
            seconds += Double(buffer.samples.count) / Double(max(buffer.sampleRate, 1))
        }
        return seconds > 0 ? Double(crossings) / seconds : 0
    }
}

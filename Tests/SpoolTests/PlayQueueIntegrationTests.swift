import Foundation
import SpoolTestSupport
import Testing

/// `spool play A B…` and `--loop N`: the queue advances at each item's end, and `--events`
/// reports each item's change, readiness and end, in order.
@Suite("spool play: queue and loop (integration)", .timeLimit(.minutes(3)))
struct PlayQueueIntegrationTests {
    @Test("two inputs play in order: item, ready, ended for each; exit 0")
    func twoInputs() async throws {
        let first = try await TestMedia.url(for: .h264AACMP4).path
        let second = try await TestMedia.url(for: .vp9OpusWebM).path
        let events = try PlayTool.scratchPath("queue.jsonl")
        let listing = try PlayTool.scratchPath("queue.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--ao", "null", "--events", events, first, second])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        #expect(output.errorText.isEmpty)
        let log = try PlayEvent.read(events)
        // The store's last state is the last item's end, and it is logged although the queue's
        // end stops the session at once (that last line was lost).
        let states = log.filter { $0.type == "playback" }
        #expect(states.last?.item == second && states.last?.fields["state"] as? String == "ended", "\(states)")
        #expect(
            log.milestones == [
                "item(\(first))", "ready(\(first))", "ended(\(first))",
                "item(\(second))", "ready(\(second))", "ended(\(second))",
            ])
        #expect(log.first { $0.type == "ready" }?.fields["duration"] as? Double == 2)
        #expect(PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)).count >= 50)
    }

    @Test(
        "a queue's framemd5 listing holds every item's frames, in order")
    func queueListingHoldsEveryFrame() async throws {
        let first = try await TestMedia.url(for: .h264AACMP4)
        let second = try await TestMedia.url(for: .vp9OpusWebM)
        let listing = try PlayTool.scratchPath("queue-all.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:\(listing)", "--no-audio", first.path, second.path])
        #expect(output.status == 0)
        let expected =
            PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: first, inputOptions: ["-threads", "1"]))
            + PlayTool.hashColumn(try await PlayTool.ffmpegFrameMD5(of: second, inputOptions: ["-threads", "1"]))
        #expect(PlayTool.hashColumn(try String(contentsOfFile: listing, encoding: .utf8)) == expected)
    }

    @Test("--pause loads the first input and stays paused: ready, never playing, never ended")
    func startsPaused() async throws {
        let clip = try await TestMedia.url(for: .h264AACMP4).path
        let events = try PlayTool.scratchPath("paused.jsonl")
        // The 2-s clip would have ended well within the 5 s it is given; paused, it waits
        // until it is killed.
        let output = try await ToolRunner.run(
            try ToolRunner.builtProduct("spool"),
            ["play", "--no-mpris", "--no-resume", "--pause", "--vo", "null", "--ao", "null", "--events", events, clip],
            timeout: .seconds(5))
        #expect(output.timedOut, "spool exited (\(output.status)): \(output.errorText)")
        let log = try PlayEvent.read(events)
        #expect(log.milestones == ["item(\(clip))", "ready(\(clip))"], "\(log.milestones)")
        #expect(!log.contains { $0.type == "state" && $0.fields["state"] as? String == "playing" })
    }

    @Test("--loop 3 plays the input three times: three item changes and three ends")
    func loopThreeTimes() async throws {
        let input = try await TestMedia.url(for: .flacStereo).path
        let events = try PlayTool.scratchPath("loop.jsonl")
        let wavPath = try PlayTool.scratchPath("loop.wav")
        let output = try await PlayTool.spool(
            ["play", "--loop", "3", "--ao", "wav:\(wavPath)", "--no-video", "--events", events, input])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let milestones = try PlayEvent.read(events).milestones
        let once = ["item(\(input))", "ready(\(input))", "ended(\(input))"]
        #expect(milestones == once + once + once)
    }

    @Test("--stats prints one JSON object with the documented counters")
    func statistics() async throws {
        let input = try await TestMedia.url(for: .h264AACMP4).path
        let output = try await PlayTool.spool(
            ["play", "--untimed", "--vo", "framemd5:/dev/null", "--ao", "null", "--stats", input])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let object = try JSONSerialization.jsonObject(with: output.standardOutput)
        let stats = try #require(object as? [String: Any], "stdout: \(output.outputText)")
        for key in [
            "framesDecoded", "framesPresented", "framesDropped", "startupTime", "stalls", "stallTime",
            "bytesTransferred", "avSyncErrorP50Ms", "avSyncErrorP99Ms",
        ] {
            #expect(stats.keys.contains(key), "missing \(key)")
        }
        #expect(stats["framesPresented"] as? Int == 50)
        #expect(stats["framesDropped"] as? Int == 0)
        let size = try FileManager.default.attributesOfItem(atPath: input)[.size] as? Int ?? 0
        #expect((stats["bytesTransferred"] as? Int ?? 0) >= size / 2)
    }
}

import Foundation
import SpoolTestSupport
import Testing

/// Gapless joins on outputs that keep real time: PulseAudio (recorded from the test sink's
/// monitor with `parec`) and the presented-frame times (bench/present-probe.c, preloaded).
/// Before preroll, the next item opened only after the previous one had drained, so the
/// recording showed ~150 ms of silence at each join and the join's frame interval ~4× the
/// nominal one.
@Suite("spool play: gapless joins in real time (integration)", .timeLimit(.minutes(3)))
struct PlayGaplessRealTimeIntegrationTests {
    static let timeout = Duration.seconds(40)
    /// The null sink's own rate: nothing is resampled between spool and the recording.
    static let sinkRate = 44_100
    /// Silence allowed inside the recording (a recording is not sample-exact): 10 ms.
    static let allowedSilence = sinkRate / 100

    /// Records the default sink's monitor while `body` runs; returns its left channel (16-bit).
    static func recordingSink(_ body: () async throws -> Void) async throws -> [Int16] {
        let sink = try #require(
            ProcessInfo.processInfo.environment["SPOOL_TEST_PULSE_SINK"], "run under scripts/with-test-services")
        let path = try PlayTool.scratchPath("monitor.raw")
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let recorder = Process()
        recorder.executableURL = try ToolRunner.find("parec")
        recorder.arguments = [
            "-d", "\(sink).monitor", "--raw", "--format=s16le", "--rate=\(sinkRate)", "--channels=2",
            "--latency-msec=20",
        ]
        recorder.standardOutput = file
        try recorder.run()
        // SIGKILL: parec handles SIGTERM in its main loop, and a child of this process may
        // start with that signal blocked (it then never exits).
        defer {
            if recorder.isRunning { kill(recorder.processIdentifier, SIGKILL) }
        }
        // The recorder is connected once its first bytes (the sink's silence) arrive.
        func recordedBytes() -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
        }
        let deadline = ContinuousClock.now + .seconds(10)
        while recordedBytes() == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        try await body()
        try await Task.sleep(for: .milliseconds(300))  // the last samples reach the monitor
        kill(recorder.processIdentifier, SIGKILL)
        recorder.waitUntilExit()
        try file.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        return stride(from: 0, to: samples.count - 1, by: 2).map { samples[$0] }
    }

    /// The joins in a recording where a 440 Hz tone is followed by an 880 Hz one, and the
    /// silent frames at each. The recording is cut into 10 ms windows, each classed by its
    /// zero crossings per sounding frame; between the last 440 Hz window
    /// and the first 880 Hz one, every silent frame counts. Silence elsewhere (an underrun on
    /// a loaded machine, inside one tone) is not a join's.
    static func joins(in samples: [Int16]) -> [Int] {
        let window = sinkRate / 100
        let threshold: Int16 = 8
        enum Tone { case low, high }
        var joins: [Int] = []
        var lastLow: Int?  // window index
        var silentSinceLow = 0
        for start in stride(from: 0, to: samples.count - window, by: window) {
            let slice = samples[start..<(start + window)]
            let silent = slice.filter { abs($0) <= threshold }.count
            var crossings = 0
            var previous: Int16?
            for sample in slice where abs(sample) > threshold {
                if let previous, (previous < 0) != (sample < 0) { crossings += 1 }
                previous = sample
            }
            // Crossings per sounding frame: about 0.02 at 440 Hz, 0.04 at 880 Hz.
            let sounding = window - silent
            let rate = Double(crossings) / Double(max(sounding, 1))
            let tone: Tone? =
                sounding < window / 4
                ? nil : (0.012..<0.03).contains(rate) ? .low : (0.03..<0.06).contains(rate) ? .high : nil
            switch tone {
            case .low:
                lastLow = start
                silentSinceLow = 0
            case .high:
                if lastLow != nil { joins.append(silentSinceLow + silent) }
                lastLow = nil
            case nil:
                if lastLow != nil { silentSinceLow += silent }
            }
        }
        return joins
    }

    static func tone(_ frequency: Int, name: String) async throws -> String {
        try await PlayGaplessIntegrationTests.tone(
            frequency, codec: ["-c:a", "aac"], name: name, rate: sinkRate)
    }

    func expectNoSilentJoin(_ arguments: [String], joins expected: Int) async throws {
        let samples = try await Self.recordingSink {
            let output = try await PlayTool.spool(
                ["play", "--ao", "pulse", "--no-video"] + arguments, timeout: Self.timeout)
            #expect(output.status == 0, "stderr: \(output.errorText)")
        }
        let joins = Self.joins(in: samples)
        #expect(joins.count == expected, "joins found (silent frames at each): \(joins)")
        #expect(joins.allSatisfy { $0 <= Self.allowedSilence }, "silent frames at the joins: \(joins)")
    }

    @Test("two AAC tones queued on PulseAudio: no silence at the join")
    func queueOnPulseAudio() async throws {
        let first = try await Self.tone(440, name: "p440.m4a")
        let second = try await Self.tone(880, name: "p880.m4a")
        try await expectNoSilentJoin([first, second], joins: 1)
    }

    @Test("--loop 3 of one AAC clip on PulseAudio: no silence at either join")
    func loopOnPulseAudio() async throws {
        // 880 Hz for 0.3 s, then 440 Hz: each join is a 440 → 880 step.
        let clip = try PlayTool.scratchPath("ploop.m4a")
        _ = try await PlayTool.ffmpeg([
            "-y", "-f", "lavfi", "-i", "sine=frequency=880:sample_rate=\(Self.sinkRate):duration=0.3",
            "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=\(Self.sinkRate):duration=1",
            "-filter_complex", "[0:a][1:a]concat=n=2:v=0:a=1", "-ac", "2", "-c:a", "aac", clip,
        ])
        try await expectNoSilentJoin(["--loop", "3", clip], joins: 2)
    }

    @Test("a 25 fps clip queued twice: the frame interval at the join is at most 1.5x nominal")
    func videoJoinIsOnTime() async throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let probe = try PlayTool.scratchPath("present-probe.so")
        let built = try await ToolRunner.run(
            try ToolRunner.find("cc"),
            [
                "-shared", "-fPIC", "-O2", "-o", probe, root.appendingPathComponent("bench/present-probe.c").path,
                "-ldl",
            ],
            timeout: .seconds(60))
        #expect(built.status == 0, "cc: \(built.errorText)")
        let clip = try await TestMedia.url(for: .h264AACMP4).path
        let log = try PlayTool.scratchPath("presented.txt")
        let listing = try PlayTool.scratchPath("presented.framemd5")
        let output = try await PlayTool.spool(
            ["play", "--ao", "pulse", "--vo", "framemd5:\(listing)", clip, clip], timeout: Self.timeout,
            environment: ["LD_PRELOAD": probe, "BENCH_PRESENT_LOG": log])
        #expect(output.status == 0, "stderr: \(output.errorText)")
        let times = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").compactMap { Int64($0) }
        // Line i of the listing is the frame presented at time i; the second item's frames
        // count from 0 again.
        let ticks = PlayTool.frameLines(try String(contentsOfFile: listing, encoding: .utf8)).compactMap {
            Int($0.split(separator: ",")[1].trimmingCharacters(in: .whitespaces))
        }
        try #require(ticks.count == times.count && ticks.count > 80, "\(ticks.count) lines, \(times.count) times")
        let second = try #require(ticks.indices.dropFirst().first { ticks[$0] < ticks[$0 - 1] }, "no join")
        let join = Double(times[second] - times[second - 1]) / 1_000_000
        #expect(join <= 60, "the join's frame interval was \(join) ms (nominal 40)")
    }
}

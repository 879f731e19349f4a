import Foundation
import Spool
import SpoolCore
import SpoolTestSupport

/// Records every element of a stream on the main actor and lets a test wait, in bounded real
/// time, until the record satisfies a condition — woken by each new element, not by polling.
@MainActor
final class StreamRecorder<Element: Sendable> {
    private(set) var elements: [Element] = []
    private var waiters: [UUID: (condition: ([Element]) -> Bool, continuation: CheckedContinuation<Bool, Never>)] =
        [:]
    private var consumer: Task<Void, Never>?

    init(_ stream: AsyncStream<Element>) {
        consumer = Task { [weak self] in
            for await element in stream {
                guard let self else { return }
                self.record(element)
            }
        }
    }

    /// Stops recording (the stream's producer sees its consumer go away).
    func stop() {
        consumer?.cancel()
        consumer = nil
    }

    /// Waits until `condition` holds for the elements recorded so far, or `timeout` passes
    /// (a hang guard: scaled by `HangGuard.scale` under ThreadSanitizer).
    func wait(timeout: Duration = .seconds(60), until condition: @escaping ([Element]) -> Bool) async -> Bool {
        if condition(elements) { return true }
        let id = UUID()
        let timer = Task { [weak self] in
            do { try await Task.sleep(for: HangGuard.scaled(timeout)) } catch { return }
            self?.expire(id)
        }
        defer { timer.cancel() }
        return await withCheckedContinuation { continuation in
            waiters[id] = (condition, continuation)
        }
    }

    private func record(_ element: Element) {
        elements.append(element)
        for (id, waiter) in waiters where waiter.condition(elements) {
            waiters[id] = nil
            waiter.continuation.resume(returning: true)
        }
    }

    private func expire(_ id: UUID) {
        waiters.removeValue(forKey: id)?.continuation.resume(returning: false)
    }
}

/// Numbers the audio outputs a configuration makes, so each item gets its own WAV file.
final class OutputCounter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}

/// Real outputs for the public API: a WAV file per item (untimed) or the null output in real
/// time, and optionally a framemd5 listing.
enum EngineConfigurations {
    /// Untimed playback writing each item's audio to `<prefix>-<n>.wav` (n from 1) and video to
    /// `video`.
    static func untimed(wavPrefix: String, video: (any VideoOutput)?) -> PlayerConfiguration {
        let counter = OutputCounter()
        let clock = ContinuousClock()
        return PlayerConfiguration(
            makeAudioOutput: {
                AudioOutputs.make(.wav(path: "\(wavPrefix)-\(counter.next()).wav"), clock: clock, timed: false)
            },
            videoOutput: video, isUntimed: true, clock: clock)
    }

    /// Real-time playback: audio to the null output (timed), video to `video`.
    static func timed(video: (any VideoOutput)?, audio: Bool) -> PlayerConfiguration {
        let clock = ContinuousClock()
        let makeAudio: @Sendable () -> any AudioOutput = { AudioOutputs.make(.null, clock: clock, timed: true) }
        return PlayerConfiguration(makeAudioOutput: audio ? makeAudio : nil, videoOutput: video, clock: clock)
    }
}

/// The threads of this process, read from `/proc/self/task`.
struct ThreadCensus: CustomStringConvertible {
    /// Thread ID → name (`comm`, at most 15 characters).
    let names: [Int: String]

    static func take() -> ThreadCensus {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
        var names: [Int: String] = [:]
        for task in tasks {
            guard let tid = Int(task) else { continue }
            let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? "?"
            names[tid] = comm.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return ThreadCensus(names: names)
    }

    var count: Int { names.count }

    /// The threads an item's loading and playback start (full names, from `SpoolThread`'s
    /// registry: the kernel keeps 15 characters): the probes and the pipeline. Threads a
    /// process keeps (the SDL thread, the curl loop, the network monitor) are not among them.
    static let itemThreadNames: Set<String> = [
        "spool.probe", "spool.hls-probe", "spool-demux", "spool-video-decode", "spool-render", "spool-audio",
        "spool-subtitles", "spool-hls",
    ]

    /// Item threads running now, and HTTP sources' delegate queues ("HTTPByteSource …").
    var engineThreads: [String] {
        SpoolThread.running().filter(Self.itemThreadNames.contains)
            + names.values.filter { $0.hasPrefix("HTTPByteSource") }
    }

    var description: String {
        Dictionary(grouping: names.values) { $0 }.map { "\($0.key)×\($0.value.count)" }.sorted().joined(
            separator: ", ")
    }
}

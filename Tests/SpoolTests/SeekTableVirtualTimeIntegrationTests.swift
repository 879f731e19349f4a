import Foundation
import SpoolCore
import SpoolOutput
import SpoolTestSupport
import Testing

@testable import Spool
@testable import SpoolEngine

/// Every seek completes, in every container, playing or paused, wherever it aims: a table
/// of seeks on the real engine in virtual time (`VirtualTimePlayback`: the null audio device
/// and the item's download on the engine's clock). Issue 36: paused exact seeks past the
/// start of an MP4's last frame never called back until `play()`, paused HLS seeks to the
/// duration hung or landed seconds early, MPEG-TS keyframe seeks landed after their target.
///
/// The rule the table checks: the end of the data is a state, not a hang. An exact seek
/// (zero tolerance) shows the frame at its target, or the last frame for a target at or past
/// the last frame's start; a keyframe seek (infinite tolerance) shows the last keyframe at or
/// before its target; either completes exactly once with `finished`, paused without `play()`.
@MainActor
@Suite("The seek table, in virtual time (integration)", .timeLimit(.minutes(10)))
struct SeekTableVirtualTimeIntegrationTests {
    /// Where a seek aims, on the item's timeline.
    enum Target: String, CaseIterable, Sendable {
        case zero, mid, keyframe, lastFrameStart, insideLastFrame, duration, pastEnd

        /// The time of this target on `timeline`, whose item lasts `duration`.
        func time(on timeline: Timeline, duration: MediaTime) -> MediaTime {
            switch self {
            case .zero: .zero
            case .mid: timeline.exact[38]
            case .keyframe: timeline.exact[2 * SeekTableMedia.keyframeInterval]
            case .lastFrameStart: timeline.exact[timeline.exact.count - 1]
            case .insideLastFrame: timeline.exact[timeline.exact.count - 1] + MediaTime(value: 1, timescale: 100)
            case .duration: duration
            case .pastEnd: duration + MediaTime(value: 1, timescale: 1)
            }
        }
    }

    /// The clip's frames on the item's timeline, as the engine places it: item time 0 is the
    /// engine's origin (the container's start, which audio priming may put before the first
    /// frame).
    struct Timeline {
        /// Where each frame starts, in item time, in presentation order.
        let exact: [MediaTime]
        /// The same in seconds.
        let frames: [Double]
        /// Where each keyframe starts, in seconds.
        let keyframes: [Double]

        init(clip: SeekTableMedia.Clip, origin: MediaTime) {
            exact = clip.frames.map { $0.time - origin }
            frames = exact.map(\.seconds)
            keyframes = clip.frames.filter(\.isKeyframe).map { ($0.time - origin).seconds }
        }

        var lastFrameStart: Double { frames[frames.count - 1] }
    }

    /// One cell of the table, less its container.
    struct Cell: Sendable, CustomTestStringConvertible {
        let target: Target
        let exact: Bool
        let paused: Bool

        var testDescription: String {
            "\(target.rawValue) \(exact ? "exact" : "keyframe") \(paused ? "paused" : "playing")"
        }

        static let all: [Cell] = Target.allCases.flatMap { target in
            [true, false].flatMap { exact in [true, false].map { Cell(target: target, exact: exact, paused: $0) } }
        }
    }

    /// A frame's start matches a time within a millisecond (container timescales round).
    static let slack = 0.001

    @Test("every seek completes once, on its frame", arguments: SeekTableMedia.Container.allCases, Cell.all)
    func seek(container: SeekTableMedia.Container, cell: Cell) async throws {
        let clip = try await SeekTableMedia.clip(container)
        let presented = Locked<[Double]>([])
        let video = NullVideoOutput { frame in presented.withLock { $0.append(frame.presentationTime.seconds) } }
        let playback = Self.playback(of: clip, container: container, video: video)
        defer { playback.finish() }
        await playback.run(until: .milliseconds(500))
        try #require(await eventually(timeout: .seconds(20)) { playback.item.duration.isNumeric }, "never ready")
        let engine = try #require(playback.player.playback as? PipelinePlayback)
        let originTime = try #require(engine.control.withLock { $0.timelineOrigin }, "no origin")
        let origin = originTime.seconds
        let timeline = Timeline(clip: clip, origin: originTime)
        if cell.paused {
            playback.player.pause()
            await playback.run(until: .milliseconds(600))
        }
        let duration = playback.item.duration.seconds
        let requested = cell.target.time(on: timeline, duration: playback.item.duration)
        let target = requested.seconds
        let tolerance: MediaTime = cell.exact ? .zero : .positiveInfinity
        let shownBefore = presented.withLock { $0.count }
        var results: [Bool] = []
        playback.player.seek(to: requested, toleranceBefore: tolerance, toleranceAfter: tolerance) {
            results.append($0)
        }
        // Paused, 2 s pass; playing, long enough to play from the earliest keyframe to the end.
        await playback.run(until: .milliseconds(cell.paused ? 2600 : 4000))
        let id = playback.item.id
        func seekEvents(_ events: [PlayerItemEvent]) -> [(landed: MediaTime?, finished: Bool)] {
            events.compactMap { event in
                guard case .seek(let item, let eventTarget, let landed, let finished) = event, item == id,
                    eventTarget == requested
                else { return nil }
                return (landed, finished)
            }
        }
        let completed = await playback.events.wait(timeout: .seconds(10)) { !seekEvents($0).isEmpty }
        let events = seekEvents(playback.events.elements)
        #expect(completed && events.count == 1, "target \(target) of \(duration): seek events \(events)")
        #expect(results == [true], "target \(target): completion \(results)")
        if cell.paused { #expect(playback.player.rate == 0, "a paused seek started playback") }
        let landing = try #require(
            presented.withLock { $0.dropFirst(shownBefore).first }.map { $0 - origin },
            "target \(target) of \(duration): no frame shown after the seek")
        let landed = events.first?.landed?.seconds ?? .nan
        let lastStart = timeline.lastFrameStart
        if !cell.paused, target >= lastStart - Self.slack {
            // Landed on the last frame (or its keyframe) and played on: the item ends, at its
            // duration (HLS once read 1.95 s after a seek to its end).
            #expect(await playback.playedToEnd(), "no end after seeking to \(target)")
            let end = playback.player.currentTime().seconds
            #expect(abs(end - duration) < 0.1, "after seeking to \(target) the end reads \(end) of \(duration)")
        }
        if cell.exact {
            // The frame at the target (the first starting at or after it: ffmpeg's `-ss`),
            // the last one for a target at or past its start; the time reported is the
            // target itself, or the last frame's start.
            let expected =
                target >= lastStart - Self.slack
                ? lastStart : timeline.frames.first { $0 >= target - Self.slack }
            #expect(
                abs(landing - (expected ?? lastStart)) < Self.slack, "exact \(target) of \(duration): showed \(landing)"
            )
            #expect(abs(landed - min(target, lastStart)) < Self.slack, "exact \(target): reported \(landed)")
        } else {
            // The keyframe nearest the target on its side: the last one at or before it (the
            // first, for a target before it).
            let expected = timeline.keyframes.last { $0 <= target + Self.slack } ?? timeline.keyframes[0]
            #expect(
                abs(landing - expected) < Self.slack,
                "keyframe \(target) of \(duration): showed \(landing), keyframes \(timeline.keyframes)")
            #expect(abs(landed - landing) < Self.slack, "keyframe \(target): reported \(landed), showed \(landing)")
        }
    }

    /// The clip played from its server on the virtual clock, to `video` and the null audio.
    static func playback(
        of clip: SeekTableMedia.Clip, container: SeekTableMedia.Container, video: NullVideoOutput
    ) -> VirtualTimePlayback {
        if container == .hls {
            let files = clip.files
            return VirtualTimePlayback(
                hls: URL(string: "http://127.0.0.1/seek/\(clip.entry)")!,
                route: { _ in
                    { request in files[request.url.lastPathComponent].map { .file($0) } ?? .status(404) }
                }, audio: true, video: video)
        }
        let bytes = clip.files[clip.entry] ?? Data()
        return VirtualTimePlayback(
            bytes: bytes, fileName: clip.entry,
            throttle: ScriptedResponse.Throttle(chunkSize: 64_000, delay: .zero, firstChunkSize: bytes.count),
            audio: true, video: video)
    }
}

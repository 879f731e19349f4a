import Foundation
import SpoolCore

@testable import Spool
@testable import SpoolEngine

/// A scripted pipeline: records what the player asked for; the test sends its events.
final class FakeItemPlayback: ItemPlayback {
    enum Call: Equatable {
        case start(MediaTime?)
        case rate(Double, AudioTimePitchAlgorithm)
        case volume(Float)
        case waitsToMinimizeStalling(Bool)
        case seek(MediaTime, before: MediaTime, after: MediaTime, id: Int)
        case select(MediaSelectionOption?, MediaCharacteristic)
        case pinVariant(Int?)
        case stop
        case prepareAsNext
        case activate
        case releaseResources
    }

    let events: AsyncStream<ItemPlaybackEvent>
    private let continuation: AsyncStream<ItemPlaybackEvent>.Continuation
    private let state = Locked<(calls: [Call], time: MediaTime)>(([], .zero))

    init() {
        (events, continuation) = AsyncStream.makeStream(of: ItemPlaybackEvent.self)
    }

    var calls: [Call] { state.withLock { $0.calls } }
    var time: MediaTime {
        get { state.withLock { $0.time } }
        set { state.withLock { $0.time = newValue } }
    }
    var lastRate: Double? {
        calls.reversed().lazy.compactMap { if case .rate(let rate, _) = $0 { rate } else { nil } }.first
    }
    var seekIDs: [Int] { calls.compactMap { if case .seek(_, _, _, let id) = $0 { id } else { nil } } }
    var isStopped: Bool { calls.contains(.stop) }

    func send(_ event: ItemPlaybackEvent) { continuation.yield(event) }

    func start(at startTime: MediaTime?) { record(.start(startTime)) }
    func setRate(_ rate: Double, algorithm: AudioTimePitchAlgorithm) { record(.rate(rate, algorithm)) }
    func setVolume(_ volume: Float) { record(.volume(volume)) }
    func setWaitsToMinimizeStalling(_ waits: Bool) { record(.waitsToMinimizeStalling(waits)) }
    func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime, id: Int) -> Bool {
        record(.seek(time, before: toleranceBefore, after: toleranceAfter, id: id))
        return true
    }
    func select(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) {
        record(.select(option, characteristic))
    }
    func pinVariant(_ index: Int?) { record(.pinVariant(index)) }
    func prepareAsNext(after current: (any ItemPlayback)?) { record(.prepareAsNext) }
    func activate() { record(.activate) }
    func releaseResources() { record(.releaseResources) }
    var releaseCount: Int { calls.filter { $0 == .releaseResources }.count }
    func currentTime() -> MediaTime { time }
    func statistics() -> PlaybackStatistics {
        var statistics = PlaybackStatistics()
        statistics.framesPresented = 42
        return statistics
    }
    func stop() {
        record(.stop)
        continuation.finish()
    }

    private func record(_ call: Call) { state.withLock { $0.calls.append(call) } }
}

/// Builds players whose items play through `FakeItemPlayback`s, kept in creation order.
@MainActor
final class FakePipelines {
    private(set) var made: [FakeItemPlayback] = []
    var last: FakeItemPlayback? { made.last }

    func factory() -> ItemPlaybackFactory {
        { [unowned self] _ in
            let playback = FakeItemPlayback()
            made.append(playback)
            return playback
        }
    }
}

extension AsyncStream<PlayerItemEvent>.Iterator {
    /// Consumes events until one satisfies `predicate`; returns it. Bounded by the suite's time limit.
    mutating func next(where predicate: (PlayerItemEvent) -> Bool) async -> PlayerItemEvent? {
        while let event = await next(isolation: #isolation) {
            if predicate(event) { return event }
        }
        return nil
    }
}

let readyInfo = ItemPlaybackInfo(
    duration: MediaTime(value: 60, timescale: 1), tracks: [], presentationWidth: 320, presentationHeight: 240,
    seekableTimeRanges: [TimeRange(start: .zero, duration: MediaTime(value: 60, timescale: 1))])

/// Records notifications of one name (posting is synchronous, so by the time the matching
/// player event was consumed, the notification was recorded).
@MainActor
final class NotificationRecorder {
    private(set) var objects: [ObjectIdentifier?] = []
    private(set) var errors: [PlaybackError?] = []
    private var token: (any NSObjectProtocol)?

    init(_ name: Notification.Name) {
        token = NotificationCenter.default.addObserver(forName: name, object: nil, queue: nil) { [weak self] note in
            let object = (note.object as AnyObject?).map(ObjectIdentifier.init)
            let error = note.userInfo?[PlayerItem.failedToPlayToEndTimeErrorKey] as? PlaybackError
            MainActor.assumeIsolated {
                self?.objects.append(object)
                self?.errors.append(error)
            }
        }
    }
}

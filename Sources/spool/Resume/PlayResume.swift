import Foundation
import Spool
import SpoolPersistence

/// Where `spool play` starts each input: where the last run left it (the seed's
/// `ResumePositionStore` over `SQLiteProgressAPI`, in `$XDG_STATE_HOME/spool/`).
///
/// Guarantees:
/// - The playhead is recorded every `interval` of playback and when the user quits or an item
///   ends, and saved at once, so `kill -9` loses at most the last interval.
/// - An item played to its end, or left within the last 5 % of its duration, starts at 0 next
///   time; so does one left before `ResumePolicy`'s minimum (5 s). Live streams (no duration)
///   are never recorded, so never resumed.
/// - A database that cannot be opened costs a notice on stderr, never the playback.
@MainActor
final class PlayResume {
    /// How often the playhead is recorded while playing.
    static let interval = Duration.seconds(5)
    /// Positions this close to the end (as a fraction of the duration) count as finished.
    static let finishedFraction = 0.95
    /// Earlier positions start over, as `ResumePolicy`'s default says.
    static let minimumSeconds = 5.0

    private let store: ResumePositionStore
    /// The stored start position of each input, loaded before playback starts and kept in
    /// step with what this run records.
    private var starts: [String: Double] = [:]
    /// Recorded since the last save.
    private var unsaved: [String: Double] = [:]

    private init(store: ResumePositionStore) {
        self.store = store
    }

    /// Opens the resume database, or returns `nil` (after a notice) when it cannot be opened.
    static func open() async -> PlayResume? {
        let location = SQLiteProgressAPI.defaultLocation()
        do {
            try FileManager.default.createDirectory(
                at: location.deletingLastPathComponent(), withIntermediateDirectories: true)
            let api = try await SQLiteProgressAPI(at: location)
            return PlayResume(store: ResumePositionStore(api: api))
        } catch {
            StandardError.report("resume positions are off: cannot open \(location.path): \(error)")
            return nil
        }
    }

    /// The key an input's position is kept under: a local file's resolved absolute path (so
    /// `clip.mp4` and `./dir/../clip.mp4` are one item), a URL as given.
    static func key(for input: String) -> String {
        if let url = URL(string: input), let scheme = url.scheme, scheme.count > 1 { return input }
        let absolute = URL(fileURLWithPath: input).standardizedFileURL.resolvingSymlinksInPath()
        return absolute.path
    }

    /// Loads the stored positions of `inputs`.
    func load(_ inputs: [String]) async {
        for input in inputs {
            let key = Self.key(for: input)
            if starts[key] == nil, let seconds = await store.position(for: ItemID(key)) { starts[key] = seconds }
        }
    }

    /// Where `input` should start, or `nil` for the beginning.
    func startPosition(for input: String) -> Double? {
        // Standard input is a different stream every run, and cannot seek.
        guard input != "-", let seconds = starts[Self.key(for: input)], seconds >= Self.minimumSeconds else {
            return nil
        }
        return seconds
    }

    /// Records `seconds` as where `input` was left; `duration` (nil or indefinite: live)
    /// decides whether it is worth resuming. Written by the next `save()`.
    func record(_ seconds: Double, duration: Double?, for input: String) {
        guard let duration, duration.isFinite, duration > 0, seconds.isFinite else { return }
        remember(seconds >= duration * Self.finishedFraction ? 0 : max(seconds, 0), for: input)
    }

    /// `input` played to its end: next time it starts over.
    func recordFinished(_ input: String) {
        remember(0, for: input)
    }

    private func remember(_ position: Double, for input: String) {
        guard input != "-" else { return }
        let key = Self.key(for: input)
        starts[key] = position
        unsaved[key] = position
    }

    /// Writes what was recorded through the store to the database; a failed write stays in the
    /// store and goes with the next save.
    func save() async {
        let batch = unsaved
        unsaved = [:]
        for (key, position) in batch { await store.record(position, for: ItemID(key)) }
        await store.flush()
    }
}

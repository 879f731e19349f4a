import Foundation

/// The discovery's decisions as a value: announcements, descriptions and the passing of time
/// in, the renderers present and the fetches to start out. Times are offsets on the
/// discovery's clock, so tests drive it to the exact instant.
///
/// Rules:
/// - An alive announcement makes (or refreshes) an entry that lasts `maxAge` from now; an entry
///   not refreshed is gone when its time runs out (`expire(at:)`, at exactly that instant).
/// - A byebye removes the entry at once.
/// - A new entry, or one whose LOCATION changed, or one whose last read failed, is fetched;
///   never two fetches for one device at once. A renderer is listed only once its description
///   was read, and for as long as its entry lives.
/// - At most `maxDevices` entries (a flood of invented UUIDs cannot grow memory): an alive
///   beyond that is dropped and reported.
struct RendererRegistry: Sendable {
    /// What the discovery must do after an event.
    enum Action: Sendable, Equatable {
        /// Read the description of `udn` at `url`.
        case fetch(udn: String, url: URL)
        /// Tell the user something was ignored, in words.
        case report(String)
    }

    private struct Entry: Sendable {
        var location: URL
        var expiresAt: Duration
        var renderer: Renderer?
        var fetching = false
        var lastFetchFailed = false
    }

    let maxDevices: Int
    private var entries: [String: Entry] = [:]

    init(maxDevices: Int = 64) { self.maxDevices = maxDevices }

    /// The renderers present, by name then UDN.
    var renderers: [Renderer] {
        entries.values.compactMap(\.renderer).sorted { ($0.name, $0.udn) < ($1.name, $1.udn) }
    }

    /// When the next entry runs out, if any.
    var nextDeadline: Duration? { entries.values.map(\.expiresAt).min() }

    /// Applies `announcement` (from the host `source`) at `now`.
    mutating func handle(_ announcement: SSDPAnnouncement, at now: Duration) -> [Action] {
        expire(at: now)
        switch announcement {
        case .byebye(let udn):
            entries[udn] = nil
            return []
        case .alive(let udn, let location, let maxAge):
            guard var entry = entries[udn] else {
                guard entries.count < maxDevices else {
                    return [.report("ignored renderer \(udn): already tracking \(maxDevices) devices")]
                }
                entries[udn] = Entry(location: location, expiresAt: now + maxAge, fetching: true)
                return [.fetch(udn: udn, url: location)]
            }
            entry.expiresAt = now + maxAge
            let moved = entry.location != location
            entry.location = location
            let fetch = !entry.fetching && (moved || entry.lastFetchFailed || entry.renderer == nil)
            if fetch { entry.fetching = true }
            entries[udn] = entry
            return fetch ? [.fetch(udn: udn, url: location)] : []
        }
    }

    /// Applies the outcome of reading `udn`'s description at `url`, at `now`. An outcome for a
    /// device that left, or for a location it no longer announces, changes nothing but the
    /// fetch in flight.
    mutating func handle(
        description result: Result<Renderer, DeviceDescriptionError>, udn: String, url: URL, at now: Duration
    ) -> [Action] {
        expire(at: now)
        guard var entry = entries[udn] else { return [] }
        entry.fetching = false
        defer { entries[udn] = entry }
        guard entry.location == url else {
            // Announced elsewhere meanwhile: read the new place.
            entry.fetching = true
            return [.fetch(udn: udn, url: entry.location)]
        }
        switch result {
        case .success(let renderer):
            entry.renderer = renderer
            entry.lastFetchFailed = false
            return []
        case .failure(let error):
            entry.lastFetchFailed = true
            return [.report("ignored renderer \(udn) at \(url.absoluteString): \(error)")]
        }
    }

    /// Drops every entry whose time ran out at or before `now`.
    mutating func expire(at now: Duration) {
        entries = entries.filter { $0.value.expiresAt > now }
    }
}

internal import CPulse

/// A set of PulseAudio properties (`application.name`, `media.role`…) to hand to libpulse.
///
/// libpulse copies a property list when an object is created from it, so the `pa_proplist*`
/// exists only for the duration of `withHandle` and is freed right after.
struct PulseProperties {
    /// Property names and values, in the order they are set.
    let values: [(name: String, value: String)]

    /// Properties from a dictionary, set in name order so the result is deterministic.
    init(_ values: [String: String]) {
        self.values = values.sorted { $0.key < $1.key }.map { (name: $0.key, value: $0.value) }
    }

    /// Calls `body` with a new `pa_proplist*` holding these properties, then frees it.
    /// `body` must not keep the pointer.
    func withHandle<Result>(_ body: (OpaquePointer) -> Result?) -> Result? {
        guard let list = pa_proplist_new() else { return nil }
        defer { pa_proplist_free(list) }
        for (name, value) in values {
            pa_proplist_sets(list, name, value)
        }
        return body(list)
    }
}

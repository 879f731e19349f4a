/// Callbacks to run, on the main actor, whenever a center's state changes.
///
/// The centers are plain stores (apps set properties on them, as on Apple's); publishers
/// such as `MPRISServer` register here to hear about changes. A callback runs synchronously
/// inside the setter, so it must be cheap: `MPRISServer` only recomputes a snapshot and
/// posts it to its bus thread.
@MainActor
final class ChangeObservers {
    private var callbacks: [Int: @MainActor () -> Void] = [:]
    private var nextID = 0

    /// Registers `callback`; returns the ID that `remove` takes.
    func add(_ callback: @escaping @MainActor () -> Void) -> Int {
        nextID += 1
        callbacks[nextID] = callback
        return nextID
    }

    /// Unregisters the callback `id` (nothing if it is already gone).
    func remove(_ id: Int) {
        callbacks[id] = nil
    }

    /// Runs every callback.
    func notify() {
        for callback in callbacks.values { callback() }
    }
}

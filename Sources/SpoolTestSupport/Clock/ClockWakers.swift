/// The wakers a virtual clock calls each time it moves (`EngineClock.addWaker`), by token:
/// kept inside the clock's locked state.
struct ClockWakers {
    private var nextToken = 0
    private var wakers: [Int: @Sendable () -> Void] = [:]

    /// Registers `wake`; returns its token.
    mutating func add(_ wake: @escaping @Sendable () -> Void) -> Int {
        nextToken += 1
        wakers[nextToken] = wake
        return nextToken
    }

    /// Removes the waker under `token`; unknown tokens are ignored.
    mutating func remove(_ token: Int) {
        wakers[token] = nil
    }

    /// Every registered waker.
    var all: [@Sendable () -> Void] { Array(wakers.values) }
}

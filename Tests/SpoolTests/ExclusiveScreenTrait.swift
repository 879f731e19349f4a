import SpoolTestSupport
import Testing

/// Runs the suite (or test) it is attached to while no other suite uses the test X screen
/// (`XScreenLock`): window tests of other targets run in parallel with this one.
struct ExclusiveScreenTrait: SuiteTrait, TestTrait, TestScoping {
    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await XScreenLock.shared.withExclusiveScreen { try await function() }
    }
}

extension Trait where Self == ExclusiveScreenTrait {
    /// Holds the test X screen for the whole suite.
    static var exclusiveScreen: Self { Self() }
}

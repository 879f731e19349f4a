public import Testing

/// Runs the suite (or test) it is attached to while no other suite uses the test X screen
/// (`XScreenLock`): window tests of several test targets run in parallel.
public struct ExclusiveScreenTrait: SuiteTrait, TestTrait, TestScoping {
    /// The trait; attach it as `.exclusiveScreen`.
    public init() {}

    /// Runs `function` holding the screen.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @concurrent @Sendable () async throws -> Void
    ) async throws {
        try await XScreenLock.shared.withExclusiveScreen { try await function() }
    }
}

extension Trait where Self == ExclusiveScreenTrait {
    /// Holds the test X screen for the whole suite.
    public static var exclusiveScreen: Self { Self() }
}

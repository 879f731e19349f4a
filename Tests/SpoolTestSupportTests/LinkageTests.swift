import Testing
@testable import SpoolTestSupport

import Testing
@testable import SpoolCore

import Testing
@testable import SpoolOutput

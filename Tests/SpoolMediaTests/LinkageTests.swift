import Testing
@testable import SpoolMedia

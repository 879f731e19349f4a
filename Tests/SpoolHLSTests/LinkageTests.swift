import Testing
@testable import SpoolHLS

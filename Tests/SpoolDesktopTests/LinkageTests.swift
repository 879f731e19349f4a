import Testing
@testable import SpoolDesktop

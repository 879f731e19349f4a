import Testing
@testable import SpoolPersistence

import Testing
@testable import Spool

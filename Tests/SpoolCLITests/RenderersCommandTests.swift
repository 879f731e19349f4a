import Testing

@testable import spool

@Suite("spool renderers: --timeout is read, mistakes are usage errors")
struct RenderersCommandTests {
    static func error(_ arguments: [String]) -> String? {
        do {
            _ = try RenderersCommand.timeout(arguments)
            return nil
        } catch {
            return error.text
        }
    }

    @Test func timeoutDefaultsToThreeSecondsAndTakesBothSpellings() throws {
        #expect(try RenderersCommand.timeout([]) == .seconds(3))
        #expect(try RenderersCommand.timeout(["--timeout", "1"]) == .seconds(1))
        #expect(try RenderersCommand.timeout(["--timeout=2.5"]) == .milliseconds(2_500))
        #expect(try RenderersCommand.timeout(["--timeout", "60"]) == .seconds(60))
    }

    @Test func outOfRangeMissingAndUnknownArgumentsAreRefused() {
        #expect(Self.error(["--timeout", "0"]) == "--timeout: '0' is not a number of seconds from 1 to 60")
        #expect(Self.error(["--timeout=61"]) == "--timeout: '61' is not a number of seconds from 1 to 60")
        #expect(Self.error(["--timeout", "nan"]) == "--timeout: 'nan' is not a number of seconds from 1 to 60")
        #expect(Self.error(["--timeout"]) == "--timeout needs a number of seconds")
        #expect(Self.error(["--verbose"]) == "unexpected argument '--verbose'")
    }
}

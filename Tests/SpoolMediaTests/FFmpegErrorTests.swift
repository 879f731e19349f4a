import Testing

@testable import SpoolMedia

@Suite("FFmpegError and the return-code funnel")
struct FFmpegErrorTests {
    @Test("non-negative codes pass through; negative codes become typed errors")
    func check() throws {
        #expect(try FFmpegCall.check(0) == 0)
        #expect(try FFmpegCall.check(7) == 7)
        #expect(throws: FFmpegError.invalidData) { try FFmpegCall.check(FFmpegError.invalidData.rawValue) }
    }

    @Test("EAGAIN and EOF are values for feed/drain calls; other codes still throw")
    func progress() throws {
        #expect(try FFmpegCall.progress(3) == .done(3))
        #expect(try FFmpegCall.progress(FFmpegError.tryAgain.rawValue) == .tryAgain)
        #expect(try FFmpegCall.progress(FFmpegError.endOfFile.rawValue) == .endOfStream)
        #expect(throws: FFmpegError.outOfMemory) { try FFmpegCall.progress(FFmpegError.outOfMemory.rawValue) }
    }

    @Test("messages come from av_strerror")
    func messages() {
        #expect(FFmpegError.invalidData.description == "Invalid data found when processing input")
        #expect(FFmpegError.endOfFile.description == "End of file")
        #expect(FFmpegError(rawValue: -123_456_789).description.isEmpty == false)
    }

    @Test("the named codes are distinct")
    func distinct() {
        let codes: [FFmpegError] = [
            .endOfFile, .tryAgain, .exit, .invalidData, .decoderNotFound, .demuxerNotFound, .streamNotFound,
            .outOfMemory, .ioError, .invalidArgument, .notPermitted, .notSeekable, .notSupported,
        ]
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.rawValue < 0 })
    }
}

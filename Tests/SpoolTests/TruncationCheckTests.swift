import SpoolCore
import Testing

@testable import Spool
@testable import SpoolEngine

@Suite("TruncationCheck: a file that ends before its media")
struct TruncationCheckTests {
    private static func seconds(_ value: Double) -> MediaTime { MediaTime(seconds: value, preferredTimescale: 90_000) }

    private static func check(
        start: Double = 1.4, declared: Double?, format: String = "mov,mp4,m4a,3gp,3g2,mj2", length: Int64? = 1_000_000,
        packetsUntil end: Double?
    ) -> TruncationCheck {
        var check = TruncationCheck(
            startTime: seconds(start), declaredDuration: declared.map(seconds), formatName: format, byteLength: length)
        if let end {
            // Packets every 40 ms up to `end`, 40 ms long.
            var time = start
            while time + 0.04 <= end + 1e-9 {
                check.note(presentationTime: seconds(time), decodeTime: .invalid, duration: seconds(0.04))
                time += 0.04
            }
        }
        return check
    }

    @Test("media ending well before the stated duration is an early end, naming both times")
    func statedDurationNotReached() throws {
        let message = try #require(Self.check(declared: 60, packetsUntil: 1.4 + 30).earlyEnd())
        #expect(message.contains("30.0 s of 60.0 s"), "\(message)")
    }

    @Test("a complete file, or one a little short of its header (rounding, priming), ends normally")
    func withinTolerance() {
        #expect(Self.check(declared: 60, packetsUntil: 1.4 + 60).earlyEnd() == nil)
        #expect(Self.check(declared: 60, packetsUntil: 1.4 + 59.6).earlyEnd() == nil)
        #expect(Self.check(declared: 2, packetsUntil: 1.4 + 1).earlyEnd() != nil, "half of a short clip")
        // 1% of a two-hour film is 72 s.
        #expect(Self.check(declared: 7200, packetsUntil: 1.4 + 7140).earlyEnd() == nil)
        #expect(Self.check(declared: 7200, packetsUntil: 1.4 + 7000).earlyEnd() != nil)
    }

    @Test("an MP4 starting with a 10 s empty edit (duration stated from zero) ends normally when its track ends")
    func emptyEditStatesDurationFromZero() {
        // ffmpeg: start 10 s, duration 14 s, the track 10…14 s: 4 s of media, all of it there.
        var complete = TruncationCheck(
            startTime: Self.seconds(10), declaredDuration: Self.seconds(14), formatName: "mov,mp4,m4a,3gp,3g2,mj2",
            byteLength: 1_000_000, declaredStreamEnd: Self.seconds(14))
        var cut = complete
        var time = 10.0
        while time + 0.04 <= 14 + 1e-9 {
            complete.note(presentationTime: Self.seconds(time), decodeTime: .invalid, duration: Self.seconds(0.04))
            if time < 12 {
                cut.note(presentationTime: Self.seconds(time), decodeTime: .invalid, duration: Self.seconds(0.04))
            }
            time += 0.04
        }
        #expect(complete.earlyEnd() == nil)
        #expect(cut.earlyEnd() != nil, "the same file cut at half its track still ends early")
    }

    @Test("an estimated duration (no stated one) never makes an early end")
    func estimatedDuration() {
        #expect(Self.check(declared: nil, packetsUntil: 1.4 + 3).earlyEnd() == nil)
    }

    @Test("decode times stand in for missing presentation times")
    func decodeTimes() {
        var check = TruncationCheck(
            startTime: .zero, declaredDuration: Self.seconds(10), formatName: "matroska,webm", byteLength: nil)
        check.note(presentationTime: .invalid, decodeTime: Self.seconds(9.5), duration: .invalid)
        #expect(check.earlyEnd() == nil)
        #expect(check.mediaEnd == Self.seconds(9.5))
    }

    @Test("a transport stream cut inside a packet ends early; whole packets of 188, 192 or 204 bytes do not")
    func transportStreamPackets() throws {
        let cut = Self.check(declared: nil, format: "mpegts", length: 188 * 1000 + 94, packetsUntil: 3)
        #expect(try #require(cut.earlyEnd()).contains("inside a transport packet"))
        for length: Int64 in [188 * 1000, 192 * 1000, 204 * 1001] {
            #expect(Self.check(declared: nil, format: "mpegts", length: length, packetsUntil: 3).earlyEnd() == nil)
        }
        // The packet-size rule is the transport stream's only; other formats have no packets to count.
        #expect(Self.check(declared: nil, format: "flac", length: 188 * 1000 + 94, packetsUntil: 3).earlyEnd() == nil)
    }
}

extension TruncationCheckTests {
    @Test("transport packets are counted from the last packet read: garbage inside shifts them, a cut after it shows")
    func transportStreamPacketsAfterGarbage() throws {
        // 1000 bytes of garbage in the middle: the packets after it start 1000 bytes later.
        let length: Int64 = 188 * 1000 + 1000
        var complete = TruncationCheck(
            startTime: .zero, declaredDuration: nil, formatName: "mpegts", byteLength: length)
        complete.note(presentationTime: .zero, decodeTime: .invalid, duration: .invalid, bytePosition: 188 * 10)
        complete.note(
            presentationTime: .zero, decodeTime: .invalid, duration: .invalid, bytePosition: 188 * 990 + 1000)
        #expect(complete.earlyEnd() == nil, "a whole number of packets after the last one read")
        var cut = TruncationCheck(
            startTime: .zero, declaredDuration: nil, formatName: "mpegts", byteLength: length - 94)
        cut.note(presentationTime: .zero, decodeTime: .invalid, duration: .invalid, bytePosition: 188 * 990 + 1000)
        #expect(try #require(cut.earlyEnd()).contains("inside a transport packet"))
    }
}

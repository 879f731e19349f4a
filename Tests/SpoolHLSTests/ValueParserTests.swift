import Foundation
import SpoolCore
import Testing

@testable import SpoolHLS

/// The scalar grammars of RFC 8216 section 4.2.
@Suite struct ValueParserTests {
    @Test(
        arguments: [
            ("0", 0), ("1280000", 1_280_000), ("007", 7), ("9223372036854775807", Int.max),
            ("9223372036854775808", nil), ("", nil), ("-1", nil), ("+1", nil), ("1.0", nil), ("1 ", nil),
        ] as [(String, Int?)])
    func decimalInteger(text: String, expected: Int?) {
        #expect(ValueParser.decimalInteger(bytes(text)) == expected)
    }

    @Test(
        arguments: [
            ("9.009", false, MediaTime(value: 9009, timescale: 1000)),
            ("10", false, MediaTime(value: 10, timescale: 1)),
            ("4.", false, MediaTime(value: 4, timescale: 1)), (".5", false, MediaTime(value: 1, timescale: 2)),
            ("0.1234567895", false, MediaTime(value: 123_456_790, timescale: 1_000_000_000)),
            ("-2.5", true, MediaTime(value: -5, timescale: 2)), ("-2.5", false, nil), ("1.2.3", false, nil),
            ("1e3", false, nil), ("", false, nil), (".", false, nil), ("-", true, nil), ("inf", false, nil),
            ("99999999999999999999", false, nil),
        ] as [(String, Bool, MediaTime?)])
    func decimalTime(text: String, signed: Bool, expected: MediaTime?) {
        #expect(ValueParser.decimalTime(bytes(text), signed: signed) == expected)
    }

    @Test func decimalTimeIsExactSoSumsDoNotDrift() throws {
        var sum = MediaTime.zero
        for _ in 0..<10_000 { sum = sum + (try #require(ValueParser.decimalTime(bytes("0.1"), signed: false))) }
        #expect(sum == MediaTime(value: 1000, timescale: 1))
    }

    @Test(
        arguments: [
            ("0x1A2b", nil, [0x1A, 0x2B]), ("0XABC", nil, [0x0A, 0xBC]), ("0x00", nil, [0x00]),
            ("0x1", 128, [UInt8](repeating: 0, count: 15) + [1]),
            ("0x" + String(repeating: "F", count: 32), 128, [UInt8](repeating: 0xFF, count: 16)),
            ("0x00" + String(repeating: "F", count: 32), 128, [UInt8](repeating: 0xFF, count: 16)),
            ("0x1" + String(repeating: "0", count: 32), 128, nil), ("0x", nil, nil), ("1A", nil, nil),
            ("0xG1", nil, nil), ("x12", nil, nil),
        ] as [(String, Int?, [UInt8]?)])
    func hexadecimalSequence(text: String, bits: Int?, expected: [UInt8]?) {
        #expect(ValueParser.hexadecimal(bytes(text), bits: bits) == expected)
    }

    @Test func resolution() {
        #expect(ValueParser.resolution(bytes("1920x1080")) == Resolution(width: 1920, height: 1080))
        #expect(ValueParser.resolution(bytes("640X360")) == Resolution(width: 640, height: 360))
        for malformed in ["1920x", "x1080", "1920*1080", "1920", "1920x1080x2", "-1x2"] {
            #expect(ValueParser.resolution(bytes(malformed)) == nil, "\(malformed)")
        }
        #expect(Resolution(width: 1280, height: 720).description == "1280x720")
    }

    @Test func byteRange() {
        #expect(ValueParser.byteRange(bytes("1000"))?.length == 1000)
        #expect(ValueParser.byteRange(bytes("1000"))?.offset == nil)
        #expect(ValueParser.byteRange(bytes("1000@20"))?.offset == 20)
        for malformed in ["@5", "10@", "a@1", "", "1@2@3", "-1"] {
            #expect(ValueParser.byteRange(bytes(malformed)) == nil, "\(malformed)")
        }
        #expect(ByteRange(offset: 20, length: 1000).range == 20..<1020)
        #expect(ByteRange(offset: 20, length: 1000).description == "1000@20")
    }

    @Test(
        arguments: [
            ("2010-02-19T14:54:23.031+08:00", 1_266_562_463.031), ("2014-03-05T11:15:00Z", 1_394_018_100),
            ("2024-02-29T00:00:00Z", 1_709_164_800), ("2024-01-01T10:00:00.5-01:30", 1_704_108_600.5),
            ("2024-01-01T10:00:00.5-0130", 1_704_108_600.5), ("2024-01-01t11:30:00.5z", 1_704_108_600.5),
            ("2024-01-01 11:30:00.500000000001Z", 1_704_108_600.5), ("2024-01-01T11:30:00.5", 1_704_108_600.5),
            ("2024-01-01T12:30+01", 1_704_108_600), ("1969-12-31T23:59:59Z", -1), ("2000-03-01T00:00:00Z", 951_868_800),
        ] as [(String, Double)])
    func iso8601Date(text: String, secondsSince1970: Double) throws {
        let date = try #require(ISO8601DateParser.date(bytes(text)))
        #expect(abs(date.timeIntervalSince1970 - secondsSince1970) < 1e-6)
    }

    @Test(arguments: [
        "2023-02-29T00:00:00Z", "2024-13-01T00:00:00Z", "2024-04-31T00:00:00Z", "2024-01-01T24:00:00Z",
        "2024-01-01T10:60:00Z", "2024-1-01T10:00:00Z", "2024-01-01T10:00:00.Z", "2024-01-01T10:00:00Z junk",
        "2024-01-01T10:00:00+25:00", "2024-01-01", "yesterday", "",
    ])
    func malformedISO8601DateIsRejected(text: String) {
        #expect(ISO8601DateParser.date(bytes(text)) == nil)
    }
}

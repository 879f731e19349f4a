import Foundation
import SpoolCore
import Testing

/// ReplayGain tags are untrusted text: only plain decimals (with "dB" for gains) within bounds
/// are read, and the factor follows the mode, the preamp and the peak cap.
@Suite("ReplayGain tags and factor")
struct ReplayGainTests {
    @Test("gain tags: signed decimals with or without dB; anything else, or past ±60 dB, is no tag")
    func gains() {
        #expect(ReplayGain.gain(tag: "-6.50 dB") == -6.5)
        #expect(ReplayGain.gain(tag: "+1.2 dB") == 1.2)
        #expect(ReplayGain.gain(tag: " -3 DB ") == -3)
        #expect(ReplayGain.gain(tag: "0") == 0)
        for bad in ["", "dB", "-", ".", "1e3", "nan", "inf", "-6.5.1 dB", "61 dB", "-60.5", "6 dB x", "0x10", "٣"] {
            #expect(ReplayGain.gain(tag: bad) == nil, "\(bad)")
        }
        #expect(ReplayGain.gain(tag: String(repeating: "1", count: 10_000)) == nil)
    }

    @Test("peak tags: positive decimals up to 16")
    func peaks() {
        #expect(ReplayGain.peak(tag: "0.988") == 0.988)
        #expect(ReplayGain.peak(tag: "1.2") == 1.2)
        for bad in ["0", "-0.5", "17", "1e-3", "nan", "0.5 dB"] {
            #expect(ReplayGain.peak(tag: bad) == nil, "\(bad)")
        }
    }

    @Test("the factor: the mode's gain (the other one when missing), plus the preamp, capped by the peak")
    func factor() {
        let tags = ReplayGain(trackGain: -6, trackPeak: 0.1, albumGain: -3, albumPeak: 0.2)
        func decibels(_ factor: Float) -> Double { 20 * log10(Double(factor)) }
        #expect(tags.factor(mode: .off, preamp: 5, preventsClipping: true) == 1)
        #expect(abs(decibels(tags.factor(mode: .track, preamp: 0, preventsClipping: true)) - -6) < 1e-4)
        #expect(abs(decibels(tags.factor(mode: .album, preamp: 0, preventsClipping: true)) - -3) < 1e-4)
        #expect(abs(decibels(tags.factor(mode: .track, preamp: 2, preventsClipping: true)) - -4) < 1e-4)
        let trackOnly = ReplayGain(trackGain: -6)
        #expect(abs(decibels(trackOnly.factor(mode: .album, preamp: 0, preventsClipping: true)) - -6) < 1e-4)
        #expect(ReplayGain().factor(mode: .track, preamp: 3, preventsClipping: true) == 1)
        let loud = ReplayGain(trackGain: 12, trackPeak: 0.5)
        #expect(loud.factor(mode: .track, preamp: 0, preventsClipping: true) == 2)
        #expect(abs(decibels(loud.factor(mode: .track, preamp: 0, preventsClipping: false)) - 12) < 1e-4)
    }
}

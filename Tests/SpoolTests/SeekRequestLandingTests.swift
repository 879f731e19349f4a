import SpoolCore
import Testing

@testable import SpoolEngine

/// Where a seek lands once the demuxer found the keyframe it resumes at: a keyframe seek
/// starts on that keyframe as a whole, an exact one is left alone (decision 0063).
@Suite("SeekRequest landing on its keyframe")
struct SeekRequestLandingTests {
    func seconds(_ value: Double) -> MediaTime { MediaTime(seconds: value, preferredTimescale: 90_000) }

    @Test("a keyframe seek lands on the keyframe: samples and frames before it are discarded")
    func keyframeSeekLandsOnItsKeyframe() throws {
        let request = SeekRequest(
            id: 7, target: seconds(5.9), toleranceBefore: .positiveInfinity, toleranceAfter: .positiveInfinity)
        let landing = try #require(request.landing(onKeyframeAt: seconds(4)))
        #expect(landing.id == 7 && landing.target == request.target)
        #expect(landing.discardBefore == seconds(4))
    }

    @Test("a tolerance that stops short of the keyframe, an exact seek, or a keyframe after the target: unchanged")
    func otherSeeksAreLeftAlone() {
        let short = SeekRequest(id: 1, target: seconds(5.9), toleranceBefore: seconds(1), toleranceAfter: .zero)
        #expect(short.landing(onKeyframeAt: seconds(4)) == nil)
        let exact = SeekRequest(id: 2, target: seconds(5.9), toleranceBefore: .zero, toleranceAfter: .zero)
        #expect(exact.landing(onKeyframeAt: seconds(4)) == nil)
        let onIt = SeekRequest(id: 3, target: seconds(4), toleranceBefore: .positiveInfinity, toleranceAfter: .zero)
        #expect(onIt.landing(onKeyframeAt: seconds(4)) == nil)
        #expect(onIt.landing(onKeyframeAt: seconds(6)) == nil)
        let wide = SeekRequest(id: 4, target: seconds(5.9), toleranceBefore: seconds(2), toleranceAfter: .zero)
        #expect(wide.landing(onKeyframeAt: seconds(4))?.discardBefore == seconds(4))
    }
}

public import Foundation
public import SpoolCore

/// The interstitial scheduled by an EXT-X-DATERANGE of CLASS `com.apple.hls.interstitial`
/// (Apple's HLS Interstitials): an asset played at the range's START-DATE, such as an ad.
///
/// The parser keeps what it finds; a range with neither an asset URI nor an asset list cannot
/// be played, and a player should ignore it.
public struct Interstitial: Sendable, Equatable {
    /// X-RESTRICT: what the user may not do while the interstitial plays.
    public struct Restrictions: OptionSet, Sendable, Hashable {
        /// The value's bits.
        public let rawValue: Int
        /// Wraps bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// SKIP: seeking forward through the interstitial.
        public static let skip = Restrictions(rawValue: 1)
        /// JUMP: seeking past the interstitial in the primary content.
        public static let jump = Restrictions(rawValue: 2)
    }

    /// X-SNAP: which edges snap to the nearest segment boundary of the primary content.
    public struct Snap: OptionSet, Sendable, Hashable {
        /// The value's bits.
        public let rawValue: Int
        /// Wraps bits.
        public init(rawValue: Int) { self.rawValue = rawValue }
        /// OUT: where the primary content is left.
        public static let out = Snap(rawValue: 1)
        /// IN: where the primary content resumes.
        public static let `in` = Snap(rawValue: 2)
    }

    /// X-ASSET-URI: a playlist of the single asset, absolute and allowed by the URI policy.
    public let assetURI: URL?
    /// X-ASSET-LIST: a JSON list of assets, absolute and allowed by the URI policy.
    public let assetList: URL?
    /// X-RESUME-OFFSET: where the primary content resumes, relative to where it was left;
    /// `nil` means after the interstitial's duration.
    public let resumeOffset: MediaTime?
    /// X-PLAYOUT-LIMIT: the longest the interstitial may play.
    public let playoutLimit: MediaTime?
    /// X-RESTRICT.
    public let restrictions: Restrictions
    /// X-SNAP.
    public let snap: Snap
}

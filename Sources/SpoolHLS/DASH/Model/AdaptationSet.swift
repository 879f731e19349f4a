public import Foundation

/// An `AdaptationSet`: interchangeable encodings of one content component, with what a
/// player selects it by (language, roles, accessibility) and how it is protected.
public struct AdaptationSet: Sendable, Equatable {
    /// `id`.
    public var id: String?
    /// `contentType`, else inferred from `mimeType` (`video`, `audio`, `text`), else `nil`.
    public var contentType: String?
    /// `mimeType`.
    public var mimeType: String?
    /// `codecs`.
    public var codecs: String?
    /// `lang` (an RFC 5646 tag, as written).
    public var language: String?
    /// `Role` descriptors (`urn:mpeg:dash:role:2011` main, alternate, commentary, caption…).
    public var roles: [Descriptor]
    /// `Accessibility` descriptors.
    public var accessibility: [Descriptor]
    /// `ContentProtection` descriptors of the set.
    public var contentProtections: [ContentProtection]
    /// The set's BaseURLs, resolved against the period's.
    public var baseURLs: [URL]
    /// The representations in order.
    public var representations: [Representation]
}

/// A `ContentProtection` descriptor: a protection scheme and what the manifest says about its keys.
public struct ContentProtection: Sendable, Equatable {
    /// `schemeIdUri`: `urn:mpeg:dash:mp4protection:2011` (with `value` `cenc` or `cbcs`), or a
    /// DRM system as `urn:uuid:…` (ClearKey is `urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e`).
    public var schemeIDURI: String
    /// `value`.
    public var value: String?
    /// `cenc:default_KID`, lowercased, as written (a UUID with dashes); checked to be 32 hex digits.
    public var defaultKeyID: String?
    /// The ClearKey license server: `dashif:laurl` or `clearkey:Laurl`, resolved and checked
    /// by the URI policy.
    public var licenseURL: URL?
    /// `cenc:pssh`, base64 as written.
    public var pssh: String?

    /// The ClearKey system's scheme.
    public static let clearKeySchemeIDURI = "urn:uuid:e2719d58-a985-b3c9-781a-b030af78d30e"
}

public import SpoolCore
import SpoolHLS

/// One variant of an HLS multivariant playlist, as `load(.variants)` reports it.
public struct StreamVariant: Sendable, Equatable, Codable {
    /// BANDWIDTH: peak bits per second.
    public var bandwidth: Int
    /// AVERAGE-BANDWIDTH, when stated.
    public var averageBandwidth: Int?
    /// RESOLUTION as "WxH", when stated.
    public var resolution: String?
    /// CODECS as written (comma-separated), when stated.
    public var codecs: String?
    /// FRAME-RATE, when stated.
    public var frameRate: Double?
    /// The media playlist's absolute URI.
    public var uri: String

    private enum CodingKeys: String, CodingKey {
        case bandwidth, averageBandwidth, resolution, codecs, frameRate, uri
    }

    /// Encodes every key, absent values as null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bandwidth, forKey: .bandwidth)
        try container.encode(averageBandwidth, forKey: .averageBandwidth)
        try container.encode(resolution, forKey: .resolution)
        try container.encode(codecs, forKey: .codecs)
        try container.encode(frameRate, forKey: .frameRate)
        try container.encode(uri, forKey: .uri)
    }
}

/// One rendition (EXT-X-MEDIA) of an HLS multivariant playlist, as `load(.renditions)`
/// reports it.
public struct StreamRendition: Sendable, Equatable, Codable {
    /// TYPE: AUDIO, VIDEO, SUBTITLES or CLOSED-CAPTIONS.
    public var type: String
    /// GROUP-ID.
    public var groupID: String
    /// LANGUAGE, when stated.
    public var language: String?
    /// NAME.
    public var name: String
    /// DEFAULT=YES.
    public var isDefault: Bool
    /// AUTOSELECT=YES.
    public var autoselect: Bool
    /// URI (absolute), when the rendition has its own playlist.
    public var uri: String?

    private enum CodingKeys: String, CodingKey {
        case type, groupID, language, name, isDefault = "default", autoselect, uri
    }

    /// Encodes every key, absent values as null; `isDefault` as "default".
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(type, forKey: .type)
        try container.encode(groupID, forKey: .groupID)
        try container.encode(language, forKey: .language)
        try container.encode(name, forKey: .name)
        try container.encode(isDefault, forKey: .isDefault)
        try container.encode(autoselect, forKey: .autoselect)
        try container.encode(uri, forKey: .uri)
    }
}

extension AssetProperty where Value == [StreamVariant] {
    /// The variants of an HLS presentation (empty for anything else).
    public static var variants: AssetProperty<[StreamVariant]> { .init("variants") }
}

extension AssetProperty where Value == [StreamRendition] {
    /// The renditions of an HLS presentation (empty for anything else).
    public static var renditions: AssetProperty<[StreamRendition]> { .init("renditions") }
}

extension HLSPresentation {
    var streamVariants: [StreamVariant] {
        variants.map { variant in
            StreamVariant(
                bandwidth: variant.bandwidth, averageBandwidth: variant.averageBandwidth,
                resolution: variant.resolution?.description,
                codecs: variant.codecs.isEmpty ? nil : variant.codecs.joined(separator: ","),
                frameRate: variant.frameRate, uri: variant.uri.absoluteString)
        }
    }

    var streamRenditions: [StreamRendition] {
        (multivariant?.renditions ?? []).map { rendition in
            StreamRendition(
                type: rendition.type.rawValue, groupID: rendition.groupID, language: rendition.language,
                name: rendition.name, isDefault: rendition.isDefault, autoselect: rendition.isAutoselect,
                uri: rendition.uri?.absoluteString)
        }
    }
}

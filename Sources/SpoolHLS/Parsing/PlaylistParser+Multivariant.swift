import Foundation
import SpoolCore

/// The state of a multivariant playlist being parsed.
struct MultivariantBuilder {
    var variants: [Variant] = []
    var iFrameVariants: [Variant] = []
    var renditions: [Rendition] = []
    var sessionData: [SessionData] = []
    var sessionKeys: [EncryptionKey] = []
    var contentSteering: ContentSteering?
    /// An EXT-X-STREAM-INF waiting for its URI line, and the tag's line.
    var pendingVariant: (variant: Variant, line: Int)?
}

/// Multivariant playlist tags.
extension PlaylistParser {
    /// Tags only a multivariant playlist may contain.
    static let multivariantTags: Set<String> = [
        "EXT-X-STREAM-INF", "EXT-X-I-FRAME-STREAM-INF", "EXT-X-MEDIA", "EXT-X-SESSION-DATA", "EXT-X-SESSION-KEY",
        "EXT-X-CONTENT-STEERING",
    ]

    mutating func handleMultivariantTag(_ name: String, _ value: Range<Int>) throws(PlaylistParseError) {
        let list = try attributes(name, value)
        let metadataLimit = limits.maxMetadataEntries
        switch name {
        case "EXT-X-STREAM-INF":
            if let pending = multivariant.pendingVariant {
                throw PlaylistParseError(line: pending.line, problem: .missingURI(tag: name))
            }
            try checkCount(multivariant.variants.count, limits.maxVariants, PlaylistLimits.Limit.variants)
            multivariant.pendingVariant = (try variant(list, uri: url, isIFrame: false), line)
        case "EXT-X-I-FRAME-STREAM-INF":
            try checkCount(multivariant.iFrameVariants.count, limits.maxVariants, PlaylistLimits.Limit.variants)
            let uri = try list.required(uriAttribute(list, "URI"), "URI")
            multivariant.iFrameVariants.append(try variant(list, uri: uri, isIFrame: true))
        case "EXT-X-MEDIA":
            try checkCount(multivariant.renditions.count, limits.maxVariants, PlaylistLimits.Limit.variants)
            multivariant.renditions.append(try rendition(list))
        case "EXT-X-SESSION-DATA":
            try checkCount(multivariant.sessionData.count, metadataLimit, PlaylistLimits.Limit.metadataEntries)
            multivariant.sessionData.append(try sessionData(list))
        case "EXT-X-SESSION-KEY":
            try checkCount(multivariant.sessionKeys.count, metadataLimit, PlaylistLimits.Limit.metadataEntries)
            multivariant.sessionKeys.append(try encryptionKey(list))
        case "EXT-X-CONTENT-STEERING":
            multivariant.contentSteering = ContentSteering(
                serverURI: try list.required(uriAttribute(list, "SERVER-URI"), "SERVER-URI"),
                pathwayID: try list.quotedString("PATHWAY-ID"))
        default:
            break
        }
    }

    /// A URI line in a multivariant playlist: completes the EXT-X-STREAM-INF before it.
    mutating func handleVariantURI(_ range: Range<Int>) throws(PlaylistParseError) {
        guard var pending = multivariant.pendingVariant?.variant else {
            throw failure(.unexpectedURI(String(decoding: bytes[range], as: UTF8.self)))
        }
        pending.uri = try uriLine(range)
        multivariant.variants.append(pending)
        multivariant.pendingVariant = nil
    }

    mutating func finishMultivariant() throws(PlaylistParseError) -> MultivariantPlaylist {
        if let pending = multivariant.pendingVariant {
            throw PlaylistParseError(line: pending.line, problem: .missingURI(tag: "EXT-X-STREAM-INF"))
        }
        return MultivariantPlaylist(
            url: url, version: version, variants: multivariant.variants, iFrameVariants: multivariant.iFrameVariants,
            renditions: multivariant.renditions, sessionData: multivariant.sessionData,
            sessionKeys: multivariant.sessionKeys, hasIndependentSegments: hasIndependentSegments, start: start,
            contentSteering: multivariant.contentSteering, definitions: variables.values)
    }

    private func variant(_ list: AttributeList, uri: URL, isIFrame: Bool) throws(PlaylistParseError) -> Variant {
        var closedCaptions: Variant.ClosedCaptions?
        if let attribute = list.attribute("CLOSED-CAPTIONS"), !isIFrame {
            if attribute.isQuoted {
                closedCaptions = .group(attribute.value)
            } else if attribute.value == "NONE" {
                closedCaptions = Variant.ClosedCaptions.none
            } else {
                throw list.invalid(attribute, expected: .format("a quoted-string or NONE"))
            }
        }
        return Variant(
            uri: uri, bandwidth: try list.required(list.decimalInteger("BANDWIDTH"), "BANDWIDTH"),
            averageBandwidth: try list.decimalInteger("AVERAGE-BANDWIDTH"), score: try list.decimalFloat("SCORE"),
            codecs: try list.quotedList("CODECS") ?? [],
            supplementalCodecs: try list.quotedList("SUPPLEMENTAL-CODECS") ?? [],
            resolution: try list.resolution("RESOLUTION"),
            frameRate: isIFrame ? nil : try list.decimalFloat("FRAME-RATE"),
            hdcpLevel: try list.enumeratedString("HDCP-LEVEL").map(Variant.HDCPLevel.init(rawValue:)),
            videoRange: try list.enumeratedString("VIDEO-RANGE").map(Variant.VideoRange.init(rawValue:)),
            audioGroupID: isIFrame ? nil : try list.quotedString("AUDIO"), videoGroupID: try list.quotedString("VIDEO"),
            subtitlesGroupID: isIFrame ? nil : try list.quotedString("SUBTITLES"), closedCaptions: closedCaptions,
            pathwayID: try list.quotedString("PATHWAY-ID") ?? ".",
            stableVariantID: try list.quotedString("STABLE-VARIANT-ID"))
    }

    private mutating func rendition(_ list: AttributeList) throws(PlaylistParseError) -> Rendition {
        let type = try list.required(list.enumeration("TYPE", as: Rendition.MediaType.self), "TYPE")
        let instreamID = try list.quotedString("INSTREAM-ID")
        if type == .closedCaptions {
            guard list.attribute("URI") == nil else {
                throw failure(.conflictingAttributes(tag: list.tag, attributes: ["URI", "TYPE=CLOSED-CAPTIONS"]))
            }
            _ = try list.required(instreamID, "INSTREAM-ID")
        }
        return Rendition(
            type: type, uri: try uriAttribute(list, "URI"),
            groupID: try list.required(list.quotedString("GROUP-ID"), "GROUP-ID"),
            language: try list.quotedString("LANGUAGE"), associatedLanguage: try list.quotedString("ASSOC-LANGUAGE"),
            name: try list.required(list.quotedString("NAME"), "NAME"),
            stableRenditionID: try list.quotedString("STABLE-RENDITION-ID"),
            isDefault: try list.flag("DEFAULT") ?? false,
            isAutoselect: try list.flag("AUTOSELECT") ?? false, isForced: try list.flag("FORCED") ?? false,
            instreamID: instreamID, characteristics: try list.quotedList("CHARACTERISTICS") ?? [],
            channels: try list.quotedString("CHANNELS"))
    }

    private mutating func sessionData(_ list: AttributeList) throws(PlaylistParseError) -> SessionData {
        let value = try list.quotedString("VALUE")
        let uri = try uriAttribute(list, "URI")
        guard (value == nil) != (uri == nil) else {
            throw failure(.conflictingAttributes(tag: list.tag, attributes: ["VALUE", "URI"]))
        }
        return SessionData(
            id: try list.required(list.quotedString("DATA-ID"), "DATA-ID"), value: value, uri: uri,
            format: try list.enumeration("FORMAT", as: SessionData.Format.self) ?? .json,
            language: try list.quotedString("LANGUAGE"))
    }
}

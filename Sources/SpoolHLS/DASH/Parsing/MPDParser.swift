public import Foundation
import SpoolCore

extension MPD {
    /// Parses the MPD in `data`, fetched from `url`.
    ///
    /// Guarantees: the input is bounded by `limits` (size, depth, element and attribute counts,
    /// value lengths), document type declarations and undefined entities are rejected, numbers
    /// are checked (no negative counts, nothing beyond 64 bits, timescales and durations at
    /// least 1), templates are checked, and every BaseURL, Location and license URL is
    /// resolved and allowed by `URIPolicy(playlistURL: url)` (only `http`/`https`, and `file`
    /// when the MPD itself is a file). Any violation throws, naming the element.
    public static func parse(_ data: Data, url: URL, limits: MPDLimits = .default) throws(MPDParseError) -> MPD {
        guard data.count <= limits.maxBytes else {
            throw MPDParseError(element: nil, problem: .limitExceeded(.bytes(limits.maxBytes)))
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw MPDParseError(element: nil, problem: .notUTF8)
        }
        let root: XMLElement
        do {
            root = try XMLTokenizer.parse(bytes, limits: limits.xml)
        } catch {
            throw MPDParseError(element: nil, problem: MPDParseError.Problem(error))
        }
        guard root.name == "MPD" else { throw MPDParseError(element: nil, problem: .notMPD(root.name)) }
        let parser = MPDParser(url: url, policy: URIPolicy(playlistURL: url))
        return try parser.mpd(root)
    }
}

/// Turns the XML tree of an MPD into the model; see `MPD.parse` for the guarantees.
struct MPDParser {
    let url: URL
    let policy: URIPolicy

    func mpd(_ element: XMLElement) throws(MPDParseError) -> MPD {
        let values = ElementValues(element: element, path: "MPD")
        let type: MPD.PresentationType
        switch values["type"] ?? "static" {
        case "static": type = .static
        case "dynamic": type = .dynamic
        case let other:
            throw values.error(.invalidValue(attribute: "type", expected: "static or dynamic", found: other))
        }
        let availabilityStartTime = try values.date("availabilityStartTime")
        if type == .dynamic, availabilityStartTime == nil {
            throw values.error(.missingAttribute("availabilityStartTime"))
        }
        let baseURLs = try resolveBaseURLs(element, against: [url], path: values.path)
        var locations: [URL] = []
        for (index, location) in element.children(named: "Location").enumerated() {
            locations.append(try resolve(location.text, against: url, path: "MPD/Location[\(index)]"))
        }
        let utcTimings = try element.children(named: "UTCTiming").enumerated().map {
            (index, timing) throws(MPDParseError) in
            try descriptor(timing, path: "MPD/UTCTiming[\(index)]")
        }
        let mediaPresentationDuration = try values.duration("mediaPresentationDuration")
        var periods: [Period] = []
        let periodElements = element.children(named: "Period")
        for (index, periodElement) in periodElements.enumerated() {
            let previousEnd = periods.last.flatMap { previous in
                previous.duration.flatMap { d in previous.start.map { $0 + d } }
            }
            let fallbackStart: Double? = index == 0 && type == .static ? 0 : previousEnd
            periods.append(
                try period(
                    periodElement, path: "MPD/Period[\(index)]", fallbackStart: fallbackStart, parentBases: baseURLs))
        }
        // Durations of periods without one: up to the next period's start, or the presentation's end.
        for index in periods.indices where periods[index].duration == nil {
            guard let start = periods[index].start else { continue }
            let end = index + 1 < periods.count ? periods[index + 1].start : mediaPresentationDuration
            if let end, end >= start { periods[index].duration = end - start }
        }
        let profileList: String = values["profiles"] ?? ""
        let profiles = profileList.split(separator: ",").map { String(String($0).trimmingWhitespace) }
        return MPD(
            url: url, type: type,
            profiles: profiles,
            mediaPresentationDuration: mediaPresentationDuration,
            minBufferTime: try values.duration("minBufferTime"),
            availabilityStartTime: availabilityStartTime, publishTime: try values.date("publishTime"),
            timeShiftBufferDepth: try values.duration("timeShiftBufferDepth"),
            minimumUpdatePeriod: try values.duration("minimumUpdatePeriod"),
            suggestedPresentationDelay: try values.duration("suggestedPresentationDelay"),
            maxSegmentDuration: try values.duration("maxSegmentDuration"),
            baseURLs: baseURLs, locations: locations, utcTimings: utcTimings, periods: periods)
    }

    private func period(_ element: XMLElement, path: String, fallbackStart: Double?, parentBases: [URL])
        throws(MPDParseError) -> Period
    {
        let values = ElementValues(element: element, path: path)
        let baseURLs = try resolveBaseURLs(element, against: parentBases, path: path)
        let levels = SegmentLevels(period: element)
        var adaptationSets: [AdaptationSet] = []
        for (index, set) in element.children(named: "AdaptationSet").enumerated() {
            adaptationSets.append(
                try adaptationSet(set, path: "\(path)/AdaptationSet[\(index)]", levels: levels, parentBases: baseURLs))
        }
        var eventStreams: [EventStream] = []
        for (index, stream) in element.children(named: "EventStream").enumerated() {
            eventStreams.append(try eventStream(stream, path: "\(path)/EventStream[\(index)]"))
        }
        return Period(
            id: values["id"], start: try values.duration("start") ?? fallbackStart,
            duration: try values.duration("duration"),
            baseURLs: baseURLs, adaptationSets: adaptationSets, eventStreams: eventStreams)
    }

    private func adaptationSet(_ element: XMLElement, path: String, levels: SegmentLevels, parentBases: [URL])
        throws(MPDParseError) -> AdaptationSet
    {
        let values = ElementValues(element: element, path: path)
        let baseURLs = try resolveBaseURLs(element, against: parentBases, path: path)
        let protections = try contentProtections(element, path: path, base: baseURLs.first ?? url)
        let setLevels = levels.adding(element)
        var representations: [Representation] = []
        for (index, child) in element.children(named: "Representation").enumerated() {
            representations.append(
                try representation(
                    child, path: "\(path)/Representation[\(index)]", set: element, levels: setLevels.adding(child),
                    inheritedProtections: protections, parentBases: baseURLs))
        }
        let mimeType = values["mimeType"]
        let inferredType = mimeType.flatMap { $0.split(separator: "/").first.map(String.init) }
            .flatMap { ["video", "audio", "text"].contains($0) ? $0 : nil }
        return AdaptationSet(
            id: values["id"], contentType: values["contentType"] ?? inferredType, mimeType: mimeType,
            codecs: values["codecs"], language: values["lang"],
            roles: try descriptors(element, named: "Role", path: path),
            accessibility: try descriptors(element, named: "Accessibility", path: path),
            contentProtections: protections, baseURLs: baseURLs, representations: representations)
    }

    private func representation(
        _ element: XMLElement, path: String, set: XMLElement, levels: SegmentLevels,
        inheritedProtections: [ContentProtection], parentBases: [URL]
    ) throws(MPDParseError) -> Representation {
        let values = ElementValues(element: element, path: path)
        let setValues = ElementValues(element: set, path: path)
        guard let id = values["id"] else { throw values.error(.missingAttribute("id")) }
        guard let bandwidth = try values.integer("bandwidth") else {
            throw values.error(.missingAttribute("bandwidth"))
        }
        let own = try resolveBaseURLs(element, against: parentBases, path: path)
        let baseURLs = element.child(named: "BaseURL") == nil ? parentBases : own
        let protections = try contentProtections(element, path: path, base: baseURLs.first ?? url)
        let width = try values.integer("width")
        let height = try values.integer("height")
        let setWidth = try setValues.integer("width")
        let setHeight = try setValues.integer("height")
        return Representation(
            id: id, bandwidth: bandwidth, codecs: values["codecs"] ?? setValues["codecs"],
            mimeType: values["mimeType"] ?? setValues["mimeType"],
            width: (width ?? setWidth).map { Int(clamping: $0) },
            height: (height ?? setHeight).map { Int(clamping: $0) },
            frameRate: values["frameRate"] ?? setValues["frameRate"],
            audioSamplingRate: values["audioSamplingRate"] ?? setValues["audioSamplingRate"],
            contentProtections: protections + inheritedProtections, baseURLs: baseURLs,
            addressing: try levels.addressing(path: path, hasBaseURL: baseURLs != [url]))
    }

    private func eventStream(_ element: XMLElement, path: String) throws(MPDParseError) -> EventStream {
        let values = ElementValues(element: element, path: path)
        guard let scheme = values["schemeIdUri"] else { throw values.error(.missingAttribute("schemeIdUri")) }
        var events: [EventStream.Event] = []
        for (index, event) in element.children(named: "Event").enumerated() {
            let eventValues = ElementValues(element: event, path: "\(path)/Event[\(index)]")
            events.append(
                EventStream.Event(
                    presentationTime: try eventValues.integer("presentationTime") ?? 0,
                    duration: try eventValues.integer("duration"), id: eventValues["id"],
                    message: eventValues["messageData"] ?? event.text))
        }
        return EventStream(
            schemeIDURI: scheme, value: values["value"], timescale: try values.integer("timescale", minimum: 1) ?? 1,
            presentationTimeOffset: try values.integer("presentationTimeOffset") ?? 0, events: events)
    }

    // MARK: Descriptors and URLs

    private func descriptors(_ element: XMLElement, named name: String, path: String) throws(MPDParseError)
        -> [Descriptor]
    {
        var result: [Descriptor] = []
        for (index, child) in element.children(named: name).enumerated() {
            result.append(try descriptor(child, path: "\(path)/\(name)[\(index)]"))
        }
        return result
    }

    private func descriptor(_ element: XMLElement, path: String) throws(MPDParseError) -> Descriptor {
        let values = ElementValues(element: element, path: path)
        guard let scheme = values["schemeIdUri"] else { throw values.error(.missingAttribute("schemeIdUri")) }
        return Descriptor(schemeIDURI: scheme, value: values["value"], id: values["id"])
    }

    private func contentProtections(_ element: XMLElement, path: String, base: URL) throws(MPDParseError)
        -> [ContentProtection]
    {
        var result: [ContentProtection] = []
        for (index, child) in element.children(named: "ContentProtection").enumerated() {
            let childPath = "\(path)/ContentProtection[\(index)]"
            let values = ElementValues(element: child, path: childPath)
            guard let scheme = values["schemeIdUri"] else { throw values.error(.missingAttribute("schemeIdUri")) }
            var keyID = values["default_KID"]?.trimmingWhitespace.lowercased()
            if let id = keyID {
                let hex = id.filter { $0 != "-" }
                guard hex.count == 32, hex.allSatisfy(\.isHexDigit) else {
                    throw values.error(
                        .invalidValue(attribute: "cenc:default_KID", expected: "a key ID (UUID)", found: id))
                }
                keyID = id
            }
            let laurl = child.child(named: "laurl") ?? child.child(named: "Laurl")
            let license = try laurl.map { (element) throws(MPDParseError) in
                try resolve(element.text, against: base, path: childPath + "/Laurl")
            }
            result.append(
                ContentProtection(
                    schemeIDURI: scheme.lowercased(), value: values["value"], defaultKeyID: keyID, licenseURL: license,
                    pssh: child.child(named: "pssh").map { String($0.text.trimmingWhitespace) }))
        }
        return result
    }

    /// The element's BaseURLs, each resolved against the first of the parent's; the parent's
    /// when it has none.
    private func resolveBaseURLs(_ element: XMLElement, against parent: [URL], path: String) throws(MPDParseError)
        -> [URL]
    {
        let base = parent.first ?? url
        let children = element.children(named: "BaseURL")
        guard !children.isEmpty else { return parent }
        var result: [URL] = []
        for (index, child) in children.enumerated() {
            result.append(try resolve(child.text, against: base, path: "\(path)/BaseURL[\(index)]"))
        }
        return result
    }

    /// `reference` resolved against `base`, allowed by the policy.
    func resolve(_ reference: String, against base: URL, path: String) throws(MPDParseError) -> URL {
        let trimmed = String(reference.trimmingWhitespace)
        guard let resolved = URL(string: trimmed, relativeTo: base)?.absoluteURL else {
            throw MPDParseError(element: path, problem: .invalidURI(trimmed))
        }
        guard policy.allows(resolved) else {
            throw MPDParseError(element: path, problem: .disallowedScheme(trimmed))
        }
        return resolved
    }
}

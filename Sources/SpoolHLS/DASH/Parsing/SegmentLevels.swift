import SpoolCore

/// The elements a representation inherits segment information from (Period, AdaptationSet,
/// Representation, least specific first), and the merge of them: the most specific level
/// that has a SegmentTemplate, SegmentList or SegmentBase picks the kind; that kind's
/// attributes merge across levels with the more specific winning, and its child elements
/// (SegmentTimeline, Initialization, SegmentURL) come from the most specific level that has them.
struct SegmentLevels {
    private var levels: [XMLElement] = []

    init(period: XMLElement) { levels = [period] }

    private init(levels: [XMLElement]) { self.levels = levels }

    func adding(_ element: XMLElement) -> SegmentLevels { SegmentLevels(levels: levels + [element]) }

    func addressing(path: String, hasBaseURL: Bool) throws(MPDParseError) -> SegmentAddressing {
        let kinds = ["SegmentTemplate", "SegmentList", "SegmentBase"]
        guard
            let kind = levels.reversed().lazy.compactMap({ level in kinds.first { level.child(named: $0) != nil } })
                .first
        else {
            guard hasBaseURL else { throw MPDParseError(element: path, problem: .noSegmentInformation) }
            return .single
        }
        let merged = merge(kind)
        let values = ElementValues(element: merged, path: "\(path)/\(kind)")
        let timescale = try values.integer("timescale", minimum: 1) ?? 1
        let offset = try values.integer("presentationTimeOffset") ?? 0
        switch kind {
        case "SegmentTemplate":
            for name in ["media", "initialization", "index"] {
                if let template = values[name] { try SegmentURLTemplate.validate(template, path: values.path) }
            }
            let startNumber = try values.integer("startNumber") ?? 1
            let template = SegmentTemplate(
                media: values["media"], initialization: values["initialization"], index: values["index"],
                timescale: timescale, duration: try values.integer("duration", minimum: 1), startNumber: startNumber,
                endNumber: try values.integer("endNumber"), presentationTimeOffset: offset,
                timeline: try timeline(merged, path: values.path))
            if template.media == nil { throw values.error(.missingAttribute("media")) }
            if template.duration == nil, template.timeline == nil {
                throw values.error(.missingAttribute("duration (or a SegmentTimeline)"))
            }
            return .template(template)
        case "SegmentList":
            var segments: [URLRange] = []
            for (index, child) in merged.children(named: "SegmentURL").enumerated() {
                let urlValues = ElementValues(element: child, path: "\(values.path)/SegmentURL[\(index)]")
                segments.append(URLRange(url: urlValues["media"], range: try urlValues.byteRange("mediaRange")))
            }
            return .list(
                SegmentList(
                    timescale: timescale, duration: try values.integer("duration", minimum: 1),
                    startNumber: try values.integer("startNumber") ?? 1, presentationTimeOffset: offset,
                    initialization: try initialization(merged, path: values.path), segments: segments,
                    timeline: try timeline(merged, path: values.path)))
        default:
            return .base(
                SegmentBase(
                    timescale: timescale, presentationTimeOffset: offset,
                    indexRange: try values.byteRange("indexRange"),
                    initialization: try initialization(merged, path: values.path)))
        }
    }

    /// One element of `kind` with the attributes of every level merged and the children of the
    /// most specific level that has each child kind.
    private func merge(_ kind: String) -> XMLElement {
        var merged = XMLElement(name: kind)
        for level in levels {
            guard let element = level.child(named: kind) else { continue }
            merged.attributes.merge(element.attributes) { _, specific in specific }
            for childName in Set(element.children.map(\.name)) {
                merged.children.removeAll { $0.name == childName }
                merged.children += element.children(named: childName)
            }
        }
        return merged
    }

    private func initialization(_ element: XMLElement, path: String) throws(MPDParseError) -> URLRange? {
        guard let child = element.child(named: "Initialization") else { return nil }
        let values = ElementValues(element: child, path: "\(path)/Initialization")
        return URLRange(url: values["sourceURL"], range: try values.byteRange("range"))
    }

    private func timeline(_ element: XMLElement, path: String) throws(MPDParseError) -> SegmentTimeline? {
        guard let timeline = element.child(named: "SegmentTimeline") else { return nil }
        var entries: [SegmentTimeline.Entry] = []
        for (index, entry) in timeline.children(named: "S").enumerated() {
            let values = ElementValues(element: entry, path: "\(path)/SegmentTimeline/S[\(index)]")
            guard let duration = try values.integer("d", minimum: 1) else { throw values.error(.missingAttribute("d")) }
            entries.append(
                SegmentTimeline.Entry(
                    time: try values.integer("t"), duration: duration,
                    repeatCount: try values.integer("r", minimum: -1) ?? 0))
        }
        return SegmentTimeline(entries: entries)
    }
}

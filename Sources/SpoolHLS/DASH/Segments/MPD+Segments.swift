import Foundation

extension MPD {
    /// The segments of `representation` (of `period`) that overlap `window`, in order, each
    /// with its URL, byte range, number and exact times.
    ///
    /// `window` is in seconds relative to the period's start; `nil` means the whole period.
    /// Exact for SegmentTimeline (including `r="-1"`, repeated up to the next `S@t` or the
    /// period's end) and for SegmentTemplate@duration (segment k covers `[k·d, (k+1)·d)`).
    /// Throws `unboundedSegments` when the end is unknown (a live period without a window),
    /// `limitExceeded(.segments)` beyond `limits.maxSegments`, `arithmeticOverflow` when a
    /// number or time leaves 64 bits, and `disallowedScheme` for a URL the policy refuses.
    public func segments(
        of representation: Representation, in period: Period, window: Range<Double>? = nil,
        limits: MPDLimits = .default
    ) throws(MPDParseError) -> [MPDSegment] {
        var expansion = SegmentExpansion(
            mpd: self, representation: representation, period: period, window: window, limits: limits)
        return try expansion.segments()
    }

    /// The initialization section of `representation`, when it has one (`SegmentTemplate@initialization`,
    /// an `Initialization` element); `nil` for a single file without one.
    public func initialization(of representation: Representation, in period: Period) throws(MPDParseError)
        -> MPDSegment?
    {
        let expansion = SegmentExpansion(
            mpd: self, representation: representation, period: period, window: nil, limits: .default)
        return try expansion.initialization()
    }
}

/// One listing of a representation's segments; see `MPD.segments(of:in:window:limits:)`.
struct SegmentExpansion {
    let mpd: MPD
    let representation: Representation
    let period: Period
    let window: Range<Double>?
    let limits: MPDLimits
    private let path: String
    private let math: CheckedArithmetic
    private var output: [MPDSegment] = []

    init(mpd: MPD, representation: Representation, period: Period, window: Range<Double>?, limits: MPDLimits) {
        self.mpd = mpd
        self.representation = representation
        self.period = period
        self.window = window
        self.limits = limits
        path = "Representation \(PlaylistParseError.Problem.excerpt(representation.id))"
        math = CheckedArithmetic(path: path)
    }

    private var base: URL { representation.baseURLs.first ?? mpd.url }
    private var periodStart: Double { period.start ?? 0 }

    mutating func segments() throws(MPDParseError) -> [MPDSegment] {
        switch representation.addressing {
        case .template(let template):
            if let timeline = template.timeline {
                let namer = self
                try expand(
                    timeline, timescale: template.timescale, offset: template.presentationTimeOffset,
                    startNumber: template.startNumber
                ) { number, time throws(MPDParseError) in
                    (try namer.url(template.media ?? "", number: number, time: time), nil)
                }
            } else if let duration = template.duration {
                try expandUniform(template, duration: duration)
            }
        case .list(let list):
            try expandList(list)
        case .base(let segmentBase):
            try single(timescale: segmentBase.timescale, offset: segmentBase.presentationTimeOffset)
        case .single:
            try single(timescale: 1, offset: 0)
        }
        return output
    }

    func initialization() throws(MPDParseError) -> MPDSegment? {
        let timescale: Int64
        let resource: (String?, ByteRange?)
        switch representation.addressing {
        case .template(let template):
            guard let initialization = template.initialization else { return nil }
            return segment(try url(initialization, number: nil, time: nil), nil, nil, 0, 0, template.timescale, 0)
        case .list(let list):
            guard let initialization = list.initialization else { return nil }
            (timescale, resource) = (list.timescale, (initialization.url, initialization.range))
        case .base(let segmentBase):
            guard let initialization = segmentBase.initialization else { return nil }
            (timescale, resource) = (segmentBase.timescale, (initialization.url, initialization.range))
        case .single:
            return nil
        }
        return segment(try resolve(resource.0), resource.1, nil, 0, 0, timescale, 0)
    }

    // MARK: Kinds

    /// The segments of a timeline inside the window, `resource` giving each one's URL and range
    /// from its number and time.
    private mutating func expand(
        _ timeline: SegmentTimeline, timescale: Int64, offset: Int64, startNumber: Int64,
        resource: (Int64, Int64) throws(MPDParseError) -> (URL, ByteRange?)
    ) throws(MPDParseError) {
        let bounds = try windowUnits(timescale: timescale, offset: offset)
        var cursor: Int64 = 0
        var number = startNumber
        for (index, entry) in timeline.entries.enumerated() {
            let start = entry.time ?? cursor
            var count: Int64
            if entry.repeatCount >= 0 {
                count = try math.add(entry.repeatCount, 1, "S@r + 1")
            } else {
                let end: Int64
                if index + 1 < timeline.entries.count, let next = timeline.entries[index + 1].time {
                    end = next
                } else if let limit = bounds.periodEnd ?? bounds.windowEnd {
                    end = limit
                } else {
                    throw MPDParseError(element: path, problem: .unboundedSegments)
                }
                let span = max(0, end - start)
                count = span / entry.duration + (span % entry.duration == 0 ? 0 : 1)
            }
            let runEnd = try math.add(start, try math.multiply(count, entry.duration, "S@d × (S@r + 1)"), "S@t + run")
            // Only the part of the run inside the window and the period.
            var first: Int64 = 0
            var last = count
            if let from = bounds.windowStart, from > start { first = min(count, (from - start) / entry.duration) }
            if let to = bounds.windowEnd ?? bounds.periodEnd, to < runEnd {
                let span = max(0, to - start)
                last = min(count, span / entry.duration + (span % entry.duration == 0 ? 0 : 1))
            }
            if last > first {
                try reserve(last - first)
                for position in first..<last {
                    let time = start + position * entry.duration
                    let segmentNumber = try math.add(number, position, "$Number$")
                    let (url, range) = try resource(segmentNumber, time)
                    output.append(segment(url, range, segmentNumber, time, entry.duration, timescale, offset))
                }
            }
            number = try math.add(number, count, "$Number$")
            cursor = runEnd
        }
    }

    private mutating func expandUniform(_ template: SegmentTemplate, duration: Int64) throws(MPDParseError) {
        let timescale = template.timescale
        let offset = template.presentationTimeOffset
        let bounds = try windowUnits(timescale: timescale, offset: offset)
        guard let end = bounds.windowEnd ?? bounds.periodEnd else {
            throw MPDParseError(element: path, problem: .unboundedSegments)
        }
        let relativeEnd = max(0, end - offset)
        var last = relativeEnd / duration + (relativeEnd % duration == 0 ? 0 : 1)
        if let periodEnd = bounds.periodEnd {
            let span = max(0, periodEnd - offset)
            last = min(last, span / duration + (span % duration == 0 ? 0 : 1))
        }
        if let endNumber = template.endNumber {
            // Both are non-negative, so the difference fits; the count after it may not.
            let span = endNumber - template.startNumber
            if span < 0 { last = 0 } else if span < Int64.max { last = min(last, span + 1) }
        }
        let first = max(0, ((bounds.windowStart ?? offset) - offset) / duration)
        guard last > first else { return }
        try reserve(last - first)
        for index in first..<last {
            let number = try math.add(template.startNumber, index, "$Number$")
            let time = try math.add(offset, try math.multiply(index, duration, "$Time$"), "$Time$")
            let url = try url(template.media ?? "", number: number, time: time)
            output.append(segment(url, nil, number, time, duration, timescale, offset))
        }
    }

    private mutating func expandList(_ list: SegmentList) throws(MPDParseError) {
        try reserve(Int64(list.segments.count))
        var time = list.presentationTimeOffset
        var durations: [Int64] = []
        if let timeline = list.timeline {
            var scratch = SegmentExpansion(
                mpd: mpd, representation: representation, period: period, window: nil, limits: limits)
            try scratch.expand(
                timeline, timescale: list.timescale, offset: list.presentationTimeOffset,
                startNumber: list.startNumber
            ) { _, _ throws(MPDParseError) in (base, nil) }
            durations = scratch.output.map(\.duration)
            time = scratch.output.first?.time ?? time
        }
        let single = list.segments.count == 1 ? try windowUnits(timescale: list.timescale, offset: 0).periodEnd : nil
        for (index, entry) in list.segments.enumerated() {
            let duration = index < durations.count ? durations[index] : (list.duration ?? single ?? 0)
            let number = try math.add(list.startNumber, Int64(index), "$Number$")
            let item = segment(
                try resolve(entry.url), entry.range, number, time, duration, list.timescale,
                list.presentationTimeOffset)
            time = try math.add(time, duration, "segment time")
            if let window, item.end - periodStart <= window.lowerBound || item.start - periodStart >= window.upperBound
            {
                continue
            }
            output.append(item)
        }
    }

    private mutating func single(timescale: Int64, offset: Int64) throws(MPDParseError) {
        let duration = try windowUnits(timescale: timescale, offset: 0).periodEnd ?? 0
        output.append(segment(base, nil, nil, offset, duration, timescale, offset))
    }

    // MARK: Helpers

    private struct Bounds {
        var windowStart: Int64?
        var windowEnd: Int64?
        var periodEnd: Int64?
    }

    /// The window and the period's end in media time units (offset added).
    private func windowUnits(timescale: Int64, offset: Int64) throws(MPDParseError) -> Bounds {
        var bounds = Bounds()
        if let window {
            bounds.windowStart = try math.add(offset, try math.units(max(0, window.lowerBound), timescale), "window")
            bounds.windowEnd = try math.add(
                offset, try math.units(max(0, window.upperBound), timescale, roundUp: true), "window")
        }
        if let duration = period.duration {
            bounds.periodEnd = try math.add(offset, try math.units(duration, timescale, roundUp: true), "period end")
        }
        return bounds
    }

    private mutating func reserve(_ count: Int64) throws(MPDParseError) {
        guard count <= Int64(limits.maxSegments - output.count) else {
            throw MPDParseError(element: path, problem: .limitExceeded(.segments(limits.maxSegments)))
        }
    }

    private func segment(
        _ url: URL, _ range: ByteRange?, _ number: Int64?, _ time: Int64, _ duration: Int64, _ timescale: Int64,
        _ offset: Int64
    ) -> MPDSegment {
        MPDSegment(
            url: url, byteRange: range, number: number, time: time, duration: duration, timescale: timescale,
            start: periodStart + Double(time - offset) / Double(timescale))
    }

    private func url(_ template: String, number: Int64?, time: Int64?) throws(MPDParseError) -> URL {
        let values = SegmentURLTemplate.Values(
            representationID: representation.id, bandwidth: representation.bandwidth, number: number, time: time)
        return try resolve(try SegmentURLTemplate.expand(template, values, path: path))
    }

    private func resolve(_ reference: String?) throws(MPDParseError) -> URL {
        guard let reference else { return base }
        return try MPDParser(url: mpd.url, policy: URIPolicy(playlistURL: mpd.url)).resolve(
            reference, against: base, path: path)
    }
}

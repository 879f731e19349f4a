import Foundation
import SpoolCore

/// The download thread's state and decisions: where it is, which variant, which playlists,
/// keys and init sections it holds, what failed. Used only on the stream's thread.
struct SegmentFetchSession {
    enum Outcome {
        case segment(LoadedSegment)
        case end
        case failed(HLSError)
        case retryLater
        /// Live: the next segment is not listed yet, and the playlist may not be reloaded
        /// before this time (on the stream's clock).
        case notListedUntil(Duration)
        case cancelled
    }

    private let stream: HLSSegmentStream
    private let variants: [Variant]
    private let isLive: Bool
    private var playlists: [Int: MediaPlaylist] = [:]
    private var single: MediaPlaylist?
    /// Per variant: when its playlist was last loaded, and whether that reload changed it.
    private var reloads: [Int: (at: Duration, changed: Bool)] = [:]
    /// Per variant: when a reload last changed its live playlist (or it was first loaded).
    private var lastLiveChange: [Int: Duration] = [:]
    private var estimator = ThroughputEstimator()
    private var controller: AdaptiveBitrateController?
    /// Redundant copies (same attributes, other URI or pathway): the controller chooses among
    /// qualities (their representatives), this chooses the copy.
    private var redundancy: RedundantVariants
    private var current: Int?
    private var nextTime: MediaTime = .zero
    private var nextSequence: Int?
    /// Low-latency HLS: the next part to fetch (`nil` when playing by whole segments).
    private var partCursor: PartCursor?
    /// The last part asked for by its preload hint: a hint is tried once.
    private var hintTried: PartCursor?
    private var initCache: (id: String, data: Data)?
    private let progress = DownloadProgress()
    private var failingSince: Duration?
    private var fetchStarted: Duration?
    private(set) var statistics = HLSStreamStatistics()
    private(set) var liveWindow: (start: MediaTime, end: MediaTime)?
    /// For live playlists, the playlist-timeline time of a known media sequence number: the
    /// timeline of each reload starts at zero again, this keeps positions on the first one's.
    private var anchor: (sequence: Int, time: MediaTime)?

    /// Variants are not switched to when they failed within this long, or while the whole
    /// presentation has been failing for `failureDeadline`.
    private let failureDeadline: Duration = .seconds(15)

    init(stream: HLSSegmentStream) {
        self.stream = stream
        let presentation = stream.presentation
        variants = presentation.variants
        isLive = presentation.isLive
        current = presentation.initialVariantIndex
        redundancy = RedundantVariants(variants)
        let candidates = redundancy.groups.map { VariantCandidate(variants[$0[0]], index: $0[0]) }
        controller = AdaptiveBitrateController(
            variants: candidates,
            configuration: ABRConfiguration(
                preferredForwardBufferDuration: stream.configuration.effectiveForwardBuffer,
                exclusionDuration: stream.configuration.exclusionDuration))
        if let initial = presentation.initialVariantIndex {
            _ = controller?.commit(redundancy.representative(of: initial), .initial)
            redundancy.use(initial)
        }
        if let index = presentation.initialVariantIndex {
            playlists[index] = presentation.initialPlaylist
            reloads[index] = (stream.now(), true)
            lastLiveChange[index] = stream.now()
        } else {
            single = presentation.initialPlaylist
            reloads[-1] = (stream.now(), true)
            lastLiveChange[-1] = stream.now()
        }
        let playlist = presentation.initialPlaylist
        if let first = playlist.segments.first { anchor = (first.mediaSequence, first.startTime) }
        updateLiveWindow(playlist)
    }

    // MARK: Position

    /// Positions the next fetch at the segment containing `time` on the stable timeline;
    /// `nil` is the default start (zero, or the live start point).
    mutating func position(at time: MediaTime?) {
        let playlist = currentPlaylist
        partCursor = nil
        if isLive {
            if let time, let index = playlist.segmentIndex(containing: time - offset(of: playlist)) {
                nextSequence = playlist.segments[index].mediaSequence
                if playsParts(playlist) { partCursor = PartCursor(mediaSequence: nextSequence ?? 0, part: 0) }
            } else if playsParts(playlist), stream.presentation.multivariant?.start ?? playlist.start == nil,
                let cursor = playlist.lowLatencyStart()
            {
                partCursor = cursor
                nextSequence = cursor.mediaSequence
            } else {
                let start = stream.presentation.multivariant?.start ?? playlist.start
                let index =
                    start.flatMap { playlist.startIndex(for: $0) }
                    ?? playlist.startIndex(forLiveEdgeTargetDurations: stream.configuration.liveEdgeTargetDurations)
                nextSequence = index.map { playlist.segments[$0].mediaSequence }
            }
        } else {
            nextTime = time.map { max($0, .zero) } ?? .zero
            if let time, let index = playlist.segmentIndex(containing: time) {
                nextTime = playlist.segments[index].startTime
            } else if let time, time >= playlist.duration, let last = playlist.segments.last {
                // At or past the end: the last segment holds the last frame, where the seek
                // lands. Positioned after it, the stream had nothing to play and the seek
                // never completed (or failed, leaving the old position playing on).
                nextTime = last.startTime
            }
        }
    }

    private var currentPlaylist: MediaPlaylist {
        if let current, let playlist = playlists[current] { return playlist }
        return single ?? stream.presentation.initialPlaylist
    }

    /// How far the playlist's own timeline is from the stable one.
    private func offset(of playlist: MediaPlaylist) -> MediaTime {
        guard isLive, let anchor else { return .zero }
        if let segment = playlist.segments.first(where: { $0.mediaSequence == anchor.sequence }) {
            return anchor.time - segment.startTime
        }
        guard let first = playlist.segments.first else { return .zero }
        let estimated = anchor.time + playlist.targetDuration * Int64(first.mediaSequence - anchor.sequence)
        return estimated - first.startTime
    }

    private mutating func updateLiveWindow(_ playlist: MediaPlaylist) {
        guard isLive, let first = playlist.segments.first, let last = playlist.segments.last else { return }
        let offset = offset(of: playlist)
        anchor = (first.mediaSequence, first.startTime + offset)
        liveWindow = (first.startTime + offset, last.endTime + offset)
    }

    // MARK: Fetching

    /// Fetches the next segment (choosing its variant), or says why not.
    mutating func fetchNext(generation: Int, pinned: Int?, bufferedSeconds: Double) -> Outcome {
        fetchStarted = stream.now()
        let variant = chooseVariant(pinned: pinned, bufferedSeconds: bufferedSeconds)
        let playlist: MediaPlaylist
        switch mediaPlaylist(for: variant, generation: generation) {
        case .success(let loaded): playlist = loaded
        case .failure(let error): return failure(error, variant: variant)
        }
        let located: MediaSegment
        var nextCursor: PartCursor?
        var isPreload = false
        if let cursor = partCursor, playsParts(playlist) {
            switch locatePart(at: cursor, in: playlist) {
            case .fetch(let piece, let next):
                located = piece
                nextCursor = next
            case .notListed(let waiting):
                (partCursor, nextSequence) = (waiting, waiting.mediaSequence)
                guard let hinted = untriedHint(at: waiting, in: playlist) else {
                    return .notListedUntil(reloadDeadline(playlist, key: variant ?? -1))
                }
                // Announced by EXT-X-PRELOAD-HINT: asked for now, the server answers as soon as
                // it is complete, a reload's round trip sooner. Tried once per part.
                hintTried = waiting
                located = hinted
                nextCursor = PartCursor(mediaSequence: waiting.mediaSequence, part: waiting.part + 1)
                isPreload = true
            case .restart(let start):
                (partCursor, nextSequence) = (start, start?.mediaSequence)
                return .retryLater
            }
        } else {
            if let cursor = partCursor {
                // A playlist without parts (another variant): on by whole segments.
                nextSequence = cursor.part == 0 ? cursor.mediaSequence : cursor.mediaSequence + 1
                partCursor = nil
            }
            guard let segment = locateSegment(in: playlist) else {
                if isLive && playlist.isLive { return .notListedUntil(reloadDeadline(playlist, key: variant ?? -1)) }
                return .end
            }
            located = segment
        }
        let segment = located
        if segment.isGap {
            advance(past: segment, in: playlist, to: nextCursor)
            return .retryLater
        }
        switch load(
            segment, of: playlist, variant: variant, generation: generation, bufferedSeconds: bufferedSeconds,
            pinned: pinned, isPreload: isPreload)
        {
        case .success(let loaded):
            failingSince = nil
            advance(past: segment, in: playlist, to: nextCursor)
            if variant != statistics.currentVariant, statistics.segmentsDownloaded > 0 {
                statistics.variantSwitches += 1
            }
            statistics.currentVariant = variant
            statistics.segmentsDownloaded += 1
            statistics.downloadedSeconds += segment.duration.seconds
            statistics.indicatedBitSeconds +=
                Double(variant.map { variants[$0].bandwidth } ?? 0) * segment.duration.seconds
            current = variant
            return .segment(loaded)
        case .failure(let error):
            // A hinted part the server would not hold is read from the next reload instead.
            if isPreload, !error.isCancellation { return .retryLater }
            return failure(error, variant: variant)
        }
    }

    private mutating func advance(past segment: MediaSegment, in playlist: MediaPlaylist, to cursor: PartCursor?) {
        if let cursor {
            partCursor = cursor
            nextSequence = cursor.mediaSequence
        } else {
            nextSequence = segment.mediaSequence + 1
        }
        nextTime = segment.endTime + offset(of: playlist)
    }

    /// The segment to fetch next in `playlist`; `nil` when it is not listed yet (live) or
    /// the playlist is over.
    private mutating func locateSegment(in playlist: MediaPlaylist) -> MediaSegment? {
        if isLive {
            guard let sequence = nextSequence, let first = playlist.segments.first else { return nil }
            if sequence < first.mediaSequence {
                // Fell behind the window: the segments are gone; start again near the live edge.
                let index =
                    playlist.startIndex(forLiveEdgeTargetDurations: stream.configuration.liveEdgeTargetDurations) ?? 0
                nextSequence = playlist.segments[index].mediaSequence
                return playlist.segments[index]
            }
            return playlist.segments.first { $0.mediaSequence == sequence }
        }
        // A little past the boundary, so a variant whose segments are a few milliseconds
        // longer or shorter does not repeat the segment just played.
        let probe = nextTime + MediaTime(value: 1, timescale: 10)
        if let index = playlist.segmentIndex(containing: probe) { return playlist.segments[index] }
        if let index = playlist.segmentIndex(containing: nextTime) { return playlist.segments[index] }
        return nil
    }

    private mutating func failure(_ error: HLSError, variant: Int?) -> Outcome {
        if error.isCancellation { return .cancelled }
        if case .fetch(.abandoned) = error { return .retryLater }
        statistics.failedFetches += 1
        let now = stream.now()
        // Failing since the first try of the fetch that failed, retries included.
        if failingSince == nil { failingSince = fetchStarted ?? now }
        let hasAlternative =
            variant.map {
                Self.exclude(
                    $0, at: now, for: stream.configuration.exclusionDuration, redundancy: &redundancy,
                    controller: &controller)
            } ?? false
        if !hasAlternative || now - (failingSince ?? now) >= failureDeadline {
            return .failed(error)
        }
        return .retryLater
    }

    // MARK: Variant choice

    private mutating func chooseVariant(pinned: Int?, bufferedSeconds: Double) -> Int? {
        guard !variants.isEmpty, var controller else { return nil }
        let configuration = stream.configuration
        let caps = AdaptiveCaps(
            peakBitRate: configuration.peakBitRate > 0 ? configuration.peakBitRate : nil,
            maximumResolution: configuration.maximumResolution, viewportSize: configuration.viewportSize())
        let target = currentPlaylist.targetDuration
        let now = stream.now()
        let decision = controller.selectVariant(
            at: now, bufferedAhead: .milliseconds(Int64(bufferedSeconds * 1000)),
            segmentDuration: max(target.asDuration, .seconds(1)), estimate: estimator.estimate,
            caps: caps, pinnedIndex: pinned.map { redundancy.representative(of: $0) })
        self.controller = controller
        return redundancy.copy(of: decision.variantIndex, at: now, preferred: pinned) ?? decision.variantIndex
    }

    // MARK: Playlists

    private mutating func mediaPlaylist(for variant: Int?, generation: Int) -> Result<MediaPlaylist, HLSError> {
        let key = variant ?? -1
        let known = variant.flatMap { playlists[$0] } ?? (variant == nil ? single : nil)
        if let known, !needsReload(known, key: key) { return .success(known) }
        if let known, isLive, !reloadIsDue(known, key: key) { return .success(known) }
        let playlistURL = variant.map { variants[$0].uri } ?? stream.presentation.url
        let query = reloadQuery(for: playlistURL, known: known, key: key)
        let loader = PlaylistLoader(
            fetcher: stream.fetcher, limits: stream.configuration.playlistLimits, retry: stream.configuration.retry)
        func load(_ query: LiveReloadQuery) throws(HLSError) -> MediaPlaylist {
            try loader.loadMedia(
                query.apply(to: playlistURL), importedDefinitions: stream.presentation.multivariant?.definitions,
                pause: { pause($0, generation: generation) })
        }
        do {
            var playlist = try load(query)
            if playlist.skip != nil {
                if let known,
                    let whole = playlist.applyingDelta(
                        to: known, skippedDateRanges: query.skip == .segmentsAndDateRanges)
                {
                    playlist = whole
                } else {
                    // The update skipped segments this copy does not hold: load it whole. (A
                    // server that skips anyway lists its window from the first listed segment,
                    // which plays the same from there.)
                    var full = query
                    full.skip = nil
                    playlist = try load(full)
                }
            }
            let changed =
                known.map {
                    $0.nextMediaSequence != playlist.nextMediaSequence
                        || $0.trailingParts.count != playlist.trailingParts.count
                } ?? true
            let now = stream.now()
            reloads[key] = (now, changed)
            if changed || lastLiveChange[key] == nil { lastLiveChange[key] = now }
            if isLive, playlist.isLive, let since = lastLiveChange[key],
                now - since >= max(playlist.targetDuration.asDuration, .seconds(1)) * Self.stuckTargetDurations
            {
                // Reloaded, answered, and still the same: not a network fault to wait out.
                return .failure(.liveStalled(playlistURL, seconds: Int((now - since).timeInterval.rounded())))
            }
            if let variant { playlists[variant] = playlist } else { single = playlist }
            updateLiveWindow(playlist)
            return .success(playlist)
        } catch {
            return .failure(error)
        }
    }

    /// How many target durations a live playlist may stay unchanged across reloads before the
    /// stream counts as stopped: ExoPlayer's PLAYLIST_STUCK_TARGET_DURATION_COEFFICIENT.
    static let stuckTargetDurations = 3.5

    /// A VOD playlist never needs reloading; a live one when the next segment is not in it.
    private func needsReload(_ playlist: MediaPlaylist, key: Int) -> Bool {
        guard isLive, playlist.isLive else { return false }
        if partCursor != nil, playsParts(playlist) {
            // A part announced by a preload hint is asked for before the playlist lists it.
            guard let unlisted = unlistedPart(in: playlist) else { return false }
            return untriedHint(at: unlisted, in: playlist) == nil
        }
        guard let sequence = nextSequence else { return true }
        return sequence >= playlist.nextMediaSequence
    }

    /// RFC 8216 §6.3.4: wait a target duration after a reload that changed the playlist,
    /// half of one after a reload that did not, before loading again.
    private func reloadIsDue(_ playlist: MediaPlaylist, key: Int) -> Bool {
        stream.now() >= reloadDeadline(playlist, key: key)
    }

    /// When `playlist` may be reloaded next: a target duration after a reload that changed
    /// it, half of one after a reload that did not (at least 100 ms, so a playlist with a
    /// zero target duration cannot spin the loop).
    private func reloadDeadline(_ playlist: MediaPlaylist, key: Int) -> Duration {
        guard let last = reloads[key] else { return stream.now() }
        if partCursor != nil, playsParts(playlist), let partTarget = playlist.partTargetDuration?.asDuration {
            // A blocking reload waits on the server for the next part: ask again at once after
            // one that brought something, after half a part otherwise (or without blocking).
            let blocks = playlist.serverControl?.canBlockReload == true
            return last.at + (blocks && last.changed ? .zero : max(partTarget / 2, .milliseconds(100)))
        }
        let target = playlist.targetDuration.asDuration
        return last.at + max(last.changed ? target : target / 2, .milliseconds(100))
    }

    /// Sleeps on the stream's lock for `duration`, returning `false` early when the stream is
    /// cancelled or sought.
    private func pause(_ duration: Duration, generation: Int) -> Bool {
        let interrupted = stream.state.wait(timeout: duration) { state -> Bool? in
            state.cancelled || state.generation != generation ? true : nil
        }
        return interrupted == nil
    }

    // MARK: Low-latency HLS

    private enum PartLocation {
        /// Fetch this (a whole segment, or a part made into a one-part segment), then go on at
        /// the cursor.
        case fetch(MediaSegment, then: PartCursor)
        /// The part at the cursor (normalised past a segment's end) is not listed yet.
        case notListed(PartCursor)
        /// Fell behind the window: start again here, at the live edge.
        case restart(PartCursor?)
    }

    /// Whether `playlist` is played part by part: live, with parts, and low latency wanted.
    private func playsParts(_ playlist: MediaPlaylist) -> Bool {
        isLive && playlist.hasPartialSegments && stream.configuration.lowLatency
    }

    /// What to fetch at `cursor` in `playlist`. A part becomes a `MediaSegment` of its own
    /// (its segment's sequence numbers, key and initialization section; its own URI, range,
    /// duration and start), so it is loaded, decrypted and queued like a segment, and its
    /// bytes continue the previous part's in the demuxer.
    private func locatePart(at start: PartCursor, in playlist: MediaPlaylist) -> PartLocation {
        var cursor = start
        switch playlist.lowLatencyFetch(at: &cursor) {
        case .segment(let index):
            let segment = playlist.segments[index]
            return .fetch(segment, then: PartCursor(mediaSequence: segment.mediaSequence + 1, part: 0))
        case .part(let part, let partStart, let segmentIndex):
            let piece = Self.partSegment(
                uri: part.uri, duration: part.duration, byteRange: part.byteRange, isGap: part.isGap,
                start: partStart, sequence: cursor.mediaSequence,
                owner: segmentIndex.map { playlist.segments[$0] } ?? playlist.segments.last, in: playlist)
            return .fetch(piece, then: PartCursor(mediaSequence: cursor.mediaSequence, part: cursor.part + 1))
        case .notListed:
            return .notListed(cursor)
        case .fellBehind:
            return .restart(playlist.lowLatencyStart())
        }
    }

    /// The cursor of the next part to play when `playlist` does not list it yet (normalised
    /// past a segment's end); `nil` when it is listed or no part is being played.
    private func unlistedPart(in playlist: MediaPlaylist) -> PartCursor? {
        guard var cursor = partCursor else { return nil }
        return playlist.lowLatencyFetch(at: &cursor) == .notListed ? cursor : nil
    }

    /// The directives for loading `url` now: a reload of `known` may block for the next part
    /// and take a delta update; a first load after a switch asks for the part the leaving
    /// playlist's rendition report names.
    private func reloadQuery(for url: URL, known: MediaPlaylist?, key: Int) -> LiveReloadQuery {
        guard isLive else { return .plain }
        guard let known else {
            return LiveReloadQuery.switching(to: url, from: current.flatMap { playlists[$0] }) ?? .plain
        }
        let age = reloads[key].map { stream.now() - $0.at } ?? .seconds(Int64.max)
        return .reload(of: known, age: age, unlisted: playsParts(known) ? unlistedPart(in: known) : nil)
    }

    /// The part at `cursor` made into a one-part segment from the playlist's preload hint,
    /// when the hint announces that very part (the one after the last listed part). Its
    /// duration is the part target until a reload lists it.
    private func hintedPart(at cursor: PartCursor, in playlist: MediaPlaylist) -> MediaSegment? {
        guard playsParts(playlist), let hint = playlist.preloadHints.first(where: { $0.type == .part }),
            cursor == PartCursor(mediaSequence: playlist.nextMediaSequence, part: playlist.trailingParts.count),
            let duration = playlist.partTargetDuration
        else { return nil }
        let range: ByteRange?
        switch (hint.byteRangeStart, hint.byteRangeLength) {
        case (0, nil): range = nil
        case (let start, let length?): range = ByteRange(offset: start, length: length)
        default: return nil  // open-ended from an offset: not a request this client makes
        }
        return Self.partSegment(
            uri: hint.uri, duration: duration, byteRange: range, isGap: false, start: playlist.partEdge,
            sequence: cursor.mediaSequence, owner: playlist.segments.last, in: playlist)
    }

    /// `hintedPart`, unless that part's hint was tried already (a hint is tried once).
    private func untriedHint(at cursor: PartCursor, in playlist: MediaPlaylist) -> MediaSegment? {
        hintTried == cursor ? nil : hintedPart(at: cursor, in: playlist)
    }

    /// A part (listed or hinted) as a one-part `MediaSegment`, so it is loaded, decrypted and
    /// queued like a segment: its own URI, range, duration and start; its segment's sequence
    /// numbers, key and initialization section, from `owner` (the part's segment, or the last
    /// listed one for the segment in production: a new key or map would be listed with its
    /// first part).
    private static func partSegment(
        uri: URL, duration: MediaTime, byteRange: ByteRange?, isGap: Bool, start: MediaTime, sequence: Int,
        owner: MediaSegment?, in playlist: MediaPlaylist
    ) -> MediaSegment {
        MediaSegment(
            uri: uri, duration: duration, title: nil, mediaSequence: sequence,
            discontinuitySequence: owner?.discontinuitySequence ?? playlist.discontinuitySequence,
            startTime: start, isDiscontinuity: false, byteRange: byteRange, keys: owner?.keys ?? [],
            map: owner?.map, isGap: isGap, bitrate: nil, parts: [])
    }

    // MARK: Segments

    private mutating func load(
        _ segment: MediaSegment, of playlist: MediaPlaylist, variant: Int?, generation: Int, bufferedSeconds: Double,
        pinned: Int?, isPreload: Bool = false
    ) -> Result<LoadedSegment, HLSError> {
        do {
            let initSection = try initializationSection(for: segment, in: playlist, generation: generation)
            // A hinted part is held by the server until it exists: its wait is neither a slow
            // transfer to abandon nor throughput to estimate.
            let keepDownloading = abandonmentCheck(
                variant: isPreload ? nil : variant, segment: segment, bufferedSeconds: bufferedSeconds,
                pinned: pinned)
            let state = stream.state
            let progress = self.progress
            let request = ResourceRequest(
                url: segment.uri, byteRange: segment.byteRange, maxBytes: stream.configuration.maxSegmentBytes,
                onProgress: { bytes, elapsed in
                    if state.withLock({ $0.generation != generation || $0.cancelled }) { return false }
                    progress.record(bytes, elapsed)
                    return keepDownloading(bytes, elapsed)
                })
            // With another copy or quality to go to, a segment that fails is not tried again
            // here: a stalled one would spend a request timeout per try (and the item's
            // failure deadline) while healthy variants wait. It fails over like a 404 does.
            let failsOver = isPreload || (pinned == nil && variant.map { hasAlternative(to: $0) } == true)
            let fetched = try fetch(request, generation: generation, singleAttempt: failsOver)
            if !isPreload { estimator.addSample(bytes: fetched.data.count, transferDuration: fetched.transferDuration) }
            if let variant {
                // What the segment weighs tells the controller the variant's real rate (BANDWIDTH is a peak).
                controller?.recordSegment(
                    variantIndex: redundancy.representative(of: variant), bytes: fetched.data.count,
                    duration: segment.duration.asDuration)
            }
            let data = try decrypt(
                fetched.data, with: segment.key, sequence: segment.mediaSequence, playlistURL: playlist.url)
            return .success(
                LoadedSegment(
                    variantIndex: variant, mediaSequence: segment.mediaSequence,
                    discontinuitySequence: segment.discontinuitySequence,
                    playlistStart: segment.startTime + offset(of: playlist), duration: segment.duration,
                    initializationSection: initSection?.data, initializationSectionID: initSection?.id, data: data))
        } catch {
            if case .fetch(.abandoned) = error, let variant {
                // Too slow to arrive before the buffer runs dry: the partial download tells the
                // estimator, and the controller's abandonment decision makes a lower variant current.
                let (bytes, elapsed) = progress.latest
                estimator.addSample(bytes: max(bytes, 16 * 1024), transferDuration: max(elapsed, .milliseconds(500)))
                _ = controller?.checkAbandonment(
                    of: SegmentDownloadProgress(
                        variantIndex: redundancy.representative(of: variant),
                        segmentDuration: segment.duration.asDuration, bytesReceived: bytes,
                        elapsed: elapsed),
                    at: stream.now(), bufferedAhead: Self.remaining(bufferedSeconds, after: elapsed),
                    estimate: estimator.estimate)
            }
            return .failure(error)
        }
    }

    /// Whether the segment download in flight should go on: the controller's abandonment rule
    /// (hls.js's), asked from the fetcher's callback on a copy of the controller so the
    /// download thread's own state is not touched there. A pinned variant is never abandoned.
    private func abandonmentCheck(
        variant: Int?, segment: MediaSegment, bufferedSeconds: Double, pinned: Int?
    ) -> @Sendable (Int, Duration) -> Bool {
        guard let copy = variant, pinned == nil, let controller else { return { _, _ in true } }
        let variant = redundancy.representative(of: copy)
        let estimate = estimator.estimate
        let segmentDuration = segment.duration.asDuration
        let now = stream.now
        return { bytes, elapsed in
            var decider = controller
            let progress = SegmentDownloadProgress(
                variantIndex: variant, segmentDuration: segmentDuration, bytesReceived: bytes, elapsed: elapsed)
            return decider.checkAbandonment(
                of: progress, at: now(), bufferedAhead: Self.remaining(bufferedSeconds, after: elapsed),
                estimate: estimate) == nil
        }
    }

    /// The buffer left after `elapsed` of playback from `bufferedSeconds`.
    private static func remaining(_ bufferedSeconds: Double, after elapsed: Duration) -> Duration {
        max(.milliseconds(Int64(bufferedSeconds * 1000)) - elapsed, .zero)
    }

    /// Excludes `variant`, which failed at `now`, for `duration`: a redundant copy of the same
    /// quality first (same position, other URI or pathway); only when none is left does the
    /// quality itself fail over. Returns whether another copy or quality is left.
    private static func exclude(
        _ variant: Int, at now: Duration, for duration: Duration, redundancy: inout RedundantVariants,
        controller: inout AdaptiveBitrateController?
    ) -> Bool {
        if redundancy.recordFailure(of: variant, at: now, excludingFor: duration) { return true }
        guard var ladder = controller, ladder.variants.count > 1 else { return false }
        ladder.excludeVariant(redundancy.representative(of: variant), at: now)
        controller = ladder
        return ladder.variants.contains { !ladder.exclusions.isExcluded($0.index, at: now) }
    }

    /// Whether, were `variant` to fail now, another copy or another quality could serve its
    /// segment: `exclude`, run on copies of the state.
    private func hasAlternative(to variant: Int) -> Bool {
        var (redundancy, controller) = (self.redundancy, self.controller)
        return Self.exclude(
            variant, at: stream.now(), for: stream.configuration.exclusionDuration, redundancy: &redundancy,
            controller: &controller)
    }

    private mutating func fetch(_ request: ResourceRequest, generation: Int, singleAttempt: Bool = false)
        throws(HLSError) -> FetchedResource
    {
        // After waiting for the network, failures are timed from its return: the outage is
        // not a failing presentation, and must not use up the failure deadline.
        var networkReturnedAt: Duration?
        defer { if let networkReturnedAt { fetchStarted = networkReturnedAt } }
        let now = stream.now
        var retry = stream.configuration.retry
        if singleAttempt { retry.attempts = 1 }
        do {
            let fetched = try retry.fetch(
                request, with: stream.fetcher, pause: { pause($0, generation: generation) },
                networkReturned: { networkReturnedAt = now() })
            statistics.bytesTransferred += Int64(fetched.data.count)
            statistics.transferSeconds += fetched.transferDuration.timeInterval
            return fetched
        } catch {
            throw .fetch(error)
        }
    }

    private mutating func initializationSection(
        for segment: MediaSegment, in playlist: MediaPlaylist, generation: Int
    ) throws(HLSError) -> (id: String, data: Data)? {
        guard let map = segment.map else { return nil }
        let id = "\(map.uri.absoluteString)#\(map.byteRange?.description ?? "")"
        if let initCache, initCache.id == id { return initCache }
        let fetched = try fetch(
            ResourceRequest(url: map.uri, byteRange: map.byteRange, maxBytes: 16 << 20), generation: generation)
        let key = map.keys.first(where: \.isIdentityFormat) ?? map.keys.first
        let data = try decrypt(fetched.data, with: key, sequence: segment.mediaSequence, playlistURL: playlist.url)
        initCache = (id, data)
        return (id, data)
    }

    private func decrypt(
        _ data: Data, with key: EncryptionKey?, sequence: Int, playlistURL: URL
    ) throws(HLSError) -> Data {
        guard let key else { return data }
        guard key.method == .aes128 else { throw .unsupportedEncryption(method: key.method.rawValue, key.uri) }
        guard let decryptor = stream.decryptor else { throw .key("no AES-128 decryptor", key.uri) }
        let bytes: [UInt8]
        do {
            bytes = try stream.keyProvider.contentKey(for: ContentKeyRequest(key: key, playlistURL: playlistURL))
        } catch {
            throw .key("\(error)", key.uri)
        }
        do {
            return try decryptor.decryptAES128(data, key: bytes, iv: key.initializationVector(mediaSequence: sequence))
        } catch {
            throw .key("cannot decrypt: \(error)", key.uri)
        }
    }
}

/// The latest progress of the segment download in flight, written by the fetcher's callback
/// and read by the download thread when the download is abandoned.
final class DownloadProgress: Sendable {
    private let state = Locked<(Int, Duration)>((0, .zero))

    func record(_ bytes: Int, _ elapsed: Duration) { state.withLock { $0 = (bytes, elapsed) } }

    var latest: (Int, Duration) { state.withLock { $0 } }
}

extension MediaTime {
    /// The time as a `Duration` (to the millisecond; zero when not numeric).
    fileprivate var asDuration: Duration {
        isNumeric ? .milliseconds(Int64((seconds * 1000).rounded())) : .zero
    }
}

import SpoolCore

extension Player {
    /// Starts the release countdown when paused with a current item, and stops it otherwise:
    /// called whenever the rate is applied, a seek starts or the delay changes. The countdown
    /// sleeps on `configuration.resourceReleaseClock`, so tests drive it on a manual clock.
    func scheduleResourceRelease() {
        resourceReleaseTimer?.cancel()
        resourceReleaseTimer = nil
        guard requestedRate == 0, let delay = resourceReleaseDelay, let playback else { return }
        let clock = configuration.resourceReleaseClock
        resourceReleaseTimer = Task { [weak self] in
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            // Still the same pause of the same item: a play, a seek or a new item cancelled
            // this task, and the check makes a cancellation that raced the wake-up count.
            guard let self, !Task.isCancelled, self.requestedRate == 0, self.playback === playback else { return }
            playback.releaseResources()
        }
    }
}

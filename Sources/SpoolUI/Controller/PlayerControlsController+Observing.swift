import Foundation
import Spool

/// How the controller follows the player: its events, its clock, the items' details, the
/// interstitial monitor and the audio session's devices.
extension PlayerControlsController {
    func observe() {
        let events = player.itemEvents()
        eventsTask = Task { [weak self] in
            for await event in events {
                guard let self else { return }
                self.note(event)
                self.refresh()
            }
        }
        let clock = self.clock
        let interval = refreshInterval
        refreshTask = Task { [weak self] in
            var deadline = clock.now()
            while !Task.isCancelled {
                deadline += interval
                do { try await clock.sleep(until: deadline) } catch { return }
                guard let self else { return }
                self.refresh()
            }
        }
        if let item = player.currentItem { loadDetails(of: item) }
        // Devices come and go with route changes; list them again after each session event.
        let sessionEvents = player.audioSession.events()
        audioSessionTask = Task { [weak self] in
            for await _ in sessionEvents {
                guard let self else { return }
                self.reloadAudioOutputs()
            }
        }
        reloadAudioOutputs()
    }

    /// Lists the audio output devices again (no server: none, and the picker hides).
    func reloadAudioOutputs() {
        let session = player.audioSession
        Task { [weak self] in
            let devices = (try? await session.availableOutputs()) ?? []
            guard let self else { return }
            self.audioOutputDevices = devices
            self.refresh()
        }
    }

    func observeStateStore() {
        storeTask?.cancel()
        storeTask = nil
        storeState = nil
        if let stateStore {
            storeTask = Task { [weak self] in
                for await state in await stateStore.updates() {
                    guard let self else { return }
                    self.storeState = state
                    self.refresh()
                }
            }
        }
        refresh()
    }

    func observeInterstitials() {
        interstitialTask?.cancel()
        interstitialTask = nil
        if let updates = interstitialMonitor?.updates() {
            interstitialTask = Task { [weak self] in
                for await _ in updates {
                    guard let self else { return }
                    self.refresh()
                }
            }
        }
        refresh()
    }

    func note(_ event: PlayerItemEvent) {
        switch event {
        case .didPlayToEnd(let itemID) where itemID == player.currentItem?.id:
            endedItemID = itemID
        case .currentItemChanged:
            endedItemID = nil
            pendingSeekTarget = nil
            if let item = player.currentItem { loadDetails(of: item) }
        case .seek, .timeControlStatus(.playing):
            endedItemID = nil
        case .readyToPlay(let itemID) where itemID == player.currentItem?.id:
            if let item = player.currentItem { loadDetails(of: item) }
        default:
            break
        }
    }

    /// Loads the title, the media-selection groups, the variants and the chapters of `item`
    /// (once), then refreshes.
    func loadDetails(of item: PlayerItem) {
        guard details.startLoading(item.id) else { return }
        let asset = item.asset
        let itemID = item.id
        Task { [weak self] in
            let metadata = try? await asset.load(.metadata)
            let groups = (try? await asset.load(.mediaSelectionGroups)) ?? []
            let variants = (try? await asset.load(.variants)) ?? []
            let chapters = (try? await asset.load(.chapterMetadataGroups)) ?? []
            guard let self else { return }
            self.details.store(
                ItemDetails(
                    title: metadata?.title, artist: metadata?.artist, groups: groups, variants: variants,
                    chapters: chapters),
                for: itemID)
            self.refresh()
        }
    }
}

// SimplePlayer: the shape of the seed's SwiftUI player tutorial, on Linux with Spool's public API.
// Open a file or URL, play it in a window (or headless), control it with your own keys, and
// start where you left off last time.
//
//   swift run SimplePlayer FILE|URL [--headless]
//   keys (each followed by Return): p play/pause · f forward 10 s · b back 10 s · q quit
import Foundation
import Spool
import SpoolPersistence

let arguments = Array(CommandLine.arguments.dropFirst())
guard let input = arguments.first(where: { !$0.hasPrefix("--") }) else {
    print("usage: SimplePlayer FILE|URL [--headless]")
    exit(2)
}
let headless = arguments.contains("--headless")
let url = input.contains("://") ? URL(string: input) ?? URL(fileURLWithPath: input) : URL(fileURLWithPath: input)

// 1. Open: load the properties the player needs, asynchronously, before playing.
let asset = URLAsset(url: url)
let isPlayable: Bool
let duration: MediaTime
do {
    (isPlayable, duration) = try await asset.load(.isPlayable, .duration)
} catch {
    print("cannot open \(input): \(error)")
    exit(1)
}
guard isPlayable else {
    print("\(input) has nothing playable")
    exit(1)
}

// 2. The player and its outputs: a window and PulseAudio (`.default`: silence and one warning
// line where no server answers), or nothing but the clock headless.
let clock = ContinuousClock()
let audio: AudioOutputChoice = headless ? .spec(.null) : .default
let video: (any VideoOutput)? = headless ? NullVideoOutput() : try? await SDLVideoOutput()
let player = Player(configuration: PlayerConfiguration(audio: audio, videoOutput: video, clock: clock))

// 3. Resume: positions are kept per item in SQLite, behind a ResumePositionStore.
let itemID = ItemID(url.absoluteString)
let store = try await ResumePositionStore(api: SQLiteProgressAPI(at: SQLiteProgressAPI.defaultLocation()))
player.replaceCurrentItem(with: PlayerItem(asset: asset))
if let seconds = await store.position(for: itemID), seconds > 5, seconds < duration.seconds - 5 {
    print("resuming at \(Int(seconds)) s")
    let target = MediaTime(seconds: seconds, preferredTimescale: 1000)
    player.seek(to: target, toleranceBefore: .zero, toleranceAfter: .zero) { _ in }
}
player.play()

// 4. Custom keys: lines from standard input, read on a thread of their own (reading blocks).
let keys = AsyncStream<String> { continuation in
    Thread {
        while let line = readLine() { continuation.yield(line) }
        continuation.finish()
    }.start()
}
let keyTask = Task { @MainActor in
    for await key in keys {
        switch key {
        case "p": player.rate == 0 ? player.play() : player.pause()
        case "f", "b":
            let step = key == "f" ? 10.0 : -10.0
            let target = MediaTime(seconds: max(player.currentTime().seconds + step, 0), preferredTimescale: 1000)
            player.seek(to: target) { _ in }
        case "q": return true
        default: print("keys: p play/pause, f forward, b back, q quit")
        }
    }
    return false  // standard input closed: play on
}

// 5. Until the item ends, fails or the user quits; the position is saved every 5 s and at exit.
let saving = Task { @MainActor in
    for await time in player.periodicTimeUpdates(forInterval: MediaTime(seconds: 5, preferredTimescale: 1)) {
        await store.record(time.seconds, for: itemID)
        await store.flush()
    }
}
let ended = Task { @MainActor in
    for await event in player.itemEvents() {
        switch event {
        case .didPlayToEnd: return true
        case .failed(_, let error), .failedToPlayToEnd(_, let error):
            print("playback failed: \(error)")
            return false
        default: continue
        }
    }
    return false
}
let finished = await withTaskGroup(of: Bool.self) { group in
    group.addTask { await ended.value }
    group.addTask { await keyTask.value ? false : await ended.value }
    let first = await group.next() ?? false
    group.cancelAll()
    return first
}
saving.cancel()
// Played to the end: next time starts over.
await store.record(finished ? 0 : player.currentTime().seconds, for: itemID)
await store.flush()
player.pause()
player.closeAudioOutput()
exit(0)

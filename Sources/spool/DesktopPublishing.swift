import Foundation
import Spool

/// Publishes `spool play` on the desktop: MPRIS on the session bus, so media keys, the
/// shell's media controls and `playerctl` drive the player. Without a session bus (or with
/// `--no-mpris`) nothing is published and playback is unaffected.
@MainActor
final class DesktopPublishing {
    private let session: MediaSession
    private let server: MPRISServer

    /// Starts publishing, or returns `nil` when there is no bus or the bus refuses us.
    static func start(
        player: Player, stateStore: PlaybackStateStore, name: String, artworkDirectory: URL?,
        onQuit: @escaping @MainActor () -> Void,
        onFullscreen: @escaping @MainActor () -> Void
    ) async -> DesktopPublishing? {
        guard ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] != nil else { return nil }
        let session = MediaSession(player: player)
        session.stateStore = stateStore
        session.artworkDirectory = artworkDirectory
        session.remoteCommandCenter.quitCommand.addTarget { _ in
            onQuit()
            return .success
        }
        // A command-line player that is told to stop ends, as mpv does.
        session.remoteCommandCenter.stopCommand.addTarget { _ in
            onQuit()
            return .success
        }
        session.remoteCommandCenter.changeFullscreenCommand.addTarget { _ in
            onFullscreen()
            return .success
        }
        session.activate()
        let server = MPRISServer(
            nowPlayingInfoCenter: session.nowPlayingInfoCenter, remoteCommandCenter: session.remoteCommandCenter,
            configuration: MPRISServer.Configuration(playerName: name), clock: ContinuousClock())
        do {
            try await server.start()
        } catch {
            session.deactivate()
            return nil  // a desktop without MPRIS still plays; nothing to tell the user
        }
        return DesktopPublishing(session: session, server: server)
    }

    private init(session: MediaSession, server: MPRISServer) {
        self.session = session
        self.server = server
    }

    /// `$XDG_CACHE_HOME/spool/now-playing` (or `~/.cache/…`): where cover art for MPRIS goes.
    static func artworkDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let cache =
            environment["XDG_CACHE_HOME"].map { URL(fileURLWithPath: $0) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache")
        return cache.appendingPathComponent("spool/now-playing", isDirectory: true)
    }

    /// Releases the bus name and stops following the player.
    func stop() async {
        await server.stop()
        session.deactivate()
    }
}

import SpoolCore
import SpoolOutput
import Testing

@Suite("PulseMediaRole from an audio session")
struct PulseMediaRoleSessionTests {
    @Test(
        "category, mode and options map to the role policy modules act on",
        arguments: [
            (AudioSessionAttributes(category: .playback, mode: .moviePlayback), "video"),
            (AudioSessionAttributes(category: .playback, mode: .default), "music"),
            (AudioSessionAttributes(category: .soloAmbient, mode: .spokenAudio), "music"),
            (AudioSessionAttributes(category: .playback, mode: .moviePlayback, options: .mixWithOthers), "video"),
            (AudioSessionAttributes(category: .ambient, mode: .default), "game"),
            (AudioSessionAttributes(category: .ambient, mode: .moviePlayback, options: .mixWithOthers), "game"),
            (AudioSessionAttributes(category: .playAndRecord, mode: .default), "phone"),
            (AudioSessionAttributes(category: .playback, mode: .videoChat), "phone"),
            (AudioSessionAttributes(category: .playAndRecord, mode: .videoChat, options: .mixWithOthers), "game"),
        ])
    func roles(_ attributes: AudioSessionAttributes, role: String) {
        #expect(PulseMediaRole(session: attributes).rawValue == role)
        #expect(attributes.pulseStreamProperties["media.role"] == role)
    }

    @Test("the session itself is carried in spool.audio-session.* properties")
    func properties() {
        let attributes = AudioSessionAttributes(
            category: .playAndRecord, mode: .videoChat, options: [.allowBluetooth, .defaultToSpeaker])
        let properties = attributes.pulseStreamProperties
        #expect(properties["spool.audio-session.category"] == "playAndRecord")
        #expect(properties["spool.audio-session.mode"] == "videoChat")
        #expect(properties["spool.audio-session.options"] == "allowBluetooth,defaultToSpeaker")
    }
}

public import Foundation

extension AudioSession {
    /// Posted on the main actor when an interruption begins or ends
    /// (AVAudioSession.interruptionNotification); the object is the session.
    nonisolated public static let interruptionNotification = Notification.Name(
        "SpoolAudioSessionInterruptionNotification")
    /// Posted on the main actor when the route changes (AVAudioSession.routeChangeNotification);
    /// the object is the session.
    nonisolated public static let routeChangeNotification = Notification.Name(
        "SpoolAudioSessionRouteChangeNotification")
    /// User-info key: the `InterruptionType` raw value, a `UInt` (AVAudioSessionInterruptionTypeKey).
    nonisolated public static let interruptionTypeKey = "SpoolAudioSessionInterruptionTypeKey"
    /// User-info key: the `InterruptionOptions` raw value, a `UInt`, on `ended` only
    /// (AVAudioSessionInterruptionOptionKey).
    nonisolated public static let interruptionOptionKey = "SpoolAudioSessionInterruptionOptionKey"
    /// User-info key: the `RouteChangeReason` raw value, a `UInt` (AVAudioSessionRouteChangeReasonKey).
    nonisolated public static let routeChangeReasonKey = "SpoolAudioSessionRouteChangeReasonKey"
    /// User-info key: the device (sink name) played on before the change, a `String`, when
    /// known (AVAudioSessionRouteChangePreviousRouteKey, reduced to the output's name).
    nonisolated public static let routeChangePreviousRouteKey = "SpoolAudioSessionRouteChangePreviousRouteKey"

    /// Posts `event` as Apple's notifications shape it.
    func post(_ event: AudioSessionEvent) {
        switch event {
        case .interruption(let type, let options):
            var info: [String: Any] = [Self.interruptionTypeKey: type.rawValue]
            if type == .ended { info[Self.interruptionOptionKey] = options.rawValue }
            NotificationCenter.default.post(name: Self.interruptionNotification, object: self, userInfo: info)
        case .routeChange(let reason, let previous):
            var info: [String: Any] = [Self.routeChangeReasonKey: reason.rawValue]
            if let previous { info[Self.routeChangePreviousRouteKey] = previous }
            NotificationCenter.default.post(name: Self.routeChangeNotification, object: self, userInfo: info)
        }
    }
}

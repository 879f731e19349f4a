public import Spool

/// Exposes a player view's controls to screen readers: publishes the controls' accessibility
/// tree on the desktop's accessibility bus (AT-SPI, through `AccessibilityServer`) whenever
/// the controls change, and carries out what a reader asks (press a control, set a slider)
/// through the controller, on the main actor.
///
/// Attach it once the view exists (it chains onto the controller's `changeHandler`, keeping
/// the view's) and keep it for as long as the view:
/// `let bridge = AccessibilityBridge(controls: view.controls, applicationName: "spool", clock: clock)`,
/// then `try await bridge.start()`.
@MainActor
public final class AccessibilityBridge {
    /// The controls exposed.
    public let controls: PlayerControlsController
    /// The name clients find the application by.
    public let applicationName: String
    /// The server publishing the tree.
    public let server: AccessibilityServer

    /// A bridge for `controls`; nothing is published until `start()`. `clock` times the
    /// server's signal throttle.
    public init<C: Clock>(
        controls: PlayerControlsController, applicationName: String,
        configuration: AccessibilityServer.Configuration = AccessibilityServer.Configuration(), clock: C
    ) where C.Duration == Duration {
        self.controls = controls
        self.applicationName = applicationName
        server = AccessibilityServer(
            application: controls.model.accessibleApplication(named: applicationName), configuration: configuration,
            clock: clock)
        server.requestHandler = { [weak controls] request in
            controls?.performAccessibilityRequest(request) ?? false
        }
        let previous = controls.changeHandler
        controls.changeHandler = { [weak self] model in
            previous?(model)
            self?.publish(model)
        }
    }

    /// Connects to the accessibility bus and embeds the application in the desktop; returns
    /// once readers can find it. Throws what `AccessibilityServer.start()` throws (no
    /// accessibility bus: at-spi2-core is missing or not running).
    public func start() async throws(DBusError) {
        try await server.start()
        publish(controls.model)
    }

    /// Leaves the accessibility bus. Idempotent.
    public func stop() async {
        await server.stop()
    }

    private func publish(_ model: PlayerControlsModel) {
        server.publish(model.accessibleApplication(named: applicationName))
    }
}

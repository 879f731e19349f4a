import Foundation

/// Where the accessibility bus is: `AT_SPI_BUS_ADDRESS` when set (as libatspi honours it),
/// else what the launcher (`org.a11y.Bus`, at-spi-bus-launcher from at-spi2-core, started by
/// D-Bus activation when it is not running) answers to `GetAddress` on the session bus.
enum ATSPIBusAddress {
    /// The address; blocks for at most `timeoutMilliseconds` on the session bus. Throws
    /// `noServer` (with what to install) when neither source has one.
    static func resolve(
        environment: [String: String] = ProcessInfo.processInfo.environment, timeoutMilliseconds: Int32
    ) throws(DBusError) -> BusAddress {
        if let address = environment["AT_SPI_BUS_ADDRESS"], !address.isEmpty { return .address(address) }
        let session = try BusConnection(address: BusAddress.session(environment: environment))
        guard
            let call = BusMessage.methodCall(
                destination: ATSPINames.launcherName, path: ATSPINames.launcherPath,
                interface: ATSPINames.launcherInterface, member: "GetAddress")
        else { throw .noMemory }
        let reply: BusMessage
        do {
            reply = try session.call(call, timeoutMilliseconds: timeoutMilliseconds)
        } catch {
            throw .noServer.with(
                message: "no accessibility bus: org.a11y.Bus.GetAddress failed (\(error)); install at-spi2-core")
        }
        guard let address = try reply.arguments().first?.stringValue, !address.isEmpty else {
            throw .noServer.with(message: "org.a11y.Bus answered no accessibility bus address")
        }
        return .address(address)
    }
}

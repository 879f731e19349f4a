internal import CPulse
internal import SpoolCore

/// Lists a server's sinks, and which is the default, for the route picker.
///
/// Not `Sendable`: runs with the loop's lock held. The callbacks write into this object,
/// passed to libpulse unretained; `list` keeps it alive until both operations have finished
/// or been cancelled, after which libpulse never calls back.
final class PulseDeviceQuery {
    private let mainloopUserdata: UnsafeMutableRawPointer
    private var sinks: [(name: String, description: String)] = []
    private var defaultSinkName: String?
    private var sinksDone = false
    private var serverDone = false
    private var failed = false

    private init(mainloop: PulseMainloop) {
        mainloopUserdata = mainloop.callbackUserdata
    }

    /// The sinks of `context`'s server, waiting at most `timeout` for the answers.
    static func devices(on context: PulseContext, timeout: Duration) throws(PulseError) -> [AudioOutputDevice] {
        guard let handle = context.rawHandle else { throw PulseError(PA_ERR_BADSTATE, while: "listing sinks") }
        let query = PulseDeviceQuery(mainloop: context.mainloop)
        let userdata = Unmanaged.passUnretained(query).toOpaque()
        let operations = [
            pa_context_get_sink_info_list(handle, sinkCallback, userdata),
            pa_context_get_server_info(handle, serverCallback, userdata),
        ].compactMap { $0 }
        defer {
            for operation in operations {
                if pa_operation_get_state(operation) == PA_OPERATION_RUNNING { pa_operation_cancel(operation) }
                pa_operation_unref(operation)
            }
        }
        guard operations.count == 2 else { throw context.error(while: "listing sinks") }
        let answered = try context.waitBounded(timeout: timeout) { () throws(PulseError) -> Bool in
            guard context.isGood, !query.failed else { throw context.error(while: "listing sinks") }
            return query.sinksDone && query.serverDone
        }
        guard answered else { throw PulseError(PA_ERR_TIMEOUT, while: "the server did not list its sinks") }
        return withExtendedLifetime(query) {
            query.sinks.map {
                AudioOutputDevice(
                    name: $0.name, description: $0.description, isDefault: $0.name == query.defaultSinkName)
            }
        }
    }

    private static func from(_ userdata: UnsafeMutableRawPointer?) -> PulseDeviceQuery? {
        userdata.map { Unmanaged<PulseDeviceQuery>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let sinkCallback: pa_sink_info_cb_t = { _, info, endOfList, userdata in
        guard let query = from(userdata) else { return }
        if endOfList != 0 {
            query.failed = query.failed || endOfList < 0
            query.sinksDone = true
            PulseMainloop.signal(userdata: query.mainloopUserdata)
        } else if let info, let name = info.pointee.name {
            let description = info.pointee.description.map { String(cString: $0) } ?? ""
            query.sinks.append((String(cString: name), description))
        }
    }

    private static let serverCallback: pa_server_info_cb_t = { _, info, userdata in
        guard let query = from(userdata) else { return }
        query.defaultSinkName = info?.pointee.default_sink_name.map { String(cString: $0) }
        query.serverDone = true
        PulseMainloop.signal(userdata: query.mainloopUserdata)
    }
}

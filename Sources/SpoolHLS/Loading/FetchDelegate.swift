import Foundation
import SpoolCore

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Routes URLSession callbacks to the transfer they belong to, on the session's serial queue.
final class FetchDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let table: TransferTable

    init(table: TransferTable) {
        self.table = table
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        guard let transfer = table.transfer(for: dataTask.taskIdentifier) else {
            completionHandler(.cancel)
            return
        }
        let url = transfer.request.url
        if let http = response as? HTTPURLResponse, !(200..<300).contains(http.statusCode) {
            transfer.state.withLock { $0.refused = true }
            transfer.finish(.failure(.failed(.forHTTPStatus(http.statusCode, url: url))))
            completionHandler(.cancel)
            return
        }
        let partial = (response as? HTTPURLResponse)?.statusCode == 206
        let expected = response.expectedContentLength
        let limit = transfer.request.byteRange == nil || partial ? transfer.request.maxBytes : Int.max
        if expected > 0, expected > Int64(limit) {
            transfer.finish(.failure(.tooLarge(limit: limit, url)))
            completionHandler(.cancel)
            return
        }
        transfer.state.withLock { state in
            state.partial = partial
            state.expectedLength = expected >= 0 ? expected : nil
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let transfer = table.transfer(for: dataTask.taskIdentifier) else { return }
        let now = table.now()
        let request = transfer.request
        let (count, partial) = transfer.state.withLock { state -> (Int, Bool) in
            if state.firstByte == nil { state.firstByte = now }
            state.data.append(data)
            return (state.data.count, state.partial)
        }
        let limit = request.byteRange == nil || partial ? request.maxBytes : Int.max
        if count > limit {
            transfer.finish(.failure(.tooLarge(limit: limit, request.url)))
            dataTask.cancel()
            return
        }
        if let onProgress = request.onProgress, !onProgress(count, now - transfer.startedAt) {
            transfer.finish(.failure(.abandoned(request.url)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        guard let transfer = table.transfer(for: task.taskIdentifier) else { return }
        transfer.markCompleted()
        if let error {
            transfer.finish(.failure(.failed(.forTransportError(error, url: transfer.request.url))))
            return
        }
        let now = table.now()
        let (data, firstByte) = transfer.state.withLock { ($0.data, $0.firstByte) }
        transfer.finish(.success(data, firstByte: firstByte, finishedAt: now))
    }
}

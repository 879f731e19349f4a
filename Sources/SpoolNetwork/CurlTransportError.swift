internal import CCurl
import Foundation
import SpoolCore

extension HTTPTransportError {
    /// A libcurl result in the byte source's words; `osErrno` tells a refused connection
    /// from an unreachable one, `detail` is curl's error buffer.
    init(curlCode code: CURLcode, osErrno: Int32, detail: String) {
        switch code {
        case CURLE_COULDNT_CONNECT where osErrno == ECONNREFUSED:
            self.init(.connectionRefused, "connection refused (nothing is listening, or a firewall rejected it)")
        case CURLE_COULDNT_CONNECT:
            self.init(.connectionRefused, "cannot connect (\(Self.words(code, detail)))")
        case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            self.init(.permanent, "the host name could not be resolved (DNS)")
        case CURLE_OPERATION_TIMEDOUT:
            self.init(.timedOut, "the server did not respond in time")
        case CURLE_PARTIAL_FILE, CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            self.init(.connectionLost, "the connection was lost during the transfer")
        case CURLE_GOT_NOTHING:
            self.init(.connectionLost, "the server closed the connection without a response")
        case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE, CURLE_SSL_ISSUER_ERROR, CURLE_SSL_PINNEDPUBKEYNOTMATCH,
            CURLE_SSL_INVALIDCERTSTATUS:
            self.init(.permanent, "the secure (TLS) connection failed (\(Self.words(code, detail)))")
        case CURLE_TOO_MANY_REDIRECTS:
            self.init(.permanent, "too many redirects")
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            self.init(.permanent, Self.words(code, detail))
        case CURLE_WEIRD_SERVER_REPLY:
            self.init(.unspecified, "the server's response was not valid HTTP")
        default:
            self.init(.unspecified, "\(Self.words(code, detail)) (curl error \(code.rawValue))")
        }
    }

    private static func words(_ code: CURLcode, _ detail: String) -> String {
        detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
    }
}

import Foundation
import LogbookStore

/// Who a request is made by. (Filled in when accounts land.)
enum Authentication {
    static func standard() -> APIService.Authenticator {
        { _, _ in .failure(APIError(401, "unauthorized", "sign in", headers: [("WWW-Authenticate", #"Basic realm="gaslog", charset="UTF-8""#)])) }
    }
}

import Credentials
import Foundation
import GaslogCLI
import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// Issue #36: a full disk is 507 from the API and the pages, and `/healthz`
/// says when the logbook cannot be written or is damaged. In process: the
/// service's and the pages' handlers answer request values.
@Suite("A full disk is 507, and /healthz tells unwritable and damaged logbooks")
struct StorageHealthTests {
    /// The pages' fixture, a blender `ada` and the oxygen-clean, in-date
    /// "Club 07"; the API takes `ada` as named in `X-Test-Account`.
    static func shop() throws -> Station {
        let shop = try Station(authenticate: Station.namedAccounts)
        shop.signedIn = .account("ada")
        return shop
    }

    @Test("A fill on a full disk is 507 storage_full, and nothing of it is recorded; reading still works")
    func apiFullDisk() throws {
        let shop = try Self.shop()
        shop.capStorage(atPages: 1)
        var recorded = 0
        var refused: Station.Response?
        for _ in 0..<400 {
            let answer = shop.request("POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32}"#)
            guard answer.status == 201 else {
                refused = answer
                break
            }
            recorded += 1
        }
        let answer = try #require(refused)
        #expect(answer.status == 507, "\(answer.text)")
        #expect(answer.error["code"] as? String == "storage_full", "\(answer.text)")
        #expect(answer.error["status"] as? Int == 507)
        #expect((answer.error["message"] as? String)?.contains("nothing was recorded") == true, "\(answer.text)")
        #expect(shop.query("SELECT count(*) FROM fills") == String(recorded))
        #expect(shop.request("GET", "/api/v1/cylinders").status == 200)
    }

    @Test("A fill from the page on a full disk is a 507 page: the logbook cannot be written, nothing was recorded")
    func pageFullDisk() throws {
        let shop = try Station()
        shop.capStorage(atPages: 1)
        let (cookie, csrf) = try shop.signIn("ada", "blender-pass-1")
        func text(_ response: HTTPResponse) -> String { Station.text(response) }

        var recorded = 0
        var refused: HTTPResponse?
        for _ in 0..<400 {
            let answer = shop.page("POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32")])
            guard answer.status == 303 else {
                refused = answer
                break
            }
            recorded += 1
        }
        let page = try #require(refused)
        #expect(page.status == 507, "\(text(page))")
        #expect(text(page).contains("The server cannot write to the logbook: its disk is full. Nothing was recorded"), "\(text(page))")
        #expect(!text(page).contains("could not read"))
        #expect(shop.query("SELECT count(*) FROM fills") == String(recorded))
    }

    @Test("/healthz is ok on a sound logbook, and 503 unwritable when it cannot grow by 64 MiB")
    func healthUnwritable() throws {
        let shop = try Self.shop()
        let sound = shop.request("GET", "/healthz")
        #expect(sound.status == 200 && sound.text == #"{"status":"ok"}"# + "\n", "\(sound.text)")
        // A cap of 64 MiB less one page over what the file holds: less than 64 MiB to grow.
        let pages = try #require(Int(shop.query("PRAGMA page_count")))
        let pageSize = try #require(Int(shop.query("PRAGMA page_size")))
        shop.capStorage(atPages: pages + (64 << 20) / pageSize - 1)
        let tight = shop.request("GET", "/healthz")
        #expect(tight.status == 503 && tight.text == #"{"status":"unwritable"}"# + "\n", "\(tight.text)")
        shop.capStorage(atPages: pages + (64 << 20) / pageSize)
        let roomy = shop.request("GET", "/healthz")
        #expect(roomy.status == 200, "\(roomy.text)")
    }

    @Test("/healthz is 503 damaged when the user_version is not this gaslog's or the header cannot be read")
    func healthDamaged() throws {
        let shop = try Self.shop()
        #expect(shop.request("GET", "/healthz").status == 200)
        // The service's own connection is open and has read the logbook.
        #expect(shop.request("GET", "/api/v1/cylinders").status == 200)
        shop.shell([shop.db, "PRAGMA user_version = 13"])
        let older = shop.request("GET", "/healthz")
        #expect(older.status == 503 && older.text == #"{"status":"damaged"}"# + "\n", "\(older.text)")
        shop.shell([shop.db, "PRAGMA user_version = 99"])
        #expect(shop.request("GET", "/healthz").text == #"{"status":"damaged"}"# + "\n")
        shop.shell([shop.db, "PRAGMA user_version = \(Migration.latestVersion)"])
        #expect(shop.request("GET", "/healthz").status == 200)

        // The header's magic overwritten in place, the file otherwise whole.
        let file = try #require(FileHandle(forWritingAtPath: shop.db))
        try file.seek(toOffset: 0)
        try file.write(contentsOf: Data(repeating: 0x21, count: 16))
        try file.close()
        let broken = shop.request("GET", "/healthz")
        #expect(broken.status == 503 && broken.text == #"{"status":"damaged"}"# + "\n", "\(broken.text)")
    }
}

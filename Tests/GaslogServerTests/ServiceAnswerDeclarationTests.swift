import Foundation
import GaslogCore
import Testing

@testable import GaslogServer

/// `/healthz` and the import answer from their results' declarations, and
/// the import's flags are read as every route's query is.
@Suite("Service answer declarations")
struct ServiceAnswerDeclarationTests {
    let admin = Station.Credentials.basic("ada", "correct horse battery")

    @Test("The health body is {\"status\"}, the key its schema requires, ok the one value the schema allows")
    func healthBody() {
        #expect(LogbookHealth.ok.json.text == #"{"status":"ok"}"#)
        #expect(LogbookHealth.damaged.json.text == #"{"status":"damaged"}"#)
        #expect(LogbookHealth.schema.required == ["status"])
        #expect(LogbookHealth.schema.properties.first?.schema.constant == .string("ok"))
    }

    @Test("The import's flags are read as every query is, and it answers the keys its schema requires; a dry run writes nothing")
    func importFlags() throws {
        let source = try Station.empty()
        _ = try source.cli("fill", "Club 07", "--o2", "32", "--at", "2026-11-29T10:00Z")
        let csv = Data(try source.cli("export").utf8)
        let station = try Station.empty()
        try station.addAccount("ada", role: "admin")
        let twice = station.request("POST", "/api/v1/import?dry_run=true&dry_run=false", as: admin, body: csv, contentType: "text/csv")
        #expect(twice.status == 400 && twice.error["field"] as? String == "dry_run", "\(twice.text)")
        let unknown = station.request("POST", "/api/v1/import?dry=true", as: admin, body: csv, contentType: "text/csv")
        #expect(unknown.status == 400 && unknown.error["field"] as? String == "dry", "\(unknown.text)")
        let hyphen = station.request("POST", "/api/v1/import?dry-run=true", as: admin, body: csv, contentType: "text/csv")
        #expect(hyphen.status == 200 && hyphen.text == #"{"imported":1,"skipped_duplicates":0,"dry_run":true}"# + "\n", "\(hyphen.text)")
        #expect(try WarningRouteTests.sqlite(station.db, "SELECT count(*) FROM fills") == "0\n")
        #expect(ImportResult.schema.required == ["imported", "skipped_duplicates", "dry_run"])
    }
}

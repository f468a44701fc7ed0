import Foundation
import Testing

/// The fill-log header of issue 3; imports of files with it must keep working.
let csvHeader = "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason"
/// The header of the safety issue (#11): the fill-log header plus its three columns.
let safetyHeader = csvHeader + ",override_reason,rounding,label_o2"
/// The header of the trimix issue (#14): the safety header plus its helium columns.
let trimixHeader = safetyHeader + ",he,diver_he,label_he"
/// The trimix header plus who recorded and who voided each fill through the service (#15).
let accountsHeader = trimixHeader + ",recorded_by,voided_by"
/// What export wrote after #27: the accounts header plus each fill's start and payer.
let gasAccountingExportHeader = accountsHeader + ",start_bar,start_o2,start_he,top_off_o2,bill_to"
/// What export writes now: the gas accounting header plus the compressor that made each fill's air (#28).
let exportHeader = gasAccountingExportHeader + ",compressor"

/// A minimal RFC 4180 reader, written separately from gaslog's, to check what
/// the export says.
func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = []
    var record: [String] = []
    var field = ""
    var quoted = false
    var iterator = Array(text.unicodeScalars).makeIterator()
    var pending: Unicode.Scalar? = nil
    while let scalar = pending ?? iterator.next() {
        pending = nil
        if quoted {
            if scalar == "\"" {
                if let next = iterator.next() {
                    if next == "\"" {
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                        pending = next
                    }
                } else {
                    quoted = false
                }
            } else {
                field.unicodeScalars.append(scalar)
            }
            continue
        }
        switch scalar {
        case "\"": quoted = true
        case ",":
            record.append(field)
            field = ""
        case "\r": break
        case "\n":
            record.append(field)
            records.append(record)
            record = []
            field = ""
        default: field.unicodeScalars.append(scalar)
        }
    }
    if !field.isEmpty || !record.isEmpty {
        record.append(field)
        records.append(record)
    }
    return records
}

@Suite("The fill log: full records, voids, history, export and import")
struct FillLogTests {
    @Test("A full fill record, in bar and in psi")
    func fullRecord() throws {
        let sandbox = Sandbox()
        let result = sandbox.gaslog(
            "fill", "Club 07", "--o2", "32.5", "--ppo2", "1.5", "--at", "2026-03-01T09:15:00+01:00",
            "--pressure", "232", "--blender", "Ånne Blender", "--diver", "Bo 🤿", "--cert", "PADI 12345",
            "--diver-o2", "33.4", "--note", "first fill\nof the season", "--json")
        #expect(result.status == 0, "\(result)")
        let record = try #require(json(result) as? [String: Any])
        #expect(record["filled_at"] as? String == "2026-03-01T08:15:00Z")
        #expect((record["pressure_bar"] as? NSNumber)?.intValue == 232)
        #expect(record["blender"] as? String == "Ånne Blender")
        #expect(record["diver"] as? String == "Bo 🤿")
        #expect(record["cert"] as? String == "PADI 12345")
        #expect((record["diver_o2"] as? NSNumber)?.stringValue == "33.4")
        #expect(record["note"] as? String == "first fill\nof the season")
        #expect(record["void_reason"] is NSNull)

        sandbox.ok("fill", "US", "--o2", "32", "--pressure", "3000psi")
        #expect(sandbox.query("SELECT pressure_centibar FROM fills WHERE o2_permille = 320") == "20684")
        sandbox.ok("unit", "imperial")
        sandbox.ok("fill", "US", "--o2", "32", "--pressure", "2500")
        #expect(sandbox.gaslog("log", "US").stdout.contains("2500 psi"))
        #expect(sandbox.gaslog("log", "US").stdout.contains("3000 psi"))
        #expect(sandbox.gaslog("log", "US", "--unit", "metric").stdout.contains("206.8 bar"))
    }

    @Test(
        "Bad field values exit 64 and record nothing",
        arguments: [
            ["--pressure", "0"], ["--pressure", "-5"], ["--pressure", "301"], ["--pressure", "4501psi"], ["--pressure", "232kpa"],
            ["--pressure", "1e3"], ["--pressure", ""], ["--blender", ""], ["--diver", String(repeating: "d", count: 65)],
            ["--cert", "a\u{1B}[31m"], ["--diver-o2", "20"], ["--diver-o2", "abc"], ["--note", ""],
            ["--note", String(repeating: "n", count: 1001)], ["--note", "bell\u{7}"], ["--at", "2026-13-01"], ["--at", "2025-02-29"],
            ["--at", "2026-11-29T12:00:00+25:00"], ["--at", ""],
        ])
    func badFieldValues(option: [String]) {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        let before = sandbox.dump()
        let result = sandbox.run(["fill", "A", "--o2", "32"] + option)
        #expect(result.status == 64, "\(option): \(result)")
        #expect(result.errorLines.count == 1)
        #expect(sandbox.dump() == before)
    }

    @Test("Analyses more than 1 point apart are refused unless the difference is accepted")
    func tolerance() {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--diver-o2", "33").status == 0)
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--diver-o2", "31").status == 0)
        let refused = sandbox.gaslog("fill", "A", "--o2", "32", "--diver-o2", "33.1")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("--accept-difference"))
        #expect(sandbox.query("SELECT count(*) FROM fills") == "2")
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--diver-o2", "33.1", "--accept-difference").status == 0)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "3")
        // A refusal on a new logbook leaves no file behind.
        let empty = Sandbox()
        #expect(empty.gaslog("fill", "A", "--o2", "32", "--diver-o2", "36").status == 65)
        #expect(!FileManager.default.fileExists(atPath: empty.db))
    }

    @Test("Void: kept in the log and exports, no longer the current gas, once only")
    func void() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2026-01-01")
        sandbox.ok("fill", "A", "--o2", "36", "--at", "2026-01-02")
        #expect(sandbox.gaslog("void", "2", "--reason", "analyser drift").status == 0)
        #expect(sandbox.gaslog("mod", "A").stdout.contains("EAN 32"))
        let listed = try #require(json(sandbox.gaslog("list", "--json")) as? [[String: Any]])
        #expect(listed.first?["label"] as? String == "EAN 32")
        let log = sandbox.gaslog("log", environment: ["COLUMNS": "200"]).stdout.split(separator: "\n")
        #expect(log.count == 3 && log[1].hasPrefix("2 ") && log[1].contains(" VOID ") && log[1].hasSuffix("void: analyser drift"), "\(log)")
        #expect(!log[2].contains("VOID"))
        let twice = sandbox.gaslog("void", "2", "--reason", "again")
        #expect(twice.status == 65)
        #expect(twice.stderr.contains("already void"))
        #expect(sandbox.gaslog("void", "99", "--reason", "x").status == 65)
        #expect(sandbox.gaslog("void", "abc", "--reason", "x").status == 64)
        #expect(sandbox.gaslog("void", "1").status == 64)
        let exported = parseCSV(sandbox.gaslog("export").stdout)
        #expect(exported.count == 3)
        #expect(exported[2][14] == "analyser drift")
        #expect(exported[1][14] == "")
        sandbox.ok("void", "1", "--reason", "wrong cylinder")
        #expect(sandbox.gaslog("mod", "A").status == 65)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "2")
    }

    @Test("log filters by cylinder, dates and limit, newest first")
    func logFilters() throws {
        let sandbox = Sandbox()
        for (cylinder, day) in [("A", "2026-01-10"), ("B", "2026-01-11"), ("A", "2026-01-12"), ("A", "2026-01-13T23:59:59Z"), ("B", "2026-01-14")] {
            sandbox.ok("fill", cylinder, "--o2", "32", "--at", day)
        }
        func ids(_ arguments: String...) throws -> [Int] {
            let result = sandbox.run(["log", "--json"] + arguments)
            let rows = try #require(json(result) as? [[String: Any]], "\(result)")
            return rows.map { $0["id"] as! Int }
        }
        #expect(try ids() == [5, 4, 3, 2, 1])
        #expect(try ids("a") == [4, 3, 1])
        #expect(try ids("--since", "2026-01-12") == [5, 4, 3])
        #expect(try ids("--until", "2026-01-13") == [4, 3, 2, 1])
        #expect(try ids("--since", "2026-01-11", "--until", "2026-01-12") == [3, 2])
        #expect(try ids("--limit", "2") == [5, 4])
        #expect(try ids("A", "--limit", "1") == [4])
        #expect(try ids("--cylinder", "a") == [4, 3, 1])
        // A name that is neither in the register nor in the log is refused, as mod refuses it.
        let unknown = sandbox.gaslog("log", "Nobody")
        #expect(unknown.status == 65 && unknown.stderr.contains("unknown cylinder 'Nobody'"), "\(unknown)")
        #expect(sandbox.gaslog("log", "--cylinder", "Nobody", "--json").status == 65)
        #expect(sandbox.gaslog("log", "--limit", "0").status == 64)
        #expect(sandbox.gaslog("log", "--since", "2026-02-30").status == 64)
        #expect(sandbox.gaslog("log", "--since", "2026-01-05", "--until", "2026-01-01").status == 64)
        let table = sandbox.gaslog("log").stdout
        #expect(table.hasPrefix("ID"))
        #expect(table.contains("34 m"))
    }

    @Test("CSV export: exact header, RFC 4180 quoting, Unicode, and no formula cells")
    func csvExport() throws {
        let sandbox = Sandbox()
        let tricky = ["=HYPERLINK(\"http://x\")", "+1", "-2+3", "@SUM(A1)", "'quoted'", "comma, inside", "line\nbreak", "tab\tinside", "Zoë \"Z\" 🤿"]
        for (index, text) in tricky.enumerated() {
            // Names are one line without control characters; notes may hold both.
            let name = text.contains("\n") || text.contains("\t") ? "Cyl \(index)" : text
            let result = sandbox.run([
                "fill", "--o2", "32", "--blender", name, "--note", text,
                "--at", "2026-05-0\(index + 1)", "--", name,
            ])
            #expect(result.status == 0, "\(text): \(result)")
        }
        sandbox.ok("fill", "tabbed", "--o2", "32", "--note", "\tstarts with tab")
        let export = sandbox.gaslog("export")
        #expect(export.status == 0)
        #expect(export.stdout.hasPrefix(exportHeader + "\r\n"))
        let records = parseCSV(export.stdout)
        #expect(records.count == tricky.count + 2)
        #expect(records.allSatisfy { $0.count == 29 })
        // Fills recorded by the command line name no account, and these gave no start and no compressor.
        #expect(
            records.dropFirst().allSatisfy { $0.dropLast(6).suffix(2) == ["", ""] && $0.dropLast(2).suffix(4) == ["", "", "", ""] && $0.last == "" })
        for record in records.dropFirst() {
            for cell in record {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init)), "formula cell \(cell)")
            }
        }
        #expect(records[1][13] == "'=HYPERLINK(\"http://x\")")
        #expect(records[7][13] == "line\nbreak")
        #expect(records[9][13] == "Zoë \"Z\" 🤿")
        #expect(records[10][13] == "'\tstarts with tab")
        #expect(records[1][0] == "1" && records[1][4] == "32" && records[1][5] == "1.4" && records[1][6] == "34")

        let jsonRows = try #require(json(sandbox.gaslog("export", "--format", "json")) as? [[String: Any]])
        #expect(jsonRows.count == tricky.count + 1)
        #expect(jsonRows[0]["note"] as? String == tricky[0])
        #expect(jsonRows[0]["pressure_bar"] is NSNull)
        #expect(Set(jsonRows[0].keys) == Set(exportHeader.split(separator: ",").map(String.init)))
        #expect(sandbox.gaslog("export", "--format", "xml").status == 64)
    }

    @Test("Export filters and --output")
    func exportFiltersAndOutput() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2026-01-01")
        sandbox.ok("fill", "B", "--o2", "36", "--at", "2026-06-01")
        sandbox.ok("fill", "A", "--o2", "40", "--at", "2026-09-01")
        #expect(parseCSV(sandbox.gaslog("export", "--cylinder", "a").stdout).count == 3)
        #expect(parseCSV(sandbox.gaslog("export", "--since", "2026-06-01").stdout).count == 3)
        #expect(parseCSV(sandbox.gaslog("export", "--until", "2026-06-01").stdout).count == 3)
        let file = sandbox.path("out/2026.csv")
        #expect(sandbox.gaslog("export", "--output", file).status == 73)
        try FileManager.default.createDirectory(atPath: sandbox.path("out"), withIntermediateDirectories: true)
        let written = sandbox.gaslog("export", "--output", file)
        #expect(written.status == 0 && written.stdout.isEmpty)
        // The file's rows are the logbook's fills, as the sqlite3 shell reads them.
        let rows = parseCSV(try String(contentsOfFile: file, encoding: .utf8))
        #expect(rows.first?.prefix(3) == ["id", "filled_at", "cylinder"])
        #expect(
            rows.dropFirst().map { $0.prefix(3).joined(separator: "|") }.joined(separator: "\n")
                == sandbox.query(
                    "SELECT fills.id, filled_at, cylinders.name FROM fills JOIN cylinders ON cylinders.id = cylinder_id ORDER BY fills.id"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.path("out")) == ["2026.csv"])
    }

    @Test("Export, import into an empty logbook, export again: byte for byte")
    func roundTrip() throws {
        let sandbox = Sandbox()
        let names = ["=cmd", "Zoë, \"the\" diver", "-2+3", "@home", "plain", "'=x", "'apostrophe"]
        for (index, name) in names.enumerated() {
            sandbox.ok([
                "fill", "--o2", ["32", "32.5", "21", "100", "36"][index % 5], "--ppo2", ["1.4", "1.45", "1.6"][index % 3],
                "--pressure", index % 2 == 0 ? "3000psi" : "232.5", "--blender", name, "--diver", name, "--cert", "C-\(index)",
                "--diver-o2", ["32", "32.5", "21", "100", "36"][index % 5], "--note", "note \(index)\r\nwith CRLF, \"quotes\"",
                "--at", "2026-07-0\(index + 1)T12:00:00Z", "--", name,
            ])
        }
        sandbox.ok("void", "3", "--reason", "=wrong gas")
        let first = sandbox.gaslog("export")
        #expect(first.status == 0)
        let file = sandbox.write("log.csv", first.stdout)

        let other = Sandbox()
        let imported = other.gaslog("import", file)
        #expect(imported.status == 0, "\(imported)")
        #expect(imported.stdout == "imported \(names.count) fills, skipped 0 duplicates\n")
        #expect(other.gaslog("export").stdoutBytes == first.stdoutBytes)
        #expect(other.gaslog("export", "--format", "json").stdoutBytes == sandbox.gaslog("export", "--format", "json").stdoutBytes)
        // And the names arrive as they were typed, whatever a spreadsheet would make of them.
        #expect(other.query("SELECT group_concat(blender, '|') FROM (SELECT blender FROM fills ORDER BY id)") == names.joined(separator: "|"))

        // Again: every row is now a duplicate, and nothing changes.
        let before = other.dump()
        #expect(other.gaslog("import", file).stdout == "imported 0 fills, skipped \(names.count) duplicates\n")
        #expect(other.dump() == before)

        // A filtered export keeps its ids, so it too round-trips.
        let subset = sandbox.gaslog("export", "--cylinder", "plain")
        let third = Sandbox()
        #expect(third.gaslog("import", "-", stdin: sandbox.write("subset.csv", subset.stdout)).status == 0)
        #expect(third.gaslog("export").stdoutBytes == subset.stdoutBytes)
    }

    @Test("A bad row at the end of a 10,000-row file imports nothing")
    func atomicity() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Existing", "--o2", "32")
        var lines = [csvHeader]
        for index in 1...9_999 {
            lines.append(",2026-01-01T00:00:00Z,Cyl \(index % 50),,32,1.4,,,,,,,,row \(index),")
        }
        lines.append(",2026-01-01T00:00:00Z,Cyl X,,20.5,1.4,,,,,,,,bad,")
        let file = sandbox.write("big.csv", lines.joined(separator: "\n") + "\n")
        let before = sandbox.dump()
        let result = sandbox.gaslog("import", file)
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 10001"))
        #expect(result.stderr.contains("column o2"))
        #expect(result.stderr.contains("20.5"))
        #expect(result.errorLines.count == 1)
        #expect(sandbox.dump() == before)

        lines.removeLast()
        let good = sandbox.write("good.csv", lines.joined(separator: "\n") + "\n")
        #expect(sandbox.gaslog("import", good, "--dry-run").stdout.contains("would import 9999 fills"))
        #expect(sandbox.dump() == before)
        #expect(sandbox.gaslog("import", good).stdout == "imported 9999 fills, skipped 0 duplicates\n")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "10000")
    }

    @Test(
        "Import refuses rows that disagree with the calculator or the rules",
        arguments: [
            ("1,2026-01-01T00:00:00Z,A,EAN 33,32,1.4,34,111,,,,,,,", "label"),
            ("1,2026-01-01T00:00:00Z,A,EAN 32,32,1.4,35,111,,,,,,,", "mod_m"),
            ("1,2026-01-01T00:00:00Z,A,EAN 32,32,1.4,34,112,,,,,,,", "mod_ft"),
            ("1,2026-02-30T00:00:00Z,A,,32,1.4,,,,,,,,,", "filled_at"),
            (",,A,,32,1.4,,,,,,,,,", "filled_at"),
            (",2026-01-01,,,32,1.4,,,,,,,,,", "cylinder"),
            (",2026-01-01,A,,32,1.7,,,,,,,,,", "ppo2"),
            (",2026-01-01,A,,32,1.4,,,-4,,,,,,", "pressure_bar"),
            (",2026-01-01,A,,32,1.4,,,,,,,19,,", "diver_o2"),
            ("x,2026-01-01,A,,32,1.4,,,,,,,,,", "id"),
        ])
    func importRefusesBadRows(row: String, column: String) {
        let sandbox = Sandbox()
        let file = sandbox.write("bad.csv", csvHeader + "\n" + row + "\n")
        let result = sandbox.gaslog("import", file)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("line 2, column \(column)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.db) || sandbox.query("SELECT count(*) FROM fills") == "0")
    }

    @Test("Import accepts a BOM and CRLF or LF, and refuses broken CSV")
    func importFileShapes() {
        let sandbox = Sandbox()
        let row = ",2026-01-01T00:00:00Z,A,,32,1.4,,,,,,,,,"
        let bom = sandbox.write("bom.csv", bytes: [0xEF, 0xBB, 0xBF] + Array((csvHeader + "\r\n" + row + "\r\n").utf8))
        #expect(sandbox.gaslog("import", bom).stdout == "imported 1 fill, skipped 0 duplicates\n")
        let lf = sandbox.write("lf.csv", csvHeader + "\n" + row.replacingOccurrences(of: "01-01", with: "01-02"))
        #expect(sandbox.gaslog("import", lf).stdout == "imported 1 fill, skipped 0 duplicates\n")

        for (name, content) in [
            ("empty", ""), ("header only reordered", "filled_at,id" + csvHeader.dropFirst(12) + "\n"),
            ("missing header", row + "\n"), ("short row", csvHeader + "\n,2026-01-01,A,,32\n"),
            ("long row", csvHeader + "\n" + row + ",extra\n"), ("unterminated", csvHeader + "\n,2026-01-01,\"A,,32,1.4,,,,,,,,,\n"),
            ("unknown column", csvHeader + ",mystery\n" + row + ",x\n"),
        ] {
            let before = sandbox.dump()
            let result = sandbox.gaslog("import", sandbox.write(name + ".csv", content))
            #expect(result.status == 65, "\(name): \(result)")
            #expect(result.errorLines.count == 1, "\(name)")
            #expect(sandbox.dump() == before)
        }
        let invalid = sandbox.write(
            "invalid.csv", bytes: Array((csvHeader + "\n,2026-01-03,").utf8) + [0x41, 0xC3, 0x28] + Array(",,32,1.4,,,,,,,,,\n".utf8))
        let result = sandbox.gaslog("import", invalid)
        #expect(result.status == 65)
        #expect(result.stderr.contains("UTF-8"))
        #expect(sandbox.gaslog("import", sandbox.path("missing.csv")).status == 66)
    }
}

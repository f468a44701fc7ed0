import Foundation
import GaslogCore

/// Every endpoint of the API, as data. Most are a `gaslog` command run in
/// the server's process, so that their JSON is the CLI's, key for key and
/// byte for byte.
enum APIRoutes {
    static let all: [Route] = [
        Route(
            "GET", "/healthz", .anyone, .custom(health),
            doc: OperationDoc(
                "health", .service, success: "The logbook can be read and written.", schema: LogbookHealth.reference, errors: [405, 413, 503]
            )
            .describing(
                summary: "Whether the logbook can be read and written",
                description:
                    "HEAD is answered too. A look at the logbook's header, schema and free space, never a scan. 503 with {\"status\": \"unwritable\"} when its file system has less than 64 MiB free or the file cannot be opened for writing, and {\"status\": \"damaged\"} when its header or schema cannot be read or its schema version is not this server's."
            )),
        // A gas alone on this path: the cylinder is the other path's.
        .useCase(
            "GET", "/api/v1/mod", .reader, MaximumDepth.self, allowing: MaximumDepth.gasInputs,
            doc: OperationDoc("modOfMix", .calculations, success: "The MOD.", schema: .named(MaximumDepthResult.mixSchemaName), needs: ["o2"])),
        .useCase(
            "GET", "/api/v1/cylinders", .reader, ListCylinders.self,
            doc: OperationDoc("listCylinders", .cylinders, success: "The cylinders.", schema: .array(of: CurrentGasEntry.reference))),
        .useCase(
            "GET", "/api/v1/cylinders/{name}", .reader, ShowCylinder.self, pathInputs: ["name": "cylinder"],
            doc: OperationDoc("showCylinder", .cylinders, success: "The cylinder.", schema: CylinderResult.reference)),
        .useCase(
            "GET", "/api/v1/cylinders/{name}/mod", .reader, MaximumDepth.self, pathInputs: ["name": "cylinder"],
            doc: OperationDoc(
                "modOfCylinder", .cylinders, success: "The cylinder's current gas and its MOD.", schema: .named(MaximumDepthResult.cylinderSchemaName)
            )),
        .useCase(
            "POST", "/api/v1/cylinders", .blender, AddCylinder.self, input: .body, answersCreated: true,
            doc: OperationDoc(
                "addCylinder", .cylinders, success: "The cylinder added.", schema: CylinderResult.reference,
                example: .object([
                    ("cylinder", .string("Club 07")), ("serial", .string("AB1234")), ("volume", .integer(12)),
                    ("working_pressure", .string("232bar")), ("hydro", .string("2024-03-01")), ("o2_clean", .bool(true)),
                ]))),
        .useCase(
            "PATCH", "/api/v1/cylinders/{name}", .admin, EditCylinder.self, input: .body, pathInputs: ["name": "cylinder"],
            doc: OperationDoc(
                "editCylinder", .cylinders, success: "The cylinder as it now is.", schema: CylinderResult.reference,
                example: .object([("visual", .string("2026-11-29")), ("clear", .array([.string("owner")]))]))),
        .useCase(
            "POST", "/api/v1/cylinders/{name}/retire", .admin, RetireCylinder.self, input: .body, pathInputs: ["name": "cylinder"],
            doc: OperationDoc(
                "retireCylinder", .cylinders, success: "The cylinder as it now is.", schema: CylinderResult.reference,
                example: .object([("reason", .string("failed hydrostatic test"))]))),
        .useCase(
            "GET", "/api/v1/compressors", .reader, ListCompressors.self,
            doc: OperationDoc("listCompressors", .compressors, success: "The compressors.")),
        .useCase(
            "GET", "/api/v1/compressors/{name}", .reader, ShowCompressor.self, pathInputs: ["name": "compressor"],
            doc: OperationDoc("showCompressor", .compressors, success: "The compressor.")),
        .useCase(
            "GET", "/api/v1/compressors/{name}/log", .reader, ReadCompressorLog.self, pathInputs: ["name": "compressor"],
            doc: OperationDoc("compressorLog", .compressors, success: "The entries.")),
        .useCase(
            "POST", "/api/v1/compressors", .admin, AddCompressor.self, input: .body, answersCreated: true,
            doc: OperationDoc(
                "addCompressor", .compressors, success: "The compressor added.",
                example: .object([
                    ("compressor", .string("Bauer 1")), ("filter_hours", .string("30")), ("filter_factors", .string("10:1.4,20:1,30:0.6,40:0.35")),
                    ("air_test_months", .integer(3)),
                ]))),
        .useCase(
            "PATCH", "/api/v1/compressors/{name}", .admin, EditCompressor.self, input: .body, pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "editCompressor", .compressors, success: "The compressor as it now is.",
                example: .object([("air_test_months", .integer(6)), ("clear", .array([.string("note")]))]))),
        .useCase(
            "POST", "/api/v1/compressors/{name}/retire", .admin, RetireCompressor.self, input: .body, pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "retireCompressor", .compressors, success: "The compressor as it now is.", example: .object([("reason", .string("worn out"))]))),
        .useCase(
            "POST", "/api/v1/compressors/{name}/reinstate", .admin, ReinstateCompressor.self, input: .body,
            pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "reinstateCompressor", .compressors, success: "The compressor as it now is.", example: .object([("reason", .string("rebuilt"))]))),
        .useCase(
            "POST", "/api/v1/compressors/{name}/runs", .blender, RecordCompressorRun.self, input: .body, pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "recordCompressorRun", .compressors, success: "The compressor, with its new meter and filter life.",
                example: .object([("hours", .string("1.5")), ("temperature", .integer(25)), ("operator", .string("Ann"))]))),
        .useCase(
            "POST", "/api/v1/compressors/{name}/filters", .blender, RecordFilterChange.self, input: .body,
            pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "recordFilterChange", .compressors, success: "The compressor, with its new cartridge.",
                example: .object([("batch", .string("L2026-114"))]))),
        .useCase(
            "POST", "/api/v1/compressors/{name}/tests", .admin, RecordAirTest.self, input: .body, pathInputs: ["name": "compressor"],
            doc: OperationDoc(
                "recordAirTest", .compressors, success: "The test, with its verdict.",
                example: .object([
                    ("o2", .string("20.9")), ("co2", .integer(380)), ("co", .string("0.5")), ("oil", .string("0.05")), ("water", .string("20")),
                    ("pressure", .integer(300)), ("lab", .string("Dräger kit")),
                ]))),
        .useCase(
            "POST", "/api/v1/fills", .blender, RecordFill.self, input: .body, answersCreated: true,
            doc: OperationDoc(
                "recordFill", .fills, success: "The fill recorded.",
                example: .object([
                    ("cylinder", .string("Club 07")), ("o2", .integer(32)), ("pressure", .string("232bar")), ("blender", .string("Ann")),
                    ("diver", .string("Bo")), ("diver_o2", .number("32.2")),
                ]))),
        .streamedUseCase(
            "GET", "/api/v1/fills", .reader, ReadLog.self,
            doc: OperationDoc("listFills", .fills, success: "The fills.", schema: .array(of: .named(ResultJSON.loggedFillName)))),
        Route(
            "GET", "/api/v1/fills/{id}", .reader, .custom(oneFill),
            doc: OperationDoc("showFill", .fills, success: "The fill.", schema: FillRecord.reference).describing(ShowFill.self)),
        .useCase(
            "GET", "/api/v1/fills/{id}/tag", .reader, ShowTag.self, pathInputs: ["id": "fill-id"],
            doc: OperationDoc("fillTag", .fills, success: "The tag.")),
        .useCase(
            "POST", "/api/v1/fills/{id}/void", .blender, VoidFill.self, input: .body, pathInputs: ["id": "fill-id"],
            doc: OperationDoc(
                "voidFill", .fills, success: "The fill, now void.", example: .object([("reason", .string("analyser not calibrated"))]),
                conflicts: true)),
        .useCase(
            "POST", "/api/v1/fills/{id}/adjustments", .admin, AdjustCharge.self, input: .body, pathInputs: ["id": "fill-id"],
            doc: OperationDoc(
                "adjustCharge", .billing, success: "The adjustment, as the statement lists it.",
                example: .object([("amount", .string("-2.21")), ("reason", .string("helium analyser read high"))]))),
        Route(
            "GET", "/api/v1/export", .reader, .custom(export),
            doc: OperationDoc(
                "exportFills", .fills, success: "The fills: CSV with a header record, or a JSON array.",
                content: [("text/csv", .string), ("application/json", .array(of: FillRecord.reference))]
            ).describing(ExportFills.self)),
        Route(
            "POST", "/api/v1/import", .admin, .custom(importFills),
            doc: OperationDoc(
                "importFills", .fills, success: "What was (or, on a dry run, would be) imported.", schema: ImportResult.reference, file: importCSV
            ).describing(ImportFills.self)),
        Route(
            "GET", "/api/v1/backup", .admin, .custom(backup),
            doc: OperationDoc(
                "backupLogbook", .logbook, success: "The copy, a SQLite database file without a write-ahead log.",
                content: [("application/vnd.sqlite3", binary)], errors: [400, 401, 403, 404, 405, 503]
            ).describing(BackupLogbook.self)),
        .useCase(
            "GET", "/api/v1/due", .reader, ListDue.self,
            doc: OperationDoc("dueInspections", .cylinders, success: "The rows, each with its kind: cylinder or compressor.")),
        .useCase("GET", "/api/v1/best-mix", .reader, BestMix.self, doc: OperationDoc("bestMix", .calculations, success: "The best mix.")),
        .useCase("GET", "/api/v1/ead", .reader, EquivalentAirDepth.self, doc: OperationDoc("equivalentAirDepth", .calculations, success: "The EAD.")),
        .useCase(
            "GET", "/api/v1/end", .reader, EquivalentNarcoticDepth.self,
            doc: OperationDoc("equivalentNarcoticDepth", .calculations, success: "The END and density.")),
        .useCase(
            "GET", "/api/v1/ppo2", .reader, PartialPressureAtDepth.self, doc: OperationDoc("partialPressure", .calculations, success: "The ppO₂.")),
        .useCase("GET", "/api/v1/table", .reader, DepthTable.self, doc: OperationDoc("modTable", .calculations, success: "The rows.")),
        .useCase(
            "POST", "/api/v1/blend", .blender, PlanBlend.self, input: .body,
            doc: OperationDoc(
                "planBlend", .calculations, success: "The plan.",
                example: .object([("cylinder", .string("Club 07")), ("target", .integer(36)), ("to", .integer(200)), ("from", .integer(50))]))),
        .useCase("GET", "/api/v1/bills", .admin, ShowBill.self, doc: OperationDoc("showBills", .billing, success: "The statements.")),
        .useCase("GET", "/api/v1/prices", .reader, ListPrices.self, doc: OperationDoc("listPrices", .billing, success: "The prices.")),
        .useCase(
            "PUT", "/api/v1/prices/{item}", .admin, SetPrice.self, input: .body, pathInputs: ["item": "item"],
            doc: OperationDoc(
                "setPrice", .billing, success: "The price as stored.",
                example: .object([("price", .string("0.012")), ("effective", .string("2026-01-01"))]))),
        .useCase(
            "POST", "/api/v1/payments", .admin, AddPayment.self, input: .body,
            doc: OperationDoc(
                "addPayment", .billing, success: "The payment recorded.",
                example: .object([("member", .string("Bo")), ("amount", .string("25.00")), ("reference", .string("receipt 117"))]))),
        .useCase(
            "POST", "/api/v1/payments/{id}/void", .admin, VoidPayment.self, input: .body, pathInputs: ["id": "payment-id"],
            doc: OperationDoc(
                "voidPayment", .billing, success: "The payment, now void.", example: .object([("reason", .string("entered twice"))]), conflicts: true)
        ),
        .useCase("GET", "/api/v1/config", .reader, ListSettings.self, doc: OperationDoc("listSettings", .settings, success: "The settings.")),
        Route(
            "PUT", "/api/v1/config/{key}", .admin, .custom(setConfig),
            doc: OperationDoc(
                "setSetting", .settings, success: "The setting and the value stored.", schema: SettingResult.reference,
                example: .object([("value", .string("imperial"))])
            ).describing(ChangeSetting.self)),
        Route(
            "GET", "/api/v1/openapi.json", .reader, .custom(openAPI),
            doc: OperationDoc("openapi", .service, success: "The document.", schema: .named("Document"), errors: [401, 405, 413, 503]).describing(
                summary: "This document",
                description: "The OpenAPI 3.1 description of the API, generated from the server's route table and its inputs' and results' types.")),
    ]

    /// The import's CSV: the export's header record, then its rows.
    private static var importCSV: JSONSchema {
        let header = FillLogFormat.baseColumns.joined(separator: ",")
        return JSONSchema.string.matching("^" + header)
            .described("The export's CSV: its header record (" + header + ", and any later columns), then one record per fill.")
            .examples(.string(FillLogFormat.csvHeader))
    }

    private static var binary: JSONSchema {
        var schema = JSONSchema.string
        schema.format = "binary"
        return schema
    }

    /// The routes open to anyone, which need no credentials.
    static let openToAnyone = all.filter { route in
        if case .anyone = route.access { return true }
        return false
    }

    /// The export's allowed query keys, worked out once.
    private static let exportInputs = AllowedInputs(ExportFills.inputs)

    /// Where a created record can be read.
    static func location(of record: CreatedRecord) -> String {
        switch record {
        case .fill(let id): "/api/v1/fills/\(id)"
        case .cylinder(let name): "/api/v1/cylinders/" + pathSegment(name)
        case .compressor(let name): "/api/v1/compressors/" + pathSegment(name)
        }
    }

    /// A name as one path segment: everything but unreserved characters escaped.
    static func pathSegment(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// Whether the server can read its logbook; needs no credentials.
    private static let health = Route.CustomCall(handle: handleHealth)

    /// 200 `{"status":"ok"}`, or 503 with `unwritable` or `damaged`: a look
    /// at the file's header, schema and room, never a scan.
    private static func handleHealth(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        let health = context.service.logbook().health()
        return HTTPResponse.json(health == .ok ? 200 : 503, health.json.text)
    }

    /// One fill, with the export's keys; no query parameters.
    private static let oneFill = Route.CustomCall(path: ["id": CommonOptions.fillID], handle: handleOneFill)

    private static func handleOneFill(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        guard context.request.query.isEmpty else { throw .badInput("this path takes no query parameters") }
        guard let id = Int(context.parameters["id"] ?? ""), id > 0 else {
            throw APIError(404, "not_found", "no fill has id \(context.parameters["id"] ?? "")")
        }
        do {
            let stored = try ShowFill(id: id).run(in: Session(actor: context.principal.account, logbook: context.service.logbook()))
            return HTTPResponse.json(200, FillLogFormat.json(stored.fill).text)
        } catch {
            throw APIError(error)
        }
    }

    /// The export, as `gaslog export` writes it with the same filters, streamed.
    private static let export = Route.CustomCall(query: ExportFills.inputs, handle: handleExport)

    private static func handleExport(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        let values = try RequestInput.query(context.request.query).values(for: exportInputs)
        let session = Session(actor: context.principal.account, logbook: context.service.logbook())
        let export: ExportFills
        do {
            export = try ExportFills(InputReader(values, session: session))
        } catch {
            throw APIError(error)
        }
        return try context.service.stream(export, for: context.request, actor: context.principal.account)
    }

    /// A consistent copy of the logbook, as `gaslog backup` writes it: made
    /// in a private temporary folder, checked, streamed, and removed. No query parameters.
    private static let backup = Route.CustomCall(handle: handleBackup)

    private static func handleBackup(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        guard context.request.query.isEmpty else { throw .badInput("this path takes no query parameters") }
        let folder = NSTemporaryDirectory() + "gaslog-backup-" + UUID().uuidString
        let path = folder + "/gaslog.sqlite"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
        } catch {
            throw APIError(LogbookError(.cannotCreate("cannot create a temporary folder for the backup: \(error)")))
        }
        do {
            _ = try BackupLogbook(path: path, replacing: false).run(in: Session(actor: context.principal.account, logbook: context.service.logbook()))
        } catch {
            throw APIError(error)
        }
        // Sent from the open file in blocks, never held whole in memory; the
        // folder is removed at once, and the file goes when the response closes it.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw APIError(LogbookError(.internalFailure("the backup at \(path) cannot be read back")))
        }
        var response = HTTPResponse(
            status: 200, contentType: "application/vnd.sqlite3",
            headers: [("Content-Disposition", "attachment; filename=\"gaslog-backup.sqlite\"")], body: [])
        response.stream = ResponseStream(descriptor: descriptor)
        return response
    }

    /// A CSV body imported all or nothing, as `gaslog import` does; its
    /// flags are the query's, the file is the body.
    private static let importFills = Route.CustomCall(query: ImportFills.flags, body: .file(mediaType: "text/csv"), handle: handleImportFills)

    /// The import's allowed query keys, worked out once.
    private static let importInputs = AllowedInputs(ImportFills.flags)

    private static func handleImportFills(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        let values = try RequestInput.query(context.request.query).values(for: importInputs)
        guard MediaType.matches(context.request.headers["content-type"], "text/csv") else {
            throw APIError(415, "unsupported_media_type", "the body must be CSV (Content-Type: text/csv)")
        }
        let request = context.request
        let body = { () throws(LogbookError) in
            request.bodyFile.map { ByteStream(descriptor: $0.descriptor, name: "the request body") }
                ?? ByteStream(bytes: request.body, name: "the request body")
        }
        let session = Session(actor: context.principal.account, logbook: context.service.logbook())
        do {
            let result = try ImportFills(InputReader(values, session: session), source: body).run(in: session)
            return HTTPResponse.json(200, result.json(warnings: session.warnings).text)
        } catch {
            throw APIError(error)
        }
    }

    /// A setting changed: `{"value": …}`. An unknown setting is 404, since
    /// its key is the path's.
    private static let setConfig = Route.CustomCall(
        path: ["key": Argument<Setting>("key", help: "A setting's key.")],
        body: .json([
            Option<String>(
                "value", value: "value", schema: .of(.string, .number).examples(.string("imperial"), .integer(5), .string("0.16")),
                help: "The new value, checked against the setting's range or choices."
            ) { $0 }.required()
        ]),
        handle: handleSetConfig)

    private static func handleSetConfig(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        let input = try RequestInput.body(context.request.body, contentType: context.request.headers["content-type"])
        guard input.values.count == 1, input.values[0].key == "value", case .text(let value) = input.values[0].value else {
            throw .badInput("the body must be {\"value\": …}")
        }
        guard let setting = Setting(rawValue: context.parameters["key"] ?? "") else {
            throw APIError(404, "not_found", "no setting is named \(context.parameters["key"] ?? "")")
        }
        let values = InputValues([ChangeSetting.key.spec.key: .text(setting.key), ChangeSetting.value.spec.key: .text(value)])
        do {
            let outcome = try ChangeSetting.run(values, in: Session(actor: context.principal.account, logbook: context.service.logbook()))
            return HTTPResponse(status: 200, body: Array(outcome.encoded.utf8))
        } catch {
            throw APIError(error)
        }
    }

    /// The OpenAPI document, generated from this table on first use.
    private static let openAPI = Route.CustomCall(handle: handleOpenAPI)

    private static func handleOpenAPI(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        HTTPResponse(status: 200, body: OpenAPIDocument.bytes)
    }
}

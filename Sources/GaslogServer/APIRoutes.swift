import Foundation
import GaslogCore
import LogbookStore

/// Every endpoint of the API, as data. Most are a `gaslog` command run in
/// the server's process, so that their JSON is the CLI's, key for key and
/// byte for byte.
enum APIRoutes {
    static let all: [Route] = [
        Route("GET", "/healthz", .anyone, .custom(health)),
        // A gas alone on this path: the cylinder is the other path's.
        .useCase("GET", "/api/v1/mod", .reader, MaximumDepth.self, allowing: MaximumDepth.gasInputs),
        .useCase("GET", "/api/v1/cylinders", .reader, ListCylinders.self),
        .useCase("GET", "/api/v1/cylinders/{name}", .reader, ShowCylinder.self, pathInputs: ["name": "cylinder"]),
        .useCase("GET", "/api/v1/cylinders/{name}/mod", .reader, MaximumDepth.self, pathInputs: ["name": "cylinder"]),
        .useCase("POST", "/api/v1/cylinders", .blender, AddCylinder.self, input: .body, answersCreated: true),
        .useCase("PATCH", "/api/v1/cylinders/{name}", .admin, EditCylinder.self, input: .body, pathInputs: ["name": "cylinder"]),
        .useCase("POST", "/api/v1/cylinders/{name}/retire", .admin, RetireCylinder.self, input: .body, pathInputs: ["name": "cylinder"]),
        .useCase("GET", "/api/v1/compressors", .reader, ListCompressors.self),
        .useCase("GET", "/api/v1/compressors/{name}", .reader, ShowCompressor.self, pathInputs: ["name": "compressor"]),
        .useCase("GET", "/api/v1/compressors/{name}/log", .reader, ReadCompressorLog.self, pathInputs: ["name": "compressor"]),
        .useCase("POST", "/api/v1/compressors", .admin, AddCompressor.self, input: .body, answersCreated: true),
        .useCase("PATCH", "/api/v1/compressors/{name}", .admin, EditCompressor.self, input: .body, pathInputs: ["name": "compressor"]),
        .useCase(
            "POST", "/api/v1/compressors/{name}/retire", .admin, RetireCompressor.self, input: .body, pathInputs: ["name": "compressor"]),
        .useCase(
            "POST", "/api/v1/compressors/{name}/reinstate", .admin, ReinstateCompressor.self, input: .body,
            pathInputs: ["name": "compressor"]),
        .useCase(
            "POST", "/api/v1/compressors/{name}/runs", .blender, RecordCompressorRun.self, input: .body, pathInputs: ["name": "compressor"]),
        .useCase(
            "POST", "/api/v1/compressors/{name}/filters", .blender, RecordFilterChange.self, input: .body,
            pathInputs: ["name": "compressor"]),
        .useCase("POST", "/api/v1/compressors/{name}/tests", .admin, RecordAirTest.self, input: .body, pathInputs: ["name": "compressor"]),
        .useCase("POST", "/api/v1/fills", .blender, RecordFill.self, input: .body, answersCreated: true),
        .streamedUseCase("GET", "/api/v1/fills", .reader, ReadLog.self),
        Route("GET", "/api/v1/fills/{id}", .reader, .custom(oneFill)),
        .useCase("GET", "/api/v1/fills/{id}/tag", .reader, ShowTag.self, pathInputs: ["id": "fill-id"]),
        .useCase("POST", "/api/v1/fills/{id}/void", .blender, VoidFill.self, input: .body, pathInputs: ["id": "fill-id"]),
        .useCase("POST", "/api/v1/fills/{id}/adjustments", .admin, AdjustCharge.self, input: .body, pathInputs: ["id": "fill-id"]),
        Route("GET", "/api/v1/export", .reader, .custom(export)),
        Route("POST", "/api/v1/import", .admin, .custom(importFills)),
        Route("GET", "/api/v1/backup", .admin, .custom(backup)),
        .useCase("GET", "/api/v1/due", .reader, ListDue.self),
        .useCase("GET", "/api/v1/best-mix", .reader, BestMix.self),
        .useCase("GET", "/api/v1/ead", .reader, EquivalentAirDepth.self),
        .useCase("GET", "/api/v1/end", .reader, EquivalentNarcoticDepth.self),
        .useCase("GET", "/api/v1/ppo2", .reader, PartialPressureAtDepth.self),
        .useCase("GET", "/api/v1/table", .reader, DepthTable.self),
        .useCase("POST", "/api/v1/blend", .blender, PlanBlend.self, input: .body),
        .useCase("GET", "/api/v1/bills", .admin, ShowBill.self),
        .useCase("GET", "/api/v1/prices", .reader, ListPrices.self),
        .useCase("PUT", "/api/v1/prices/{item}", .admin, SetPrice.self, input: .body, pathInputs: ["item": "item"]),
        .useCase("POST", "/api/v1/payments", .admin, AddPayment.self, input: .body),
        .useCase("POST", "/api/v1/payments/{id}/void", .admin, VoidPayment.self, input: .body, pathInputs: ["id": "payment-id"]),
        .useCase("GET", "/api/v1/config", .reader, ListSettings.self),
        Route("PUT", "/api/v1/config/{key}", .admin, .custom(setConfig)),
        Route("GET", "/api/v1/openapi.json", .reader, .custom(openAPI)),
    ]

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
        return HTTPResponse.json(health == .ok ? 200 : 503, #"{"status":""# + health.rawValue + #""}"#)
    }

    /// One fill, with the export's keys; no query parameters.
    private static let oneFill = Route.CustomCall(path: ["id": CommonOptions.fillID], handle: handleOneFill)

    private static func handleOneFill(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        guard context.request.query.isEmpty else { throw .badInput("this path takes no query parameters") }
        guard let id = Int(context.parameters["id"] ?? ""), id > 0 else {
            throw APIError(404, "not_found", "no fill has id \(context.parameters["id"] ?? "")")
        }
        do {
            return HTTPResponse.json(200, FillLogFormat.json(try context.service.logbook().fill(id: id)).text)
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
            try context.service.logbook().backup(to: path, replacing: false)
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

    /// A CSV body imported all or nothing, as `gaslog import` does.
    private static let importFills = Route.CustomCall(
        query: [
            Flag("dry-run", help: "true: check the file and count, but import nothing."),
            Flag(
                "charge",
                help:
                    "true: charge the imported fills at this logbook's prices in force at each fill's time, with this register's volumes. Otherwise no charge is made: the fills were billed where they were recorded."
            ),
        ], body: .file(mediaType: "text/csv"),
        handle: handleImportFills)

    private static func handleImportFills(_ context: RouteContext) throws(APIError) -> HTTPResponse {
        var flags = ["dry_run": false, "charge": false]
        for (name, value) in context.request.query {
            guard flags[name] != nil else { throw .badInput("unknown query parameter '\(name)'", field: name) }
            guard ["true", "false"].contains(value) else { throw .badInput("\(name) is true or false, not '\(value)'", field: name) }
            flags[name] = value == "true"
        }
        let dryRun = flags["dry_run"] == true
        guard MediaType.matches(context.request.headers["content-type"], "text/csv") else {
            throw APIError(415, "unsupported_media_type", "the body must be CSV (Content-Type: text/csv)")
        }
        do {
            let body =
                context.request.bodyFile.map { ByteStream(descriptor: $0.descriptor, name: "the request body") }
                ?? ByteStream(bytes: context.request.body, name: "the request body")
            let summary = try context.service.logbook().importFills(
                from: body, actor: context.principal.account, dryRun: dryRun, charging: flags["charge"] == true ? FillCharger.self : nil)
            return HTTPResponse.json(
                200,
                JSONValue.object([
                    ("imported", .integer(summary.imported)), ("skipped_duplicates", .integer(summary.skippedDuplicates)),
                    ("dry_run", .bool(dryRun)),
                ]).text)
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

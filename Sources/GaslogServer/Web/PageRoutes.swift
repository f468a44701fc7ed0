import GaslogCore

/// Every page, as data: its method and path, who may open it, and what
/// answers it. With ``APIRoutes`` this is the server's one route table: the
/// choice between the pages and the API, 404, 405 with `Allow`, and HEAD all
/// come from it.
enum PageRoutes {
    static let all: [Route] =
        [
            Route("GET", "/static/app.css", .anyone, .asset(contentType: "text/css; charset=utf-8", body: WebStyle.css)),
            Route("GET", "/static/app.js", .anyone, .asset(contentType: "text/javascript; charset=utf-8", body: WebScript.js)),
            Route("GET", "/signin", .anyone, .signIn),
            Route("POST", "/signin", .anyone, .signIn),
            page("POST", "/signout", .reader) { context, _ throws(WebError) in context.signOut() },
            page("GET", "/prefs/unit", .reader) { context, _ throws(WebError) in try context.chooseUnit() },
            page("GET", "/", .reader) { context, _ throws(WebError) in try BoardPage.render(context) },
            // Any cylinder by its name in the query: the pages link so the
            // names a browser would rewrite as dot segments, `.` and `..`.
            page("GET", "/cylinders", .reader) { context, _ throws(WebError) in try CylinderPage.render(context, name: context.value("name") ?? "")
            },
            page("GET", "/cylinders/{name}", .reader) { context, path throws(WebError) in try CylinderPage.render(context, name: path["name"] ?? "")
            },
            page("POST", "/cylinders/{name}/edit", .admin) { context, path throws(WebError) in
                try CylinderPage.change(context, name: path["name"] ?? "", action: "edit")
            },
            page("POST", "/cylinders/edit", .admin) { context, _ throws(WebError) in
                try CylinderPage.change(context, name: context.value("name") ?? "", action: "edit")
            },
            page("POST", "/cylinders/{name}/rename", .admin) { context, path throws(WebError) in
                try CylinderPage.change(context, name: path["name"] ?? "", action: "rename")
            },
            page("POST", "/cylinders/rename", .admin) { context, _ throws(WebError) in
                try CylinderPage.change(context, name: context.value("name") ?? "", action: "rename")
            },
            page("POST", "/cylinders/{name}/retire", .admin) { context, path throws(WebError) in
                try CylinderPage.change(context, name: path["name"] ?? "", action: "retire")
            },
            page("POST", "/cylinders/retire", .admin) { context, _ throws(WebError) in
                try CylinderPage.change(context, name: context.value("name") ?? "", action: "retire")
            },
            page("POST", "/cylinders/{name}/reinstate", .admin) { context, path throws(WebError) in
                try CylinderPage.change(context, name: path["name"] ?? "", action: "reinstate")
            },
            page("POST", "/cylinders/reinstate", .admin) { context, _ throws(WebError) in
                try CylinderPage.change(context, name: context.value("name") ?? "", action: "reinstate")
            },
            page("GET", "/new-cylinder", .blender) { context, _ throws(WebError) in try NewCylinderPage.form(context) },
            page("POST", "/new-cylinder", .blender) { context, _ throws(WebError) in try NewCylinderPage.add(context) },
            page("GET", "/fill", .blender) { context, _ throws(WebError) in try FillPage.form(context) },
            page("POST", "/fill", .blender) { context, _ throws(WebError) in try FillPage.record(context) },
            page("GET", "/fills/{id}/tag", .reader) { context, path throws(WebError) in try TagPage.render(context, id: path["id"] ?? "") },
            page("POST", "/fills/{id}/void", .blender) { context, path throws(WebError) in try TagPage.void(context, id: path["id"] ?? "") },
            page("GET", "/compressors", .reader) { context, _ throws(WebError) in try CompressorPage.render(context) },
            page("GET", "/due", .reader) { context, _ throws(WebError) in try DuePage.render(context) },
            page("GET", "/log", .reader) { context, _ throws(WebError) in try LogPage.render(context) },
            page("GET", "/log/export", .reader) { context, _ throws(WebError) in try LogPage.export(context) },
            page("GET", "/calculators", .reader) { context, _ throws(WebError) in try CalculatorPage.render(context) },
            page("GET", "/report", .reader) { context, _ throws(WebError) in try YearReportPage.render(context) },
            page("GET", "/admin", .admin) { context, _ throws(WebError) in try AdminPage.render(context) },
            page("GET", "/bills", .admin) { context, _ throws(WebError) in try BillsPage.render(context) },
        ]
        + BillingForm.allCases.map { form in
            page("POST", form.path, .admin) { context, _ throws(WebError) in try BillsPage.change(context, form: form) }
        }
        + CompressorForm.allCases.map { form in
            page("POST", form.path, form.level) { context, _ throws(WebError) in try CompressorPage.record(context, form: form) }
        }
        + ["add", "role", "remove", "token", "revoke", "setting"].map { action in
            page("POST", "/admin/" + action, .admin) { context, _ throws(WebError) in try AdminPage.change(context, action: action) }
        }

    /// A page for a signed-in account of at least `level`.
    static func page(
        _ method: String, _ path: String, _ level: Principal.Level,
        _ handler: @escaping @Sendable (WebContext, [String: String]) throws(WebError) -> HTTPResponse
    ) -> Route {
        Route(method, path, .signedIn(level), .page(handler))
    }
}

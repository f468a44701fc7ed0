/// The OpenAPI 3.1 description of the API, as `GET /api/v1/openapi.json`
/// serves it: every route in ``APIRoutes`` and `GET /healthz`, the query
/// parameters and body keys each takes (the command's long options, `_` for
/// `-`, and `cylinder` for the name a command takes), the JSON each answers,
/// and the shared error body. `scripts/api-contract` checks the running
/// server against it.
///
/// Keep it in step with ``APIRoutes`` and the commands' options: a key a
/// command gains is unknown to clients and to the contract test until it is
/// listed here. Response schemas allow extra keys, so that output a command
/// gains never breaks a client.
enum OpenAPIDocument {
    /// The document as one JSON text.
    static let text = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "gaslog",
            "version": "0.1.0",
            "summary": "A dive-gas logbook: which gas went into which cylinder, and how deep it can go.",
            "description": "The HTTP API of `gaslog serve`. Each endpoint runs a `gaslog` command, and its JSON is the command's `--json` output, key for key; later versions may add keys, never remove them. GET endpoints take the command's long options as query parameters, `_` for `-`; POST and PATCH take a JSON object with the same keys (and `cylinder` for the name a command takes), flags as true or false. An unknown or repeated parameter or key is 400. Every error is `{\"error\": {\"status\", \"code\", \"rules\", \"message\"}}`. Roles: reader (every GET), blender (also fills, voids and blend plans), admin (everything)."
          },
          "tags": [
            {
              "name": "calculations",
              "description": "Pure calculations: MOD, best mix, EAD, END, ppO2, tables, blend plans."
            },
            {"name": "cylinders", "description": "The cylinder register and each cylinder's current gas."},
            {"name": "fills", "description": "The fill log."},
            {"name": "settings", "description": "The logbook's settings."},
            {"name": "logbook", "description": "The logbook as a whole: a consistent backup of it."},
            {"name": "service", "description": "The server itself."}
          ],
          "security": [{"bearerAuth": []}, {"basicAuth": []}],
          "paths": {
            "/healthz": {
              "get": {
                "operationId": "health",
                "tags": ["service"],
                "summary": "Whether the server can read its logbook",
                "description": "Needs no credentials. HEAD is answered too.",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The logbook can be read.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Health"}}}
                  },
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/openapi.json": {
              "get": {
                "operationId": "openapi",
                "tags": ["service"],
                "summary": "This document",
                "description": "The OpenAPI 3.1 description of the API. Needs the role reader or above.",
                "responses": {
                  "200": {
                    "description": "The document.",
                    "content": {
                      "application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "413": {"$ref": "#/components/responses/TooLarge"}
                }
              }
            },
            "/api/v1/mod": {
              "get": {
                "operationId": "modOfMix",
                "tags": ["calculations"],
                "summary": "Maximum operating depth of a mix",
                "description": "A pure calculation, as `gaslog mod --o2`: nothing is stored. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/O2RequiredQuery"},
                  {"$ref": "#/components/parameters/HeQuery"},
                  {"$ref": "#/components/parameters/Ppo2Query"},
                  {"$ref": "#/components/parameters/RoundQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The MOD.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/MixMOD"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/cylinders": {
              "get": {
                "operationId": "listCylinders",
                "tags": ["cylinders"],
                "summary": "Every cylinder with its current gas",
                "description": "As `gaslog list --json`: one element per cylinder, with its current gas's label, O2, ppO2 and MOD. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/RoundQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The cylinders.",
                    "content": {
                      "application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/CurrentGas"}}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              },
              "post": {
                "operationId": "addCylinder",
                "tags": ["cylinders"],
                "summary": "Add a cylinder to the register",
                "description": "As `gaslog cylinder add`. Needs the role admin or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/NewCylinder"},
                      "example": {
                        "cylinder": "Club 07",
                        "serial": "AB1234",
                        "volume": 12,
                        "working_pressure": "232bar",
                        "hydro": "2024-03-01",
                        "o2_clean": true
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The cylinder added.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cylinder"}}},
                    "headers": {
                      "Location": {"description": "The path of the new cylinder.", "schema": {"type": "string"}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/cylinders/{name}": {
              "parameters": [{"$ref": "#/components/parameters/CylinderName"}],
              "get": {
                "operationId": "showCylinder",
                "tags": ["cylinders"],
                "summary": "One cylinder",
                "description": "As `gaslog cylinder show --json`: its register facts, when its inspections fall due, its current gas and its history. Needs the role reader or above.",
                "parameters": [{"$ref": "#/components/parameters/UnitQuery"}],
                "responses": {
                  "200": {
                    "description": "The cylinder.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cylinder"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              },
              "patch": {
                "operationId": "editCylinder",
                "tags": ["cylinders"],
                "summary": "Change a cylinder's register facts",
                "description": "As `gaslog cylinder edit`: keys given are set, facts in clear are emptied, the rest are kept. Needs the role admin or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/CylinderChanges"},
                      "example": {"visual": "2026-11-29", "clear": ["owner"]}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The cylinder as it now is.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cylinder"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/cylinders/{name}/mod": {
              "parameters": [{"$ref": "#/components/parameters/CylinderName"}],
              "get": {
                "operationId": "modOfCylinder",
                "tags": ["cylinders"],
                "summary": "Maximum operating depth of a cylinder's current gas",
                "description": "As `gaslog mod CYLINDER --json`. A cylinder without a current gas is refused (422). Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/Ppo2Query"},
                  {"$ref": "#/components/parameters/RoundQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The cylinder's current gas and its MOD.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CylinderMOD"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/cylinders/{name}/retire": {
              "parameters": [{"$ref": "#/components/parameters/CylinderName"}],
              "post": {
                "operationId": "retireCylinder",
                "tags": ["cylinders"],
                "summary": "Retire a cylinder",
                "description": "As `gaslog cylinder retire`: it is never deleted, and can no longer be filled. Needs the role admin or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/Retirement"},
                      "example": {"reason": "failed hydrostatic test"}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The cylinder as it now is.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Cylinder"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/fills": {
              "get": {
                "operationId": "listFills",
                "tags": ["fills"],
                "summary": "The fill history, newest first",
                "description": "As `gaslog log --json`: the export's keys, then each fill's MOD and pressure in the unit. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/SinceQuery"},
                  {"$ref": "#/components/parameters/UntilQuery"},
                  {"$ref": "#/components/parameters/CylinderQuery"},
                  {"$ref": "#/components/parameters/BlenderQuery"},
                  {"$ref": "#/components/parameters/DiverQuery"},
                  {"$ref": "#/components/parameters/GasQuery"},
                  {"$ref": "#/components/parameters/OverriddenQuery"},
                  {
                    "name": "limit",
                    "in": "query",
                    "required": false,
                    "schema": {"type": "integer", "minimum": 1, "maximum": 1000000},
                    "description": "At most this many fills."
                  },
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The fills.",
                    "content": {
                      "application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/LoggedFill"}}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              },
              "post": {
                "operationId": "recordFill",
                "tags": ["fills"],
                "summary": "Record a fill",
                "description": "As `gaslog fill`: the fill-station checks run against the register first, and a refusal lists its rules (422) unless override gives a reason. Needs the role blender or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/NewFill"},
                      "example": {
                        "cylinder": "Club 07",
                        "o2": 32,
                        "pressure": "232bar",
                        "blender": "Ann",
                        "diver": "Bo",
                        "diver_o2": 32.2
                      }
                    }
                  }
                },
                "responses": {
                  "201": {
                    "description": "The fill recorded.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Fill"}}},
                    "headers": {"Location": {"description": "The path of the new fill.", "schema": {"type": "string"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/fills/{id}": {
              "parameters": [{"$ref": "#/components/parameters/FillId"}],
              "get": {
                "operationId": "showFill",
                "tags": ["fills"],
                "summary": "One fill",
                "description": "The fill with the export's keys. Takes no query parameters. Needs the role reader or above.",
                "responses": {
                  "200": {
                    "description": "The fill.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Fill"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/fills/{id}/tag": {
              "parameters": [{"$ref": "#/components/parameters/FillId"}],
              "get": {
                "operationId": "fillTag",
                "tags": ["fills"],
                "summary": "The tag for a fill",
                "description": "As `gaslog tag --json`. Needs the role reader or above.",
                "parameters": [{"$ref": "#/components/parameters/UnitQuery"}],
                "responses": {
                  "200": {
                    "description": "The tag.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TaggedFill"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/fills/{id}/void": {
              "parameters": [{"$ref": "#/components/parameters/FillId"}],
              "post": {
                "operationId": "voidFill",
                "tags": ["fills"],
                "summary": "Mark a fill void",
                "description": "As `gaslog void`: nothing is deleted, and a fill is voided once (409 the second time). Needs the role blender or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/Voiding"},
                      "example": {"reason": "analyser not calibrated"}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The fill, now void.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Fill"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "409": {"$ref": "#/components/responses/Conflict"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/export": {
              "get": {
                "operationId": "exportFills",
                "tags": ["fills"],
                "summary": "Export the fill log",
                "description": "As `gaslog export`: CSV (RFC 4180, UTF-8, CRLF line ends) or JSON, in the order the fills were recorded, with the log's filters. Needs the role reader or above.",
                "parameters": [
                  {
                    "name": "format",
                    "in": "query",
                    "required": false,
                    "schema": {"type": "string", "enum": ["csv", "json"], "description": "Case is ignored."},
                    "description": "csv (the default) or json."
                  },
                  {"$ref": "#/components/parameters/SinceQuery"},
                  {"$ref": "#/components/parameters/UntilQuery"},
                  {"$ref": "#/components/parameters/CylinderQuery"},
                  {"$ref": "#/components/parameters/BlenderQuery"},
                  {"$ref": "#/components/parameters/DiverQuery"},
                  {"$ref": "#/components/parameters/GasQuery"},
                  {"$ref": "#/components/parameters/OverriddenQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The fills: CSV with a header record, or a JSON array.",
                    "content": {
                      "text/csv": {"schema": {"type": "string"}},
                      "application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Fill"}}}
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/backup": {
              "get": {
                "operationId": "backupLogbook",
                "tags": ["logbook"],
                "summary": "A consistent copy of the logbook",
                "description": "As `gaslog backup`: the logbook as one SQLite file, copied with SQLite's online backup API while fills go on being recorded, and checked (integrity, foreign keys, schema version, audit trail) before it is sent. Takes no query parameters. Needs the role admin.",
                "responses": {
                  "200": {
                    "description": "The copy, a SQLite database file without a write-ahead log.",
                    "content": {"application/vnd.sqlite3": {"schema": {"type": "string", "format": "binary"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/import": {
              "post": {
                "operationId": "importFills",
                "tags": ["fills"],
                "summary": "Import fills from CSV",
                "description": "As `gaslog import`: all or nothing; rows already in the log are skipped. The CSV is the export's, and a file without the later appended columns is accepted. Needs the role admin or above.",
                "parameters": [
                  {
                    "name": "dry_run",
                    "in": "query",
                    "required": false,
                    "schema": {"type": "boolean"},
                    "description": "true: check the file and count, but import nothing."
                  }
                ],
                "requestBody": {"required": true, "content": {"text/csv": {"schema": {"type": "string"}}}},
                "responses": {
                  "200": {
                    "description": "What was (or, on a dry run, would be) imported.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ImportSummary"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/due": {
              "get": {
                "operationId": "dueInspections",
                "tags": ["cylinders"],
                "summary": "Inspections overdue or falling due soon",
                "description": "As `gaslog due --json`: soonest first; retired cylinders and unknown dates are left out. Needs the role reader or above.",
                "parameters": [
                  {
                    "name": "within",
                    "in": "query",
                    "required": false,
                    "schema": {"type": "integer", "minimum": 0, "maximum": 3650},
                    "description": "Include inspections due within this many days (default 30)."
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The inspections.",
                    "content": {
                      "application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/DueInspection"}}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/best-mix": {
              "get": {
                "operationId": "bestMix",
                "tags": ["calculations"],
                "summary": "The best mix for a planned depth",
                "description": "As `gaslog best-mix --json`: the richest nitrox whose MOD reaches the depth or, with end, the best trimix. No answer is 422. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/DepthQuery"},
                  {
                    "name": "end",
                    "in": "query",
                    "required": false,
                    "schema": {"$ref": "#/components/schemas/Depth"},
                    "description": "The deepest END allowed: with it, the answer is a trimix."
                  },
                  {"$ref": "#/components/parameters/Ppo2Query"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The mix.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BestMix"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/ead": {
              "get": {
                "operationId": "equivalentAirDepth",
                "tags": ["calculations"],
                "summary": "Equivalent air depth of a nitrox at a depth",
                "description": "As `gaslog ead --json`. A depth where the mix is not breathable is 422. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/O2RequiredQuery"},
                  {"$ref": "#/components/parameters/HeQuery"},
                  {"$ref": "#/components/parameters/DepthQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The EAD.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/EAD"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/end": {
              "get": {
                "operationId": "equivalentNarcoticDepth",
                "tags": ["calculations"],
                "summary": "Equivalent narcotic depth and gas density at a depth",
                "description": "As `gaslog end --json`. A depth where the mix is not breathable is 422. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/O2RequiredQuery"},
                  {"$ref": "#/components/parameters/HeQuery"},
                  {"$ref": "#/components/parameters/DepthQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The END and density.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/END"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/ppo2": {
              "get": {
                "operationId": "partialPressure",
                "tags": ["calculations"],
                "summary": "The ppO2 of a mix at a depth",
                "description": "As `gaslog ppo2 --json`. Needs the role reader or above.",
                "parameters": [
                  {"$ref": "#/components/parameters/O2RequiredQuery"},
                  {"$ref": "#/components/parameters/HeQuery"},
                  {"$ref": "#/components/parameters/DepthQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The ppO2.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PartialPressure"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/table": {
              "get": {
                "operationId": "modTable",
                "tags": ["calculations"],
                "summary": "A nitrox MOD table",
                "description": "As `gaslog table --json`: one row per O2 percentage, one MOD per ppO2 column. Needs the role reader or above.",
                "parameters": [
                  {
                    "name": "from",
                    "in": "query",
                    "required": false,
                    "schema": {"$ref": "#/components/schemas/Gas"},
                    "description": "First O2 percentage (default 21): a nitrox, without helium."
                  },
                  {
                    "name": "to",
                    "in": "query",
                    "required": false,
                    "schema": {"$ref": "#/components/schemas/Gas"},
                    "description": "Last O2 percentage (default 40): a nitrox, without helium."
                  },
                  {
                    "name": "step",
                    "in": "query",
                    "required": false,
                    "schema": {"type": ["string", "number"], "examples": [1, "0.5"]},
                    "description": "O2 step in percentage points, 0.1 to 79 with at most one decimal (default 1)."
                  },
                  {
                    "name": "ppo2",
                    "in": "query",
                    "required": false,
                    "schema": {"type": ["string", "number"], "examples": ["1.2,1.4,1.6", 1.4]},
                    "description": "Comma-separated ppO2 columns, each 1.0 to 1.6 (default 1.4,1.5,1.6)."
                  },
                  {"$ref": "#/components/parameters/RoundQuery"},
                  {"$ref": "#/components/parameters/UnitQuery"}
                ],
                "responses": {
                  "200": {
                    "description": "The rows.",
                    "content": {
                      "application/json": {
                        "schema": {"type": "array", "items": {"$ref": "#/components/schemas/TableRow"}}
                      }
                    }
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/blend": {
              "post": {
                "operationId": "planBlend",
                "tags": ["calculations"],
                "summary": "Plan a partial-pressure blend",
                "description": "As `gaslog blend --json`, from what a logged cylinder holds. Nothing is stored. A cylinder not oxygen-clean, or a target above its working pressure, is refused (422) unless override gives a reason. Needs the role blender or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/BlendRequest"},
                      "example": {"cylinder": "Club 07", "target": 36, "to": 200, "from": 50}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The plan.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/BlendPlan"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/config": {
              "get": {
                "operationId": "listSettings",
                "tags": ["settings"],
                "summary": "Every setting",
                "description": "As `gaslog config list --json`. Needs the role reader or above.",
                "responses": {
                  "200": {
                    "description": "The settings.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Settings"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            },
            "/api/v1/config/{key}": {
              "parameters": [{"$ref": "#/components/parameters/SettingKey"}],
              "put": {
                "operationId": "setSetting",
                "tags": ["settings"],
                "summary": "Change a setting",
                "description": "As `gaslog config set`. Needs the role admin or above.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/NewSettingValue"},
                      "example": {"value": "imperial"}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The setting and the value stored.",
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SettingValue"}}}
                  },
                  "400": {"$ref": "#/components/responses/BadInput"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "405": {"$ref": "#/components/responses/MethodNotAllowed"},
                  "413": {"$ref": "#/components/responses/TooLarge"},
                  "415": {"$ref": "#/components/responses/UnsupportedMediaType"},
                  "422": {"$ref": "#/components/responses/Refused"},
                  "503": {"$ref": "#/components/responses/Unavailable"}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearerAuth": {
                "type": "http",
                "scheme": "bearer",
                "description": "An API token: Authorization: Bearer TOKEN."
              },
              "basicAuth": {"type": "http", "scheme": "basic", "description": "An account's name and password."}
            },
            "parameters": {
              "O2Query": {
                "name": "o2",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Gas"},
                "description": "The gas.",
                "example": "EAN32"
              },
              "O2RequiredQuery": {
                "name": "o2",
                "in": "query",
                "required": true,
                "schema": {"$ref": "#/components/schemas/Gas"},
                "description": "The gas.",
                "example": "EAN32"
              },
              "HeQuery": {
                "name": "he",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Helium"},
                "description": "Helium, with o2 as an O2 percentage."
              },
              "Ppo2Query": {
                "name": "ppo2",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/PartialPressureLimit"},
                "description": "The ppO2 limit."
              },
              "RoundQuery": {
                "name": "round",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Rounding"},
                "description": "How a MOD is rounded."
              },
              "UnitQuery": {
                "name": "unit",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Unit"},
                "description": "The unit system of the answer."
              },
              "DepthQuery": {
                "name": "depth",
                "in": "query",
                "required": true,
                "schema": {"$ref": "#/components/schemas/Depth"},
                "description": "The planned depth.",
                "example": 30
              },
              "SinceQuery": {
                "name": "since",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Time"},
                "description": "Only fills at or after this date or time.",
                "example": "2026-01-01"
              },
              "UntilQuery": {
                "name": "until",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Time"},
                "description": "Only fills up to this date (the whole day) or time, inclusive.",
                "example": "2026-12-31"
              },
              "CylinderQuery": {
                "name": "cylinder",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/CylinderName"},
                "description": "Only this cylinder's fills; a name it had before a rename finds them too. An unknown name is 404."
              },
              "BlenderQuery": {
                "name": "blender",
                "in": "query",
                "required": false,
                "schema": {"type": "string"},
                "description": "Only fills by this blender (regardless of case)."
              },
              "DiverQuery": {
                "name": "diver",
                "in": "query",
                "required": false,
                "schema": {"type": "string"},
                "description": "Only fills this diver analysed (regardless of case)."
              },
              "GasQuery": {
                "name": "gas",
                "in": "query",
                "required": false,
                "schema": {"$ref": "#/components/schemas/Gas"},
                "description": "Only fills of this gas (the richer of the two readings)."
              },
              "OverriddenQuery": {
                "name": "overridden",
                "in": "query",
                "required": false,
                "schema": {"type": "boolean"},
                "description": "true: only fills recorded despite a fill-station check (with override)."
              },
              "CylinderName": {
                "name": "name",
                "in": "path",
                "required": true,
                "description": "The cylinder's name, percent-encoded as one path segment: a / in a name is sent as %2F. Names are matched regardless of case.",
                "schema": {"$ref": "#/components/schemas/CylinderName"},
                "example": "Club 07"
              },
              "FillId": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "A fill's id, as the log shows it.",
                "schema": {"type": "integer", "minimum": 1, "maximum": 9223372036854775807},
                "example": 1
              },
              "SettingKey": {
                "name": "key",
                "in": "path",
                "required": true,
                "description": "A setting's key.",
                "schema": {
                  "type": "string",
                  "enum": [
                    "unit",
                    "hydro-interval-years",
                    "visual-interval-months",
                    "o2-clean-above",
                    "overfill-margin-percent",
                    "rounding",
                    "fill-creates-cylinders",
                    "ppo2-min",
                    "o2-narcotic"
                  ]
                },
                "example": "unit"
              }
            },
            "schemas": {
              "Gas": {
                "type": ["string", "number"],
                "description": "A gas, as the CLI reads it: oxygen as a percentage from 21 to 100 with at most one decimal (32, 32.5, \"32%\") or a name (air, oxygen, O2, EAN32, EANx32, Nx32); or O2/helium (\"18/45\", \"Tx 18/45\", \"Trimix 18/45\", \"Heliox 21/79\"), O2 5 to 100 and helium 1 to 95.",
                "examples": [32, "EAN32", "18/45"]
              },
              "Helium": {
                "type": ["string", "number"],
                "description": "Helium in percent, 0 to 95 with at most one decimal (45, \"45%\"), for a gas given as an O2 percentage.",
                "examples": [45, "35"]
              },
              "PartialPressureLimit": {
                "type": ["string", "number"],
                "description": "ppO2 limit in bar, 1.0 to 1.6 with at most two decimals (default 1.4).",
                "examples": [1.4, "1.6"]
              },
              "Unit": {
                "type": "string",
                "enum": ["metric", "imperial"],
                "description": "metric (m, bar) or imperial (ft, psi); overrides the logbook's unit setting. Case is ignored."
              },
              "Rounding": {
                "type": "string",
                "enum": ["nearest", "down"],
                "description": "How a MOD is rounded: nearest (ties go shallower) or down; overrides the rounding setting. Case is ignored."
              },
              "Depth": {
                "type": ["string", "number"],
                "description": "A depth, 0 to 150 m or 0 to 500 ft (per unit), at most one decimal.",
                "examples": [30, "33.5"]
              },
              "Pressure": {
                "type": ["string", "number"],
                "description": "A pressure: 232, \"232bar\" or \"3000psi\"; a bare number is in the unit in force.",
                "examples": [232, "232bar", "3000psi"]
              },
              "CylinderName": {
                "type": "string",
                "minLength": 1,
                "description": "A cylinder's name: 1 to 64 characters, unique regardless of case.",
                "examples": ["Club 07"]
              },
              "Time": {
                "type": "string",
                "description": "A time, local to the server unless it carries Z or an offset: \"2026-11-29 19:00\", \"2026-11-29T08:00Z\", \"2026-11-29T20:00+01:00\", or a date alone.",
                "examples": ["2026-11-29 19:00", "2026-11-29T08:00Z", "2026-01-01"]
              },
              "Error": {
                "type": "object",
                "description": "Every error the API answers, whatever its status.",
                "required": ["error"],
                "properties": {
                  "error": {
                    "type": "object",
                    "required": ["status", "code", "rules", "message"],
                    "properties": {
                      "status": {"type": "integer", "description": "The HTTP status, again."},
                      "code": {
                        "type": "string",
                        "description": "A stable name: bad_input, unauthorized, forbidden, not_found, method_not_allowed, already_void, too_large, unsupported_media_type, refused, busy, read_only, internal."
                      },
                      "rules": {
                        "type": "array",
                        "description": "Every fill-station rule that refused, by its code; empty when none did.",
                        "items": {
                          "type": "string",
                          "enum": [
                            "retired",
                            "hydro_expired",
                            "visual_expired",
                            "over_pressure",
                            "not_oxygen_clean",
                            "tolerance"
                          ]
                        }
                      },
                      "message": {"type": "string", "description": "What went wrong, in words."}
                    }
                  }
                }
              },
              "Fill": {
                "type": "object",
                "properties": {
                  "id": {"type": "integer", "minimum": 1},
                  "filled_at": {"type": "string", "description": "UTC, ISO 8601."},
                  "cylinder": {"type": "string"},
                  "label": {"type": "string", "description": "The gas as the tag names it: EAN 32, Tx 18/45, Air."},
                  "o2": {"type": "number", "description": "The blender's O2 reading, percent."},
                  "ppo2": {"type": "number", "description": "The ppO2 the MOD was computed at, bar."},
                  "mod_m": {"type": "integer", "description": "The MOD on the tag, metres."},
                  "mod_ft": {"type": "integer", "description": "The MOD on the tag, feet."},
                  "pressure_bar": {"type": ["number", "null"]},
                  "blender": {"type": ["string", "null"]},
                  "diver": {"type": ["string", "null"]},
                  "cert": {"type": ["string", "null"]},
                  "diver_o2": {"type": ["number", "null"], "description": "The diver's O2 reading, percent."},
                  "note": {"type": ["string", "null"]},
                  "void_reason": {"type": ["string", "null"], "description": "Set when the fill is void."},
                  "override_reason": {
                    "type": ["string", "null"],
                    "description": "Set when a fill-station check was overridden."
                  },
                  "rounding": {"type": "string", "description": "nearest or down: how the MOD was rounded."},
                  "label_o2": {"type": "number", "description": "The O2 reading the label and MOD come from."},
                  "he": {"type": "number", "description": "The blender's helium reading, percent (0 for nitrox)."},
                  "diver_he": {"type": ["number", "null"]},
                  "label_he": {"type": "number", "description": "The helium the label and END come from."},
                  "recorded_by": {
                    "type": ["string", "null"],
                    "description": "The account that recorded the fill, where known."
                  },
                  "voided_by": {
                    "type": ["string", "null"],
                    "description": "The account that voided the fill, where known."
                  }
                },
                "required": [
                  "id",
                  "filled_at",
                  "cylinder",
                  "label",
                  "o2",
                  "ppo2",
                  "mod_m",
                  "mod_ft",
                  "pressure_bar",
                  "blender",
                  "diver",
                  "cert",
                  "diver_o2",
                  "note",
                  "void_reason",
                  "override_reason",
                  "rounding",
                  "label_o2",
                  "he",
                  "diver_he",
                  "label_he"
                ],
                "description": "A fill, with the export's keys (the CSV's columns), null for empty fields. Later versions may add keys."
              },
              "LoggedFill": {
                "description": "A fill as the log gives it: the export's keys, then its MOD and pressure in the unit in force.",
                "allOf": [
                  {"$ref": "#/components/schemas/Fill"},
                  {
                    "type": "object",
                    "properties": {
                      "unit": {
                        "type": "string",
                        "description": "metric or imperial: the unit of the depths and pressures."
                      },
                      "mod": {"type": "integer", "description": "The MOD in the unit's depth."},
                      "pressure": {
                        "type": ["number", "null"],
                        "description": "The fill pressure in bar (metric) or psi (imperial)."
                      }
                    },
                    "required": ["unit", "mod", "pressure"]
                  }
                ]
              },
              "TaggedFill": {
                "description": "A fill's tag: the log's keys, and which reading the MOD is from.",
                "allOf": [
                  {"$ref": "#/components/schemas/LoggedFill"},
                  {
                    "type": "object",
                    "properties": {"mod_from": {"type": "string", "enum": ["blender", "diver"]}},
                    "required": ["mod_from"]
                  }
                ]
              },
              "CurrentGas": {
                "type": "object",
                "properties": {
                  "cylinder": {"type": "string"},
                  "label": {
                    "type": ["string", "null"],
                    "description": "The current gas; null when the cylinder has none."
                  },
                  "o2": {"type": ["number", "null"]},
                  "diver_o2": {"type": ["number", "null"]},
                  "label_o2": {"type": ["number", "null"], "description": "The reading the label and MOD are from."},
                  "ppo2": {"type": ["number", "null"]},
                  "mod": {"type": ["integer", "null"]},
                  "tag_mod": {"type": ["integer", "null"]},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."},
                  "fill_id": {"type": ["integer", "null"]},
                  "filled_at": {"type": ["string", "null"]},
                  "retired": {"type": "boolean"},
                  "void_fill_ids": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Newer fills passed over because they are void."
                  },
                  "future_fill_ids": {
                    "type": "array",
                    "items": {"type": "integer"},
                    "description": "Newer fills passed over because they are dated in the future."
                  }
                },
                "required": [
                  "cylinder",
                  "label",
                  "o2",
                  "diver_o2",
                  "label_o2",
                  "ppo2",
                  "mod",
                  "tag_mod",
                  "unit",
                  "fill_id",
                  "filled_at",
                  "retired",
                  "void_fill_ids",
                  "future_fill_ids"
                ],
                "description": "A cylinder's current gas: its latest fill that is neither void nor dated in the future."
              },
              "CylinderMOD": {
                "description": "A cylinder's current gas and its MOD, with END, density and minimum depth at that MOD.",
                "allOf": [
                  {"$ref": "#/components/schemas/CurrentGas"},
                  {
                    "type": "object",
                    "properties": {
                      "min_depth": {
                        "type": ["integer", "null"],
                        "description": "The shallowest depth where the gas is not hypoxic; null when it is breathable at the surface."
                      },
                      "end": {"type": "integer", "description": "The equivalent narcotic depth at the MOD."},
                      "density": {"type": "number", "description": "Gas density at the MOD, g/L."}
                    },
                    "required": ["min_depth", "end", "density"]
                  }
                ]
              },
              "MixMOD": {
                "type": "object",
                "properties": {
                  "label": {"type": "string"},
                  "o2": {"type": "number"},
                  "ppo2": {"type": "number"},
                  "mod": {"type": "integer"},
                  "min_depth": {
                    "type": ["integer", "null"],
                    "description": "The shallowest depth where the gas is not hypoxic; null when it is breathable at the surface."
                  },
                  "end": {"type": "integer", "description": "The equivalent narcotic depth at the MOD."},
                  "density": {"type": "number", "description": "Gas density at the MOD, g/L."},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["label", "o2", "ppo2", "mod", "min_depth", "end", "density", "unit"],
                "description": "The MOD of a mix."
              },
              "Cylinder": {
                "type": "object",
                "properties": {
                  "cylinder": {"type": "string"},
                  "serial": {"type": ["string", "null"]},
                  "owner": {"type": ["string", "null"]},
                  "volume": {
                    "type": ["number", "null"],
                    "description": "Litres (metric), or cubic feet at working pressure (imperial)."
                  },
                  "volume_l": {"type": ["number", "null"]},
                  "working_pressure": {"type": ["number", "null"], "description": "Bar (metric) or psi (imperial)."},
                  "working_pressure_bar": {"type": ["number", "null"]},
                  "hydro": {"type": ["string", "null"], "description": "Date of the last hydrostatic test, YYYY-MM-DD."},
                  "hydro_due": {"type": ["string", "null"]},
                  "hydro_overdue": {"type": "boolean"},
                  "visual": {
                    "type": ["string", "null"],
                    "description": "Date of the last visual inspection, YYYY-MM-DD."
                  },
                  "visual_due": {"type": ["string", "null"]},
                  "visual_overdue": {"type": "boolean"},
                  "o2_clean": {"type": ["boolean", "null"], "description": "null when unknown."},
                  "note": {"type": ["string", "null"]},
                  "retired": {"type": "boolean"},
                  "retired_at": {"type": ["string", "null"]},
                  "retired_reason": {"type": ["string", "null"]},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."},
                  "current_gas": {"type": ["string", "null"], "description": "The current gas's label."},
                  "current_fill_id": {"type": ["integer", "null"]},
                  "earlier_names": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {"name": {"type": ["string", "null"]}, "until": {"type": "string"}},
                      "required": ["name", "until"]
                    }
                  },
                  "history": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "properties": {
                        "event": {"type": "string", "description": "renamed, retired or reinstated."},
                        "at": {"type": "string"},
                        "old_name": {"type": ["string", "null"]},
                        "new_name": {"type": ["string", "null"]},
                        "reason": {"type": ["string", "null"]}
                      },
                      "required": ["event", "at", "old_name", "new_name", "reason"]
                    }
                  },
                  "changes": {
                    "type": "array",
                    "description": "From the audit trail (show only): each register change, with the facts it changed.",
                    "items": {
                      "type": "object",
                      "properties": {
                        "at": {"type": "string"},
                        "actor": {"type": "string", "description": "The account; empty for the command line."},
                        "kind": {"type": "string", "description": "cylinder add, cylinder edit, cylinder rename, ..."},
                        "fields": {
                          "type": "array",
                          "items": {
                            "type": "object",
                            "properties": {"field": {"type": "string"}, "before": {}, "after": {}},
                            "required": ["field", "before", "after"]
                          }
                        }
                      },
                      "required": ["at", "actor", "kind", "fields"]
                    }
                  }
                },
                "required": [
                  "cylinder",
                  "serial",
                  "owner",
                  "volume",
                  "volume_l",
                  "working_pressure",
                  "working_pressure_bar",
                  "hydro",
                  "hydro_due",
                  "hydro_overdue",
                  "visual",
                  "visual_due",
                  "visual_overdue",
                  "o2_clean",
                  "note",
                  "retired",
                  "retired_at",
                  "retired_reason",
                  "unit",
                  "current_gas",
                  "current_fill_id",
                  "earlier_names",
                  "history"
                ],
                "description": "A cylinder in the register, with its current gas and its history."
              },
              "DueInspection": {
                "type": "object",
                "properties": {
                  "cylinder": {"type": "string"},
                  "inspection": {"type": "string", "enum": ["hydrostatic", "visual"]},
                  "last": {"type": "string", "description": "YYYY-MM-DD."},
                  "due": {"type": "string", "description": "Valid through this date, YYYY-MM-DD."},
                  "days_left": {"type": "integer", "description": "Negative when overdue."},
                  "overdue": {"type": "boolean"}
                },
                "required": ["cylinder", "inspection", "last", "due", "days_left", "overdue"]
              },
              "BestMix": {
                "type": "object",
                "properties": {
                  "o2": {"type": "number"},
                  "he": {"type": "number", "description": "With end only: the helium of the best trimix."},
                  "label": {"type": "string"},
                  "ppo2": {"type": "number"},
                  "depth": {"type": "number"},
                  "mod": {"type": "integer"},
                  "end": {"type": "integer", "description": "With end only: the END at the depth."},
                  "min_depth": {
                    "type": ["integer", "null"],
                    "description": "With end only: the shallowest depth where the mix is not hypoxic."
                  },
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["o2", "label", "ppo2", "depth", "mod", "unit"],
                "description": "The richest nitrox whose MOD reaches the depth or, with end, the best trimix."
              },
              "EAD": {
                "type": "object",
                "properties": {
                  "o2": {"type": "number"},
                  "label": {"type": "string"},
                  "depth": {"type": "number"},
                  "ead": {"type": "integer"},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["o2", "label", "depth", "ead", "unit"],
                "description": "The equivalent air depth of a nitrox at a depth."
              },
              "END": {
                "type": "object",
                "properties": {
                  "label": {"type": "string"},
                  "o2": {"type": "number"},
                  "he": {"type": "number"},
                  "depth": {"type": "number"},
                  "end": {"type": "integer"},
                  "density": {"type": "number", "description": "g/L."},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["label", "o2", "he", "depth", "end", "density", "unit"],
                "description": "The equivalent narcotic depth and gas density of a mix at a depth."
              },
              "PartialPressure": {
                "type": "object",
                "properties": {
                  "o2": {"type": "number"},
                  "label": {"type": "string"},
                  "depth": {"type": "number"},
                  "ppo2": {"type": "number", "description": "bar, two decimals rounded up."},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["o2", "label", "depth", "ppo2", "unit"],
                "description": "The ppO2 of a mix at a depth."
              },
              "TableRow": {
                "type": "object",
                "properties": {
                  "o2": {"type": "number"},
                  "label": {"type": "string"},
                  "mod": {
                    "type": "object",
                    "description": "The MOD at each ppO2 column, keyed by the ppO2 (\"1.4\").",
                    "additionalProperties": {"type": "integer"}
                  },
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."}
                },
                "required": ["o2", "label", "mod", "unit"]
              },
              "BlendPlan": {
                "type": "object",
                "properties": {
                  "cylinder": {"type": "string"},
                  "from": {"type": "number"},
                  "from_o2": {"type": "number"},
                  "target_o2": {"type": "number"},
                  "to": {"type": "number"},
                  "bleed_to": {
                    "type": ["number", "null"],
                    "description": "Bleed down to this first; null when no bleed is needed."
                  },
                  "add_o2": {"type": "number"},
                  "o2_to": {"type": "number"},
                  "top_off_gas": {"type": "number"},
                  "top_off_to": {"type": "number"},
                  "final_o2": {"type": "number"},
                  "unit": {"type": "string", "description": "metric or imperial: the unit of the depths and pressures."},
                  "from_he": {"type": "number"},
                  "target_he": {"type": "number"},
                  "add_he": {"type": "number"},
                  "he_to": {"type": "number"},
                  "final_he": {"type": "number"}
                },
                "required": [
                  "cylinder",
                  "from",
                  "from_o2",
                  "target_o2",
                  "to",
                  "bleed_to",
                  "add_o2",
                  "o2_to",
                  "top_off_gas",
                  "top_off_to",
                  "final_o2",
                  "unit",
                  "from_he",
                  "target_he",
                  "add_he",
                  "he_to",
                  "final_he"
                ],
                "description": "A partial-pressure blend plan; gauge readings in the unit's pressure."
              },
              "Settings": {
                "type": "object",
                "properties": {
                  "unit": {"type": "string", "description": "metric or imperial."},
                  "hydro-interval-years": {"type": "integer", "description": "1 to 20."},
                  "visual-interval-months": {"type": "integer", "description": "1 to 120."},
                  "o2-clean-above": {"type": "integer", "description": "21 to 100."},
                  "overfill-margin-percent": {"type": "integer", "description": "0 to 20."},
                  "rounding": {"type": "string", "description": "nearest or down."},
                  "fill-creates-cylinders": {"type": "string", "description": "yes or no."},
                  "ppo2-min": {"type": "number", "description": "0.14 to 0.21 bar."},
                  "o2-narcotic": {"type": "string", "description": "yes or no."}
                },
                "required": [
                  "unit",
                  "hydro-interval-years",
                  "visual-interval-months",
                  "o2-clean-above",
                  "overfill-margin-percent",
                  "rounding",
                  "fill-creates-cylinders",
                  "ppo2-min",
                  "o2-narcotic"
                ],
                "description": "Every setting's value in force, defaults filled in."
              },
              "SettingValue": {
                "type": "object",
                "properties": {
                  "key": {
                    "type": "string",
                    "enum": [
                      "unit",
                      "hydro-interval-years",
                      "visual-interval-months",
                      "o2-clean-above",
                      "overfill-margin-percent",
                      "rounding",
                      "fill-creates-cylinders",
                      "ppo2-min",
                      "o2-narcotic"
                    ]
                  },
                  "value": {"type": "string", "description": "The value stored, in canonical form."}
                },
                "required": ["key", "value"]
              },
              "ImportSummary": {
                "type": "object",
                "properties": {
                  "imported": {"type": "integer", "minimum": 0},
                  "skipped_duplicates": {"type": "integer", "minimum": 0},
                  "dry_run": {"type": "boolean"}
                },
                "required": ["imported", "skipped_duplicates", "dry_run"]
              },
              "Health": {
                "type": "object",
                "properties": {"status": {"type": "string", "const": "ok"}},
                "required": ["status"]
              },
              "NewCylinder": {
                "type": "object",
                "description": "A cylinder to add to the register: its name, and any facts known.",
                "properties": {
                  "cylinder": {"$ref": "#/components/schemas/CylinderName", "description": "The new cylinder's name."},
                  "serial": {"type": "string", "description": "The serial number stamped on the cylinder."},
                  "owner": {"type": "string", "description": "Who owns it."},
                  "volume": {
                    "type": ["string", "number"],
                    "description": "Water capacity in litres (12, \"12L\") or gas capacity at working pressure in cubic feet (\"80cuft\"); a bare number is in the unit in force.",
                    "examples": [12, "12L", "80cuft"]
                  },
                  "working_pressure": {"$ref": "#/components/schemas/Pressure", "description": "Working pressure."},
                  "hydro": {
                    "type": "string",
                    "format": "date",
                    "description": "Date of the last hydrostatic test, YYYY-MM-DD."
                  },
                  "visual": {
                    "type": "string",
                    "format": "date",
                    "description": "Date of the last visual inspection, YYYY-MM-DD."
                  },
                  "o2_clean": {
                    "type": "boolean",
                    "description": "true: cleaned for oxygen service; false: not oxygen-clean."
                  },
                  "note": {"type": "string", "description": "A note about the cylinder."},
                  "unit": {"$ref": "#/components/schemas/Unit"}
                },
                "required": ["cylinder"],
                "additionalProperties": false
              },
              "CylinderChanges": {
                "type": "object",
                "description": "Register facts to change or empty.",
                "properties": {
                  "serial": {"type": "string", "description": "The serial number stamped on the cylinder."},
                  "owner": {"type": "string", "description": "Who owns it."},
                  "volume": {
                    "type": ["string", "number"],
                    "description": "Water capacity in litres (12, \"12L\") or gas capacity at working pressure in cubic feet (\"80cuft\"); a bare number is in the unit in force.",
                    "examples": [12, "12L", "80cuft"]
                  },
                  "working_pressure": {"$ref": "#/components/schemas/Pressure", "description": "Working pressure."},
                  "hydro": {
                    "type": "string",
                    "format": "date",
                    "description": "Date of the last hydrostatic test, YYYY-MM-DD."
                  },
                  "visual": {
                    "type": "string",
                    "format": "date",
                    "description": "Date of the last visual inspection, YYYY-MM-DD."
                  },
                  "o2_clean": {
                    "type": "boolean",
                    "description": "true: cleaned for oxygen service; false: not oxygen-clean."
                  },
                  "note": {"type": "string", "description": "A note about the cylinder."},
                  "unit": {"$ref": "#/components/schemas/Unit"},
                  "clear": {
                    "description": "Facts to empty: serial, owner, volume, working-pressure, hydro, visual, o2-clean or note; one name, several separated by commas, or an array of them. A fact may not be both set and cleared.",
                    "oneOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}],
                    "examples": ["owner", "hydro,visual", ["note", "owner"]]
                  }
                },
                "required": [],
                "additionalProperties": false
              },
              "Retirement": {
                "type": "object",
                "description": "A retirement: the cylinder is never deleted, and its fills stay in the log.",
                "properties": {"reason": {"type": "string", "description": "Why the cylinder is retired."}},
                "required": ["reason"],
                "additionalProperties": false
              },
              "NewFill": {
                "type": "object",
                "description": "A fill to record. The fill-station checks run against the register first.",
                "properties": {
                  "cylinder": {
                    "$ref": "#/components/schemas/CylinderName",
                    "description": "The cylinder filled; added to the register when new, unless fill-creates-cylinders is no."
                  },
                  "o2": {"$ref": "#/components/schemas/Gas", "description": "The blender's reading."},
                  "he": {"$ref": "#/components/schemas/Helium"},
                  "ppo2": {
                    "$ref": "#/components/schemas/PartialPressureLimit",
                    "description": "The ppO2 the MOD on the tag is computed at."
                  },
                  "at": {
                    "$ref": "#/components/schemas/Time",
                    "description": "When the fill happened (default: now); at most 5 minutes in the future."
                  },
                  "pressure": {"$ref": "#/components/schemas/Pressure", "description": "Fill pressure."},
                  "blender": {"type": "string", "description": "Who blended and analysed the gas."},
                  "diver": {
                    "type": "string",
                    "description": "The diver who analysed the gas and accepted the cylinder."
                  },
                  "cert": {"type": "string", "description": "The diver's nitrox certification number."},
                  "diver_o2": {
                    "$ref": "#/components/schemas/Gas",
                    "description": "The diver's own reading: O2, or O2/helium (\"18/45\"). More than 1 point of O2 from o2 is refused (422) unless accept_difference."
                  },
                  "diver_he": {
                    "$ref": "#/components/schemas/Helium",
                    "description": "The diver's own helium reading, with diver_o2; more than 2 points from he is refused (422)."
                  },
                  "accept_difference": {
                    "type": "boolean",
                    "description": "Record the fill even when the two readings differ by more than allowed."
                  },
                  "note": {"type": "string", "description": "A note, up to 1,000 characters; line breaks allowed."},
                  "override": {
                    "type": "string",
                    "description": "Record the fill although a fill-station check refuses it; the reason is stored and exported."
                  },
                  "round": {"$ref": "#/components/schemas/Rounding"},
                  "unit": {"$ref": "#/components/schemas/Unit"}
                },
                "required": ["cylinder", "o2"],
                "additionalProperties": false
              },
              "Voiding": {
                "type": "object",
                "description": "Marks a fill void; nothing is deleted.",
                "properties": {"reason": {"type": "string", "description": "Why the fill is void."}},
                "required": ["reason"],
                "additionalProperties": false
              },
              "BlendRequest": {
                "type": "object",
                "description": "A partial-pressure blend to plan with pure oxygen and a top-off gas.",
                "properties": {
                  "cylinder": {
                    "$ref": "#/components/schemas/CylinderName",
                    "description": "The logged cylinder to blend into."
                  },
                  "target": {"$ref": "#/components/schemas/Gas", "description": "The mix to reach."},
                  "to": {"$ref": "#/components/schemas/Pressure", "description": "The final pressure."},
                  "from": {
                    "$ref": "#/components/schemas/Pressure",
                    "description": "The pressure in the cylinder now (default: its last fill's; 0 for empty)."
                  },
                  "from_gas": {
                    "$ref": "#/components/schemas/Gas",
                    "description": "The gas in the cylinder now (default: its current gas from the log)."
                  },
                  "top_off": {"$ref": "#/components/schemas/Gas", "description": "The top-off gas (default air, 21%)."},
                  "real_gas": {
                    "type": "boolean",
                    "description": "Use Subsurface's real-gas model instead of the ideal gas."
                  },
                  "override": {
                    "type": "string",
                    "description": "Plan although a check refuses the cylinder; the reason."
                  },
                  "unit": {"$ref": "#/components/schemas/Unit"}
                },
                "required": ["cylinder", "target", "to"],
                "additionalProperties": false
              },
              "NewSettingValue": {
                "type": "object",
                "description": "A setting's new value.",
                "properties": {
                  "value": {
                    "type": ["string", "number"],
                    "description": "The new value, checked against the setting's range or choices.",
                    "examples": ["imperial", 5, "0.16"]
                  }
                },
                "required": ["value"],
                "additionalProperties": false
              }
            },
            "responses": {
              "BadInput": {
                "description": "Bad input: an unknown or repeated parameter or key, a value the command cannot read, a missing required one, a body that is not a JSON object.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Unauthorized": {
                "description": "No valid credentials: send a bearer token or HTTP Basic with an account's name and password. Every refusal is the same, whatever was wrong.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                "headers": {
                  "WWW-Authenticate": {
                    "schema": {"type": "string"},
                    "description": "Basic realm=\"gaslog\", charset=\"UTF-8\""
                  }
                }
              },
              "Forbidden": {
                "description": "The account's role does not allow this: it needs blender or admin.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "NotFound": {
                "description": "No such cylinder, fill, setting or path.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "MethodNotAllowed": {
                "description": "The path does not take this method.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                "headers": {"Allow": {"schema": {"type": "string"}, "description": "The methods the path takes."}}
              },
              "Conflict": {
                "description": "The fill is already void.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "TooLarge": {
                "description": "The body is larger than the limit: 1 MiB, or 256 MiB for an import.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "UnsupportedMediaType": {
                "description": "The body is not of the media type the path takes.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Refused": {
                "description": "Refused: a fill-station rule (listed in rules), readings that differ by more than allowed (tolerance), or a calculation with no answer, such as a mix that is not breathable at the depth.",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Unavailable": {
                "description": "The logbook is busy (busy, try again in 2 s) or read-only (read_only); 64 logins already wait out their delay (busy, with Retry-After); or the server is stopping (unavailable).",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
                "headers": {
                  "Retry-After": {"description": "Seconds to wait before trying again.", "schema": {"type": "integer"}}
                }
              }
            }
          }
        }
        """#
}

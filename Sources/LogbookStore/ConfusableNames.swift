/// The confusable check of a new name (UTS #39 section 4): it is refused when
/// its skeleton is that of a name already registered in its namespace under
/// another key. Only a new name is checked, against the names of its
/// namespace as they are now; a fill of an existing cylinder never is.
enum NameNamespace {
    /// Cylinders' names and earlier names, except those of the cylinder
    /// `excluding` (a rename may take back a look-alike of its own name).
    case cylinders(excluding: Int?)
    /// Compressors' names.
    case compressors
    /// The names of accounts not removed.
    case accounts
}

extension Logbook {
    /// Refuses `text` (key `key`) when it could pass for a registered name of
    /// `namespace`: the registered name is named in the error.
    static func checkNotConfusable(_ text: String, key: String, in namespace: NameNamespace, database: Database) throws {
        try ConfusableIndex(namespace, in: database).check(text, key: key)
    }

    /// Every name of the namespace, with what it names, current names first.
    static func registeredNames(_ namespace: NameNamespace, in database: Database) throws -> [(name: String, kind: RegisteredNameKind)] {
        var names: [(name: String, kind: RegisteredNameKind)] = []
        switch namespace {
        case .cylinders(let excluded):
            let current = try database.prepare("SELECT id, name FROM cylinders ORDER BY id")
            while try current.step() {
                if current.integer("id") != excluded { names.append((current.text("name"), .cylinder)) }
            }
            let earlier = try database.prepare(
                """
                SELECT e.cylinder_id AS id, e.old_name AS old_name, c.name AS name
                FROM cylinder_events AS e JOIN cylinders AS c ON c.id = e.cylinder_id
                WHERE e.kind = 'renamed' ORDER BY e.id
                """)
            while try earlier.step() {
                guard earlier.integer("id") != excluded else { continue }
                names.append((earlier.text("old_name"), .earlierName(ofCylinder: earlier.text("name"))))
            }
        case .compressors:
            let statement = try database.prepare("SELECT name FROM compressors ORDER BY id")
            while try statement.step() { names.append((statement.text("name"), .compressor)) }
        case .accounts:
            let statement = try database.prepare("SELECT name FROM accounts WHERE removed_at IS NULL ORDER BY id")
            while try statement.step() { names.append((statement.text("name"), .account)) }
        }
        return names
    }
}

import InputRules

/// The skeletons of a namespace's registered names, computed once: an
/// import checks each new name against them and adds it, instead of
/// computing every registered name's skeletons again for each new one.
struct ConfusableIndex {
    /// Each skeleton's names, in the order they were registered.
    private var bySkeleton: [String: [(order: Int, name: String, kind: RegisteredNameKind, key: String)]] = [:]
    private var count = 0

    /// The names of `namespace` as they are now.
    init(_ namespace: NameNamespace, in database: Database) throws {
        for (name, kind) in try Logbook.registeredNames(namespace, in: database) { add(name, kind: kind) }
    }

    /// A name registered since, as `kind`.
    mutating func add(_ name: String, kind: RegisteredNameKind) {
        let entry = (order: count, name: name, kind: kind, key: UnicodeRules.fold(name))
        count += 1
        for skeleton in UnicodeRules.skeletons(of: name) { bySkeleton[skeleton, default: []].append(entry) }
    }

    /// Refuses `text` (key `key`) when it could pass for a registered name
    /// under another key: the first such name registered is named in the error.
    func check(_ text: String, key: String) throws {
        let lookalike = UnicodeRules.skeletons(of: text).flatMap { bySkeleton[$0] ?? [] }
            .filter { $0.key != key }.min { $0.order < $1.order }
        if let lookalike { throw LogbookError(.confusableName(text, registered: lookalike.name, kind: lookalike.kind)) }
    }
}

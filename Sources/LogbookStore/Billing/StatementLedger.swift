import InputRules

/// Gathers a statement's items, in time order, member by member: names are
/// compared as the log's people filters compare them, and each member is
/// shown as first spelled.
struct StatementLedger {
    let since: Timestamp?
    let before: Timestamp?
    /// The one member's key, when the statement is for one.
    let member: String?

    private struct Account {
        var name: String?
        var firstSeen: Timestamp
        var fills: [BillStatement.ChargedFill] = []
        var adjustments: [Adjustment] = []
        var payments: [Payment] = []
        var charged = Money.zero, adjusted = Money.zero, paid = Money.zero, balance = Money.zero
    }

    /// Accounts by member key; "" holds the fills with no member.
    private var accounts: [String: Account] = [:]
    private var unpriced: [(fillID: Int, reason: UnpricedReason)] = []

    init(since: Timestamp?, before: Timestamp?, member: String?) {
        self.since = since
        self.before = before
        self.member = member
    }

    private func inPeriod(_ time: Timestamp) -> Bool { since.map { time >= $0 } ?? true }

    /// Updates the account of `name` for an item at `time`, telling `body`
    /// whether the item is in the period; an item of another member than
    /// the one asked for is passed over. The name first seen is the one shown.
    private mutating func update(_ name: String?, at time: Timestamp, _ body: (inout Account, Bool) -> Void) {
        let key = name.map(UnicodeRules.fold) ?? ""
        if let member, key != member { return }
        var account = accounts[key] ?? Account(name: name, firstSeen: time)
        if time < account.firstSeen { (account.name, account.firstSeen) = (name, time) }
        body(&account, inPeriod(time))
        accounts[key] = account
    }

    mutating func add(_ fill: BillStatement.ChargedFill, member: String?) {
        let counted = fill.isVoid ? Money.zero : fill.charge.amount
        var shown = false
        update(member, at: fill.filledAt) { account, inPeriod in
            account.balance = account.balance + counted
            guard inPeriod else { return }
            account.fills.append(fill)
            account.charged = account.charged + counted
            shown = true
        }
        if shown, let reason = fill.charge.unpriced { unpriced.append((fill.fillID, reason)) }
    }

    mutating func add(_ adjustment: Adjustment) {
        update(adjustment.member, at: adjustment.at) { account, inPeriod in
            account.balance = account.balance + adjustment.amount
            guard inPeriod else { return }
            account.adjustments.append(adjustment)
            account.adjusted = account.adjusted + adjustment.amount
        }
    }

    mutating func add(_ payment: Payment) {
        let counted = payment.isVoid ? Money.zero : payment.amount
        update(payment.member, at: payment.at) { account, inPeriod in
            account.balance = account.balance - counted
            guard inPeriod else { return }
            account.payments.append(payment)
            account.paid = account.paid + counted
        }
    }

    /// The statement: every member with something in the period or a
    /// balance, in name order, fills with no member last. Unpriced fills
    /// are listed only when some gas has a price.
    func statement(pricesGas: Bool) -> BillStatement {
        let shown = accounts.filter { _, account in
            !account.fills.isEmpty || !account.adjustments.isEmpty || !account.payments.isEmpty || account.balance != .zero
        }
        let ordered = shown.sorted { left, right in
            if left.key.isEmpty != right.key.isEmpty { return right.key.isEmpty }
            return left.key < right.key
        }
        return BillStatement(
            since: since, before: before,
            members: ordered.map { _, account in
                BillStatement.Member(
                    name: account.name, fills: account.fills, adjustments: account.adjustments, payments: account.payments,
                    charged: account.charged, adjusted: account.adjusted, paid: account.paid, balance: account.balance)
            },
            unpriced: pricesGas ? unpriced : [])
    }
}

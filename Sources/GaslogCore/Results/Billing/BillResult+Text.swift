import LogbookStore

extension BillResult: TextResult {
    /// Each member's statement: a heading with the balance, the fills, the
    /// adjustments and payments, and the period's totals; then the fills
    /// whose gas was not computed.
    public func text(_ style: some TextStyle) -> String {
        let period =
            switch (since, until) {
            case (nil, nil): "the whole log"
            case (let since?, nil): "from \(since)"
            case (nil, let until?): "up to \(until)"
            case (let since?, let until?): "\(since) to \(until)"
            }
        var lines = [style.strong("Statement, \(period), in \(currency)")]
        if statement.members.isEmpty { lines.append("Nothing charged, adjusted or paid.") }
        for member in statement.members {
            lines.append("")
            lines.append(style.strong(member.name ?? "no member") + style.light(" — balance ") + style.strong(member.balance.text))
            for fill in member.fills {
                let void = fill.isVoid ? " VOID, not counted" : ""
                lines.append(
                    "  \(LocalTime.text(of: fill.filledAt))  fill \(fill.fillID)  \(fill.cylinder)  \(fill.label)  "
                        + ChargeText.summary(fill.charge, currency: currency) + void)
            }
            for adjustment in member.adjustments {
                lines.append(
                    "  \(LocalTime.text(of: adjustment.at))  adjustment \(adjustment.id) to fill \(adjustment.fillID)  "
                        + "\(adjustment.amount.text)  \(singleLine(adjustment.reason))")
            }
            for payment in member.payments {
                let reference = payment.reference.map { "  " + singleLine($0) } ?? ""
                let void = payment.voidReason.map { "  VOID: " + singleLine($0) } ?? ""
                lines.append("  \(LocalTime.text(of: payment.at))  payment \(payment.id)  \(payment.amount.text)\(reference)\(void)")
            }
            lines.append(
                style.light("  charged ") + member.charged.text + style.light(", adjusted ") + member.adjusted.text
                    + style.light(", paid ") + member.paid.text)
        }
        if !statement.unpriced.isEmpty {
            lines.append("")
            lines.append(style.strong("Fills whose gas was not priced (only the fee was charged):"))
            for (fillID, reason) in statement.unpriced { lines.append("  fill \(fillID): \(reason.message)") }
        }
        return lines.map { $0 + "\n" }.joined()
    }
}

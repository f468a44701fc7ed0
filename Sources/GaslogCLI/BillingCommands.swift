import GaslogCore

/// `gaslog price`, `charge`, `payment` and `bill`: gas accounting, from the
/// prices to each member's statement. Charges are never edited; adjustments,
/// payments and prices are only ever added, each in the audit trail.
enum BillingCommands {
    static let price = CommandSpec(
        "price",
        abstract: "Prices per litre of each gas, and the fee per fill, from a date on.",
        discussion: """
            A fill is charged when it is recorded, at the prices in force at its time; a later \
            price never changes a stored charge. An item with no price in force costs 0.00. A \
            top-off is priced as air at 21% O2, otherwise as nitrox.
            """,
        subcommands: [
            CommandSpec(
                "set", abstract: SetPrice.summary.commandLine, inputs: SetPrice.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog price set helium 0.035 --effective 2027-01-01", "gaslog price set fill-fee 2.50"], handler: setPrice),
            CommandSpec(
                "list", abstract: ListPrices.summary.commandLine, inputs: ListPrices.inputs, options: [CommonOptions.json],
                handler: listPrices),
        ])

    static let charge = CommandSpec(
        "charge",
        abstract: "Correct what a fill's member owes. The charge itself is never edited.",
        subcommands: [
            CommandSpec(
                "adjust", abstract: AdjustCharge.summary.commandLine,
                inputs: AdjustCharge.inputs, options: [CommonOptions.json],
                examples: ["gaslog charge adjust 12 --amount=-2.21 --reason \"helium analyser read high\""], handler: adjust)
        ])

    static let payment = CommandSpec(
        "payment",
        abstract: "Money members paid.",
        subcommands: [
            CommandSpec(
                "add", abstract: AddPayment.summary.commandLine, inputs: AddPayment.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog payment add \"Ann Diver\" --amount 40 --reference \"bank 2026-11-30\""], handler: addPayment),
            CommandSpec(
                "void", abstract: VoidPayment.summary.commandLine, inputs: VoidPayment.inputs,
                options: [CommonOptions.json], handler: voidPayment),
        ])

    static let csvFormat = Option<ExportFormat>(
        "format", help: "csv: one row per fill, the member first, formula-safe as the export is; json: as --json.")

    static let bill = CommandSpec(
        "bill", abstract: ShowBill.summary.commandLine, discussion: ShowBill.description?.commandLine,
        inputs: ShowBill.inputs, options: [CommonOptions.json, csvFormat],
        examples: ["gaslog bill --since 2026-11-01 --until 2026-11-30", "gaslog bill --member \"Ann Diver\" --format csv"],
        handler: showBill)

    static func setPrice(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(SetPrice.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let currency = try context.settings().currency
        context.output.writeLine(line(outcome.output.price, currency: currency))
    }

    static func listPrices(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListPrices.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let currency = try context.settings().currency
        if outcome.output.prices.isEmpty { return context.output.writeLine("No prices set: every item costs 0.00 \(currency).") }
        for price in outcome.output.prices { context.output.writeLine(line(price, currency: currency)) }
    }

    private static func line(_ record: PriceRecord, currency: String) -> String {
        let per = record.item == .fillFee ? "fill" : "litre"
        return "\(record.item.rawValue): \(record.price.text) \(currency) per \(per), from \(LocalTime.text(of: record.effective))"
    }

    static func adjust(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(AdjustCharge.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let adjustment = outcome.output.adjustment
        let currency = try context.settings().currency
        context.output.writeLine(
            "Adjustment \(adjustment.id) to fill \(adjustment.fillID) (\(adjustment.member ?? "no member")): "
                + "\(adjustment.amount.text) \(currency): \(singleLine(adjustment.reason))")
    }

    static func addPayment(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(AddPayment.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        context.output.writeLine(paymentLine(outcome.output.payment, currency: try context.settings().currency))
    }

    static func voidPayment(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(VoidPayment.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        context.output.writeLine(paymentLine(outcome.output.payment, currency: try context.settings().currency))
    }

    private static func paymentLine(_ payment: Payment, currency: String) -> String {
        let reference = payment.reference.map { " (\(singleLine($0)))" } ?? ""
        let void = payment.voidReason.map { " is void: " + singleLine($0) } ?? ""
        return
            "Payment \(payment.id): \(payment.member) paid \(payment.amount.text) \(currency) on \(LocalTime.text(of: payment.at))\(reference)\(void)"
    }

    static func showBill(_ context: CommandContext) throws(CommandError) {
        let format = try context.value(csvFormat)
        if context.wantsJSON && format == .csv { throw .usage("give either '--json' or '--format csv', not both", ["bill"]) }
        let outcome = try context.run(ShowBill.self)
        if context.wantsJSON || format == .json { return context.output.write(outcome.encoded) }
        if format == .csv {
            return context.output.write { bytes in
                bytes += (BillResult.csvColumns.joined(separator: ",") + FillLogFormat.lineEnd).utf8
                for row in outcome.output.csvRows { FillLogFormat.appendCSVRecord(row, to: &bytes) }
            }
        }
        context.output.write(outcome.output.text(context.style))
    }
}

import LogbookStore

// The values that the core's results and inputs carry, which the store reads
// and writes as rows and so keeps: the front ends name them through these
// aliases, and never import the store itself.

/// An account of the fill-log service, as stored.
public typealias Account = LogbookStore.Account
/// An account's name, as a person logs in with it.
public typealias AccountName = LogbookStore.AccountName
/// A correction to what a fill's member owes.
public typealias Adjustment = LogbookStore.Adjustment
/// A breathing-air test as recorded, with the verdict it was given then.
public typealias AirTest = LogbookStore.AirTest
/// One entry of the audit trail, as `audit` prints it.
public typealias AuditEntry = LogbookStore.AuditEntry
/// Each member's statement for a period.
public typealias BillStatement = LogbookStore.BillStatement
/// A file, standard input or bytes in memory, read in large chunks.
public typealias ByteStream = LogbookStore.ByteStream
/// What a fill was charged when it was recorded.
public typealias Charge = LogbookStore.Charge
/// A day of the proleptic Gregorian calendar.
public typealias CivilDate = LogbookStore.CivilDate
/// A compressor in the register, with the facts of its latest version.
public typealias Compressor = LogbookStore.Compressor
/// A compressor that needs attention.
public typealias CompressorDue = LogbookStore.CompressorDue
/// A compressor as of one moment.
public typealias CompressorStatus = LogbookStore.CompressorStatus
/// What a cylinder holds now, by the log.
public typealias CurrentGas = LogbookStore.CurrentGas
/// A cylinder in the register, with what the register knows about it.
public typealias Cylinder = LogbookStore.Cylinder
/// A cylinder's name as the club writes it.
public typealias CylinderName = LogbookStore.CylinderName
/// An inspection that is overdue, or falls due within a window.
public typealias DueInspection = LogbookStore.Logbook.DueInspection
/// A cylinder found by a name it had before a rename.
public typealias EarlierName = LogbookStore.EarlierName
/// A field value that breaks the logbook's rules.
public typealias FieldError = LogbookStore.FieldError
/// Words about input that name inputs as data, so that each front end names them its own way.
public typealias FieldMessage = LogbookStore.FieldMessage
/// The fill log's interchange format, shared by export and import.
public typealias FillLogFormat = LogbookStore.FillLogFormat
/// Which fills `log` and `export` show.
public typealias FillQuery = LogbookStore.FillQuery
/// One row of the fill log, as stored.
public typealias FillRecord = LogbookStore.FillRecord
/// How many fills of one period share a label, a void and an override.
public typealias FillTally = LogbookStore.FillTally
/// One page of the log, as ``Logbook/historyPage(_:size:)`` reads it.
public typealias HistoryPage = LogbookStore.HistoryPage
/// What an import did, or would do for a dry run.
public typealias ImportSummary = LogbookStore.ImportSummary
/// A JSON value, written compactly with keys in the order given, so that output is stable for scripts and diffs.
public typealias JSONValue = LogbookStore.JSONValue
/// What a person types and reads is local time.
public typealias LocalTime = LogbookStore.LocalTime
/// A fill's place in the log's order.
public typealias LogPosition = LogbookStore.LogPosition
/// Why the logbook could not do what was asked, as a fact that a front end can switch on.
public typealias LogbookError = LogbookStore.LogbookError
/// Whether the logbook can take the next fill, as a health check asks it.
public typealias LogbookHealth = LogbookStore.LogbookHealth
/// Every setting's value in force, defaults filled in.
public typealias LogbookSettings = LogbookStore.LogbookSettings
/// An amount of money in cents of the logbook's currency.
public typealias Money = LogbookStore.Money
/// Money a member paid.
public typealias Payment = LogbookStore.Payment
/// What a fill station charges for.
public typealias PriceItem = LogbookStore.PriceItem
/// A price as set.
public typealias PriceRecord = LogbookStore.PriceRecord
/// One change to a cylinder's register entry, read from the audit trail.
public typealias RegisterChange = LogbookStore.RegisterChange
/// What an account may do through the fill-log service, each role allowing everything the ones before it allow.
public typealias Role = LogbookStore.Role
/// A logbook-wide setting, kept in the `settings` table as text.
public typealias Setting = LogbookStore.Setting
/// A moment to the second, written in UTC as `2026-11-29T19:00:00Z`.
public typealias Timestamp = LogbookStore.Timestamp
/// An API token as the log keeps it.
public typealias TokenRecord = LogbookStore.TokenRecord
/// A plain whole number typed by a person or read from a file.
public typealias WholeNumber = LogbookStore.WholeNumber

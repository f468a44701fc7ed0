-- gaslog logbook, schema 12: gas accounting. What each fill put into its
-- cylinder, what it cost, and who pays; corrections, payments and prices.
--
-- On each fill, all NULL for fills before schema 12:
--   start_centibar       the pressure before the fill, after any bleed
--   start_o2_permille,   the gas the cylinder held then, given or defaulted
--   start_he_permille    to the blender's analysis of its current gas
--   top_off_o2_permille  the top-off gas's O2 (210 for air); no helium
--   bill_to              the member who pays: given, or the fill's diver
-- The four start columns are set together or not at all. The audit trail
-- leaves these columns out of a fill's entry while they are NULL, so that
-- every entry written before schema 12 still matches its fill.
--
-- Every table below is append-only, as fills and voids are: a charge is
-- never edited, only corrected by an adjustment; a payment is voided, not
-- deleted; a price is superseded by a later one.
--
--   charges      one per fill recorded or imported with --charge, computed
--                when it was recorded: litres in millilitres, unit prices
--                in millionths of the currency (NULL: no price was in
--                force, so the line costs 0.00), amounts in cents. A fill
--                whose gas could not be computed has NULL litres and its
--                reason in unpriced ('no_start', 'no_pressure',
--                'no_volume', 'start_cannot_give_mix'); its fee is charged.
--   adjustments  a correction to a fill's member, in cents, with a reason
--   payments     money a member paid, in cents, above 0
--   payment_voids  a payment set aside, once, with a reason
--   prices       a price per litre at 1 bar (per fill for 'fill-fee'), in
--                millionths, in force from effective_at until a later
--                effective_at for the same item; of two with the same
--                effective_at, the later id
-- Members are people's names as written; they are compared as the log's
-- people filters compare names.

ALTER TABLE fills ADD COLUMN start_centibar INTEGER CHECK (start_centibar >= 0);
ALTER TABLE fills ADD COLUMN start_o2_permille INTEGER CHECK (start_o2_permille BETWEEN 0 AND 1000);
ALTER TABLE fills ADD COLUMN start_he_permille INTEGER CHECK (start_he_permille BETWEEN 0 AND 1000);
-- The four start columns together or not at all: a CHECK, which costs an
-- import far less than a trigger would.
ALTER TABLE fills ADD COLUMN top_off_o2_permille INTEGER CHECK (top_off_o2_permille BETWEEN 0 AND 999)
    CHECK ((start_centibar IS NULL) + (start_o2_permille IS NULL) + (start_he_permille IS NULL) + (top_off_o2_permille IS NULL) IN (0, 4));
ALTER TABLE fills ADD COLUMN bill_to TEXT CHECK (length(bill_to) BETWEEN 1 AND 64);

CREATE TABLE charges (
    fill_id              INTEGER PRIMARY KEY REFERENCES fills (id),
    charged_at           TEXT NOT NULL
        CHECK (charged_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    model                TEXT NOT NULL CHECK (model IN ('ideal', 'real')),
    unpriced             TEXT CHECK (unpriced IN ('no_start', 'no_pressure', 'no_volume', 'start_cannot_give_mix')),
    oxygen_ml            INTEGER CHECK (oxygen_ml >= 0),
    helium_ml            INTEGER CHECK (helium_ml >= 0),
    top_off_ml           INTEGER CHECK (top_off_ml >= 0),
    top_off_item         TEXT CHECK (top_off_item IN ('air', 'nitrox')),
    fee_price            INTEGER CHECK (fee_price >= 0),
    oxygen_price         INTEGER CHECK (oxygen_price >= 0),
    helium_price         INTEGER CHECK (helium_price >= 0),
    top_off_price        INTEGER CHECK (top_off_price >= 0),
    fee_cents            INTEGER NOT NULL CHECK (fee_cents >= 0),
    oxygen_cents         INTEGER NOT NULL CHECK (oxygen_cents >= 0),
    helium_cents         INTEGER NOT NULL CHECK (helium_cents >= 0),
    top_off_cents        INTEGER NOT NULL CHECK (top_off_cents >= 0),
    amount_cents         INTEGER NOT NULL CHECK (amount_cents = fee_cents + oxygen_cents + helium_cents + top_off_cents),
    CHECK ((unpriced IS NULL) = (oxygen_ml IS NOT NULL AND helium_ml IS NOT NULL AND top_off_ml IS NOT NULL))
) STRICT;

CREATE TABLE adjustments (
    id            INTEGER PRIMARY KEY,
    fill_id       INTEGER NOT NULL REFERENCES fills (id),
    amount_cents  INTEGER NOT NULL CHECK (amount_cents <> 0),
    reason        TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
    at            TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    made_by       TEXT CHECK (length(made_by) > 0)
) STRICT;

CREATE INDEX adjustments_by_fill ON adjustments (fill_id);

CREATE TABLE payments (
    id            INTEGER PRIMARY KEY,
    member        TEXT NOT NULL CHECK (length(member) BETWEEN 1 AND 64),
    amount_cents  INTEGER NOT NULL CHECK (amount_cents > 0),
    at            TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    reference     TEXT CHECK (length(reference) BETWEEN 1 AND 64),
    recorded_at   TEXT NOT NULL
        CHECK (recorded_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    recorded_by   TEXT CHECK (length(recorded_by) > 0)
) STRICT;

CREATE TABLE payment_voids (
    payment_id  INTEGER PRIMARY KEY REFERENCES payments (id),
    reason      TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 1000),
    voided_at   TEXT NOT NULL
        CHECK (voided_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    voided_by   TEXT CHECK (length(voided_by) > 0)
) STRICT;

CREATE TABLE prices (
    id            INTEGER PRIMARY KEY,
    item          TEXT NOT NULL CHECK (item IN ('oxygen', 'helium', 'air', 'nitrox', 'fill-fee')),
    price         INTEGER NOT NULL CHECK (price >= 0),
    effective_at  TEXT NOT NULL
        CHECK (effective_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    set_at        TEXT NOT NULL
        CHECK (set_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    set_by        TEXT CHECK (length(set_by) > 0)
) STRICT;

CREATE INDEX prices_in_force ON prices (item, effective_at, id);

CREATE TRIGGER charges_are_append_only_update BEFORE UPDATE ON charges
BEGIN
    SELECT RAISE(ABORT, 'charges are never changed: add an adjustment');
END;

CREATE TRIGGER charges_are_append_only_delete BEFORE DELETE ON charges
BEGIN
    SELECT RAISE(ABORT, 'charges are never deleted: void the fill, or add an adjustment');
END;

CREATE TRIGGER adjustments_are_append_only_update BEFORE UPDATE ON adjustments
BEGIN
    SELECT RAISE(ABORT, 'adjustments are never changed: add another');
END;

CREATE TRIGGER adjustments_are_append_only_delete BEFORE DELETE ON adjustments
BEGIN
    SELECT RAISE(ABORT, 'adjustments are never deleted: add another');
END;

CREATE TRIGGER payments_are_append_only_update BEFORE UPDATE ON payments
BEGIN
    SELECT RAISE(ABORT, 'payments are never changed: void one instead');
END;

CREATE TRIGGER payments_are_append_only_delete BEFORE DELETE ON payments
BEGIN
    SELECT RAISE(ABORT, 'payments are never deleted: void one instead');
END;

CREATE TRIGGER payment_voids_are_append_only_update BEFORE UPDATE ON payment_voids
BEGIN
    SELECT RAISE(ABORT, 'payment voids are never changed');
END;

CREATE TRIGGER payment_voids_are_append_only_delete BEFORE DELETE ON payment_voids
BEGIN
    SELECT RAISE(ABORT, 'payment voids are never deleted');
END;

CREATE TRIGGER prices_are_append_only_update BEFORE UPDATE ON prices
BEGIN
    SELECT RAISE(ABORT, 'prices are never changed: set a new one');
END;

CREATE TRIGGER prices_are_append_only_delete BEFORE DELETE ON prices
BEGIN
    SELECT RAISE(ABORT, 'prices are never deleted: set a new one');
END;

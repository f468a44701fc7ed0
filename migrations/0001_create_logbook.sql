-- gaslog logbook, schema 1: cylinders, their fills, voids and settings.
--
-- Exact numbers are stored as scaled integers, never REAL, so that a value
-- reads back exactly as it was entered:
--   o2_permille        oxygen in tenths of a percent (325 = 32.5 %)
--   ppo2_centibar      ppO2 limit in hundredths of a bar (140 = 1.4 bar)
--   pressure_centibar  fill pressure in hundredths of a bar
-- Times are UTC ISO 8601 text, 'YYYY-MM-DDTHH:MM:SSZ', which sorts in time order.

-- Cylinders are named by the club. Names are unique regardless of case
-- (name_key is the lowercased name) and kept as first written.
CREATE TABLE cylinders (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
    name_key    TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
) STRICT;

-- One row per fill, in the order the fills were recorded (id). The MOD is
-- stored as the calculator computed it, because it is what went on the tag.
CREATE TABLE fills (
    id                  INTEGER PRIMARY KEY,
    cylinder_id         INTEGER NOT NULL REFERENCES cylinders (id),
    filled_at           TEXT NOT NULL
        CHECK (filled_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    o2_permille         INTEGER NOT NULL CHECK (o2_permille BETWEEN 210 AND 1000),
    ppo2_centibar       INTEGER NOT NULL CHECK (ppo2_centibar BETWEEN 100 AND 160),
    label               TEXT NOT NULL,
    mod_m               INTEGER NOT NULL CHECK (mod_m >= 0),
    mod_ft              INTEGER NOT NULL CHECK (mod_ft >= 0),
    pressure_centibar   INTEGER CHECK (pressure_centibar > 0),
    blender             TEXT,
    diver               TEXT,
    cert                TEXT,
    diver_o2_permille   INTEGER CHECK (diver_o2_permille BETWEEN 210 AND 1000),
    note                TEXT,
    recorded_at         TEXT NOT NULL
) STRICT;

-- Serves a cylinder's current gas (newest filled_at first, then newest id,
-- which the index carries as the rowid), its history, and the duplicate
-- check on import. Date filters over all cylinders scan the table in id
-- order, as an export does anyway; a second index would slow every insert.
CREATE INDEX fills_by_cylinder ON fills (cylinder_id, filled_at);

-- A correction never deletes or edits a fill: it voids it here, with a reason.
CREATE TABLE voids (
    fill_id     INTEGER PRIMARY KEY REFERENCES fills (id),
    reason      TEXT NOT NULL CHECK (length(reason) > 0),
    voided_at   TEXT NOT NULL
) STRICT;

CREATE TABLE settings (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
) STRICT, WITHOUT ROWID;

-- The fill log is an audit record: once written, a fill or a void stays as it is.
CREATE TRIGGER fills_are_append_only_update BEFORE UPDATE ON fills
BEGIN
    SELECT RAISE(ABORT, 'fills are append-only: void a fill instead of changing it');
END;

CREATE TRIGGER fills_are_append_only_delete BEFORE DELETE ON fills
BEGIN
    SELECT RAISE(ABORT, 'fills are append-only: void a fill instead of deleting it');
END;

CREATE TRIGGER voids_are_append_only_update BEFORE UPDATE ON voids
BEGIN
    SELECT RAISE(ABORT, 'voids are append-only');
END;

CREATE TRIGGER voids_are_append_only_delete BEFORE DELETE ON voids
BEGIN
    SELECT RAISE(ABORT, 'voids are append-only');
END;

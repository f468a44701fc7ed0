-- gaslog logbook, schema 6: helium. Trimix (O2, helium, nitrogen) and heliox
-- (O2 and helium) fills, with both analyses and the reference gas.
--
--   he_permille         the blender's helium reading, in tenths of a percent;
--                       0 for a nitrox fill and for every fill before schema 6
--   diver_he_permille   the diver's helium reading; NULL when not analysed
--   label_he_permille   the helium of the reference gas the label, MOD, END and
--                       density come from: the lower of the two readings
--
-- With helium, O2 may be as low as 5%, which the CHECK constraints of schema 1
-- forbid. SQLite cannot change a column's constraints, so the table is rebuilt
-- by the procedure of <https://www.sqlite.org/lang_altertable.html#otheralter>:
-- gaslog runs every migration with foreign keys off and checks them before it
-- commits. Every fill keeps its id, and so its void.
CREATE TABLE fills_with_helium (
    id                  INTEGER PRIMARY KEY,
    cylinder_id         INTEGER NOT NULL REFERENCES cylinders (id),
    filled_at           TEXT NOT NULL
        CHECK (filled_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    o2_permille         INTEGER NOT NULL CHECK (o2_permille BETWEEN 50 AND 1000),
    ppo2_centibar       INTEGER NOT NULL CHECK (ppo2_centibar BETWEEN 100 AND 160),
    label               TEXT NOT NULL,
    mod_m               INTEGER NOT NULL CHECK (mod_m >= 0),
    mod_ft              INTEGER NOT NULL CHECK (mod_ft >= 0),
    pressure_centibar   INTEGER CHECK (pressure_centibar > 0),
    blender             TEXT,
    diver               TEXT,
    cert                TEXT,
    diver_o2_permille   INTEGER CHECK (diver_o2_permille BETWEEN 50 AND 1000),
    note                TEXT,
    recorded_at         TEXT NOT NULL,
    override_reason     TEXT,
    rounding            TEXT NOT NULL DEFAULT 'nearest' CHECK (rounding IN ('nearest', 'down')),
    label_o2_permille   INTEGER
        CHECK (label_o2_permille IS NULL OR label_o2_permille IS o2_permille OR label_o2_permille IS diver_o2_permille),
    he_permille         INTEGER NOT NULL DEFAULT 0 CHECK (he_permille BETWEEN 0 AND 950),
    diver_he_permille   INTEGER CHECK (diver_he_permille BETWEEN 0 AND 950),
    label_he_permille   INTEGER NOT NULL DEFAULT 0
        CHECK (label_he_permille IS he_permille OR label_he_permille IS diver_he_permille),
    -- Without helium a mix is nitrox, 21% O2 or more; with it, at least 1%
    -- helium and no more than 100% in all.
    CHECK ((he_permille = 0 AND o2_permille >= 210) OR (he_permille >= 10 AND o2_permille + he_permille <= 1000))
) STRICT;

INSERT INTO fills_with_helium (
    id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, pressure_centibar, blender, diver,
    cert, diver_o2_permille, note, recorded_at, override_reason, rounding, label_o2_permille,
    he_permille, diver_he_permille, label_he_permille)
SELECT
    id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, pressure_centibar, blender, diver,
    cert, diver_o2_permille, note, recorded_at, override_reason, rounding, label_o2_permille,
    0, NULL, 0
FROM fills ORDER BY id;

-- The old table's index and triggers go with it, and are made again below,
-- word for word as schemas 1 and 4 wrote them.
DROP TABLE fills;
ALTER TABLE fills_with_helium RENAME TO fills;

CREATE INDEX fills_by_cylinder ON fills (cylinder_id, filled_at);

CREATE TRIGGER fills_are_append_only_update BEFORE UPDATE ON fills
BEGIN
    SELECT RAISE(ABORT, 'fills are append-only: void a fill instead of changing it');
END;

CREATE TRIGGER fills_are_append_only_delete BEFORE DELETE ON fills
BEGIN
    SELECT RAISE(ABORT, 'fills are append-only: void a fill instead of deleting it');
END;

CREATE TRIGGER fills_recorded_at_is_utc BEFORE INSERT ON fills
WHEN NEW.recorded_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
BEGIN
    SELECT RAISE(ABORT, 'fills.recorded_at must be a UTC time such as 2026-11-30T19:05:00Z');
END;

-- gaslog logbook, schema 4: which reading a fill's label and MOD come from,
-- cylinders that are never deleted, and the rules the code always kept
-- written into the schema.
--
--   label_o2_permille  the O2 reading, in tenths of a percent, that the label
--                      and the MOD were computed from: the richer of the
--                      blender's and the diver's. NULL for fills recorded
--                      before schema 4, whose label used o2_permille.

-- Logbooks created before commit e5e4ee5 still have this index, which a later
-- edit removed from 0001; without it they match newer logbooks again.
DROP INDEX IF EXISTS fills_by_time;

ALTER TABLE fills ADD COLUMN label_o2_permille INTEGER
    CHECK (label_o2_permille IS NULL OR label_o2_permille IS o2_permille OR label_o2_permille IS diver_o2_permille);

-- Deleting a cylinder would hide its fills from every report that joins them;
-- a cylinder that leaves service is retired instead.
CREATE TRIGGER cylinders_are_never_deleted BEFORE DELETE ON cylinders
BEGIN
    SELECT RAISE(ABORT, 'cylinders are never deleted: retire a cylinder instead');
END;

-- The rules below are checked by gaslog before it writes. ALTER TABLE cannot
-- add CHECK constraints to existing columns, so triggers hold them here.
-- SQLite's length() counts code points; names written before schema 4 were
-- limited to 64 characters as a person sees them, so the name's length is
-- checked where a name is written, never when a retirement updates the row.
CREATE TRIGGER cylinders_rules_on_insert BEFORE INSERT ON cylinders
WHEN length(NEW.name) > 64
    OR NEW.created_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
    OR NEW.retired_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
    OR (NEW.retired_at IS NULL) <> (NEW.retired_reason IS NULL)
BEGIN
    SELECT RAISE(ABORT, 'cylinder breaks the schema: a name of at most 64 characters, UTC times, retired_at and retired_reason together');
END;

CREATE TRIGGER cylinders_rules_on_update BEFORE UPDATE ON cylinders
WHEN (NEW.name IS NOT OLD.name AND length(NEW.name) > 64)
    OR NEW.created_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
    OR NEW.retired_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
    OR (NEW.retired_at IS NULL) <> (NEW.retired_reason IS NULL)
BEGIN
    SELECT RAISE(ABORT, 'cylinder breaks the schema: a name of at most 64 characters, UTC times, retired_at and retired_reason together');
END;

CREATE TRIGGER fills_recorded_at_is_utc BEFORE INSERT ON fills
WHEN NEW.recorded_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
BEGIN
    SELECT RAISE(ABORT, 'fills.recorded_at must be a UTC time such as 2026-11-30T19:05:00Z');
END;

CREATE TRIGGER voids_voided_at_is_utc BEFORE INSERT ON voids
WHEN NEW.voided_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
BEGIN
    SELECT RAISE(ABORT, 'voids.voided_at must be a UTC time such as 2026-11-30T19:05:00Z');
END;

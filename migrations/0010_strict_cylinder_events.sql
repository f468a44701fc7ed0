-- gaslog logbook, schema 10: cylinder_events is STRICT, as every other table is.
--
-- SQLite cannot make a table STRICT in place, so it is rebuilt by the
-- procedure of <https://www.sqlite.org/lang_altertable.html#otheralter>, as
-- schema 6 rebuilt fills: gaslog runs every migration with foreign keys off
-- and checks them before it commits. The columns and their constraints are
-- schema 5's, word for word. Every event keeps its id and its values.
--
-- What the old table could hold that a STRICT one cannot:
--   id, at, kind   nothing: id is the rowid, and the CHECKs on at and kind
--                  pass only text.
--   cylinder_id    INTEGER affinity stores anything that is not an integer
--                  ('abc', 1.5, a blob) as it came, but no such value refers
--                  to a cylinder, so the row already breaks its foreign key.
--                  It is copied as it is: the STRICT table refuses it, and the
--                  upgrade rolls back, leaving the logbook at schema 9.
--   old_name, new_name, reason
--                  TEXT affinity turns numbers into text, but keeps a blob a
--                  blob (only the sqlite3 shell could write one). A blob
--                  becomes the text of the same bytes, CAST(x AS TEXT); every
--                  other value, text or NULL, is copied unchanged.
CREATE TABLE cylinder_events_strict (
    id          INTEGER PRIMARY KEY,
    cylinder_id INTEGER NOT NULL REFERENCES cylinders (id),
    at          TEXT NOT NULL
                CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    kind        TEXT NOT NULL CHECK (kind IN ('renamed', 'retired', 'reinstated')),
    old_name    TEXT,
    new_name    TEXT,
    reason      TEXT,
    CHECK ((kind = 'renamed') = (old_name IS NOT NULL AND new_name IS NOT NULL)),
    CHECK ((kind = 'renamed') = (reason IS NULL))
) STRICT;

INSERT INTO cylinder_events_strict (id, cylinder_id, at, kind, old_name, new_name, reason)
SELECT
    id, cylinder_id, at, kind,
    CASE typeof(old_name) WHEN 'blob' THEN CAST(old_name AS TEXT) ELSE old_name END,
    CASE typeof(new_name) WHEN 'blob' THEN CAST(new_name AS TEXT) ELSE new_name END,
    CASE typeof(reason) WHEN 'blob' THEN CAST(reason AS TEXT) ELSE reason END
FROM cylinder_events ORDER BY id;

-- The old table's index and triggers go with it, and are made again below,
-- word for word as schema 5 wrote them. No view or other trigger refers to
-- the table.
DROP TABLE cylinder_events;
ALTER TABLE cylinder_events_strict RENAME TO cylinder_events;

CREATE INDEX cylinder_events_by_cylinder ON cylinder_events (cylinder_id, id);

CREATE TRIGGER cylinder_events_are_never_changed BEFORE UPDATE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never changed: add an event instead');
END;

CREATE TRIGGER cylinder_events_are_never_deleted BEFORE DELETE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never deleted');
END;

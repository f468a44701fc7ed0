-- gaslog logbook, schema 5: a cylinder's history, and names compared in NFC.
--
--   cylinder_events  what happened to a cylinder's identity and service:
--                    'renamed' (old_name, new_name), 'retired' and
--                    'reinstated' (reason). Rows are only ever added, so that
--                    an auditor sees every name a cylinder had and every
--                    retirement, even one that was later undone.

CREATE TABLE cylinder_events (
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
);

CREATE INDEX cylinder_events_by_cylinder ON cylinder_events (cylinder_id, id);

CREATE TRIGGER cylinder_events_are_never_changed BEFORE UPDATE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never changed: add an event instead');
END;

CREATE TRIGGER cylinder_events_are_never_deleted BEFORE DELETE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never deleted');
END;

-- Retirements recorded before schema 5 become the first events.
INSERT INTO cylinder_events (cylinder_id, at, kind, reason)
SELECT id, retired_at, 'retired', retired_reason FROM cylinders WHERE retired_at IS NOT NULL ORDER BY retired_at, id;

-- Names are now compared in NFC as well as lower case. gaslog_fold() is
-- defined by gaslog on every connection it opens. Two cylinders whose names
-- now compare equal are never merged: the one whose key would change keeps
-- its fills and gets a distinct name, "Réserve #3", recorded as a rename.
UPDATE OR IGNORE cylinders SET name_key = gaslog_fold(name) WHERE name_key IS NOT gaslog_fold(name);

CREATE TEMP TABLE name_clashes AS
SELECT id, name AS old_name, substr(name, 1, 54) || ' #' || id AS new_name
FROM cylinders WHERE name_key IS NOT gaslog_fold(name);

INSERT INTO cylinder_events (cylinder_id, at, kind, old_name, new_name)
SELECT id, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'renamed', old_name, new_name FROM name_clashes ORDER BY id;

UPDATE cylinders SET name = (SELECT new_name FROM name_clashes WHERE name_clashes.id = cylinders.id),
                     name_key = gaslog_fold((SELECT new_name FROM name_clashes WHERE name_clashes.id = cylinders.id))
WHERE id IN (SELECT id FROM name_clashes);

DROP TABLE name_clashes;

-- gaslog logbook, schema 11: the audit table without its two costliest CHECKs.
--
-- Schema 8 checked, on every entry, that the hash is lower-case hex
-- (hash NOT GLOB '*[^0-9a-f]*') and that data holds no line feed
-- (instr(data, char(10)) = 0). SQLite evaluates them a character at a time:
-- about 26,000 instructions an entry, as much as hashing the entry itself,
-- paid by every fill an import writes. Neither guards what verify relies on:
--   hash  verify recomputes every hash and compares it, byte for byte, with
--         the stored text; a hash that is not lower-case hex never matches,
--         and is reported at its entry. Its length is still checked here.
--   data  is the last of the hashed fields, so a line feed in it cannot
--         move a boundary between fields; gaslog writes data as canonical
--         JSON, in which a line feed is always escaped. The fields before it
--         (at, actor, kind, subject) keep their checks.
--
-- SQLite cannot drop a CHECK in place, so the table is rebuilt by the
-- procedure of <https://www.sqlite.org/lang_altertable.html#otheralter>, as
-- schema 10 rebuilt cylinder_events. Every entry keeps its id and its bytes,
-- so every hash still verifies; the index and the append-only triggers are
-- made again, word for word. Dropping the old table fires no trigger.
CREATE TABLE audit_lighter (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    actor       TEXT NOT NULL CHECK (instr(actor, char(10)) = 0),
    kind        TEXT NOT NULL CHECK (length(kind) > 0 AND kind NOT GLOB '*[^a-z ]*'),
    subject     TEXT NOT NULL CHECK (length(subject) > 0 AND instr(subject, char(10)) = 0),
    data        TEXT NOT NULL,
    hash        TEXT NOT NULL CHECK (length(hash) = 64)
) STRICT;

INSERT INTO audit_lighter (id, at, actor, kind, subject, data, hash)
SELECT id, at, actor, kind, subject, data, hash FROM audit ORDER BY id;

DROP TABLE audit;
ALTER TABLE audit_lighter RENAME TO audit;

-- Finds a row's latest entry, for verify and for a cylinder's history.
CREATE INDEX audit_by_subject ON audit (subject, id);

CREATE TRIGGER audit_is_append_only_update BEFORE UPDATE ON audit
BEGIN
    SELECT RAISE(ABORT, 'the audit trail is append-only');
END;

CREATE TRIGGER audit_is_append_only_delete BEFORE DELETE ON audit
BEGIN
    SELECT RAISE(ABORT, 'the audit trail is append-only');
END;

-- gaslog logbook, schema 8: the audit trail, a hash chain of every change.
--
--   audit  one row per change, in the order the changes were made (id):
--          at       when, a UTC time
--          actor    the account that made the change through the service;
--                   '' for the command line
--          kind     what happened: 'fill', 'void', 'cylinder add',
--                   'cylinder edit', 'cylinder rename', 'cylinder retire',
--                   'cylinder reinstate', 'setting', 'account add', ...
--          subject  the row it concerns: 'fill 12', 'cylinder 3',
--                   'setting unit', 'account 2', 'token 5'
--          data     the row as it is after the change, as one line of
--                   canonical JSON (never a password hash or a token hash)
--          hash     in lower-case hex, the SHA-256 of the previous entry's
--                   hash as 32 raw bytes (32 zero bytes before the first
--                   entry) followed by the entry's canonical bytes:
--                   id || x'0A' || at || x'0A' || actor || x'0A' || kind
--                      || x'0A' || subject || x'0A' || data
--
-- SQL cannot compute SHA-256, so gaslog writes the existing cylinders, fills,
-- voids, settings, accounts and tokens into the trail, in id order, in the
-- same transaction as this script: a logbook at schema 8 always has its trail.
-- The triggers keep honest mistakes out; the chain makes every other change
-- evident, since anyone who changes a row must also rewrite the trail.

CREATE TABLE audit (
    id          INTEGER PRIMARY KEY,
    at          TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    actor       TEXT NOT NULL CHECK (instr(actor, char(10)) = 0),
    kind        TEXT NOT NULL CHECK (length(kind) > 0 AND kind NOT GLOB '*[^a-z ]*'),
    subject     TEXT NOT NULL CHECK (length(subject) > 0 AND instr(subject, char(10)) = 0),
    data        TEXT NOT NULL CHECK (instr(data, char(10)) = 0),
    hash        TEXT NOT NULL CHECK (length(hash) = 64 AND hash NOT GLOB '*[^0-9a-f]*')
) STRICT;

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

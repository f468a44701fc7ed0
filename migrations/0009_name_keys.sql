-- gaslog logbook, schema 9: names compared under Unicode's NFKC_Casefold.
--
-- The name_key of every cylinder and every account, removed ones included,
-- is recomputed with gaslog_name_key(), which gaslog defines on every
-- connection it opens: NFKC_Casefold, so 'ＣＬＵＢ 03' is 'Club 03' and
-- 'Straße' is 'STRASSE'. Names stay as first written. The rename history
-- (cylinder_events) holds names, not keys, and is compared through the same
-- function, so it needs no change.
--
-- Two names that now compare equal are never merged. The one whose key
-- already was its NFKC_Casefold keeps its name; otherwise the lowest id
-- does. Each other gets a distinct name, 'ＣＬＵＢ 03 #5', recorded as a
-- rename: in the cylinder's history, and in the audit trail for both
-- cylinders and accounts. Only accounts not removed must have distinct keys.
--
-- name_key_changes lists every row changed here; gaslog appends its audit
-- entry ('cylinder rename', 'cylinder name key', 'account rename' or
-- 'account name key') after this script, in the same transaction, since SQL
-- cannot compute SHA-256, and drops the table.

CREATE TEMP TABLE name_key_changes (
    subject   TEXT NOT NULL CHECK (subject IN ('cylinder', 'account')),
    id        INTEGER NOT NULL,
    old_name  TEXT NOT NULL,
    new_name  TEXT NOT NULL,
    new_key   TEXT NOT NULL,
    PRIMARY KEY (subject, id)
);

INSERT INTO name_key_changes (subject, id, old_name, new_name, new_key)
SELECT 'cylinder', id, name, name, gaslog_name_key(name) FROM cylinders
WHERE name_key IS NOT gaslog_name_key(name) ORDER BY id;

INSERT INTO name_key_changes (subject, id, old_name, new_name, new_key)
SELECT 'account', id, name, name, gaslog_name_key(name) FROM accounts
WHERE name_key IS NOT gaslog_name_key(name) ORDER BY id;

-- A changed cylinder clashes with an unchanged one that has its new key, or
-- with a changed one of lower id that gets the same key.
UPDATE name_key_changes SET new_name = substr(old_name, 1, 54) || ' #' || id
WHERE subject = 'cylinder' AND (
    EXISTS (SELECT 1 FROM cylinders
            WHERE cylinders.name_key = name_key_changes.new_key
              AND cylinders.id NOT IN (SELECT id FROM name_key_changes WHERE subject = 'cylinder'))
    OR EXISTS (SELECT 1 FROM name_key_changes AS other
               WHERE other.subject = 'cylinder' AND other.new_key = name_key_changes.new_key
                 AND other.id < name_key_changes.id));

-- The same among accounts not removed.
UPDATE name_key_changes SET new_name = substr(old_name, 1, 54) || ' #' || id
WHERE subject = 'account' AND id IN (SELECT id FROM accounts WHERE removed_at IS NULL) AND (
    EXISTS (SELECT 1 FROM accounts
            WHERE accounts.name_key = name_key_changes.new_key AND accounts.removed_at IS NULL
              AND accounts.id NOT IN (SELECT id FROM name_key_changes WHERE subject = 'account'))
    OR EXISTS (SELECT 1 FROM name_key_changes AS other
               WHERE other.subject = 'account' AND other.new_key = name_key_changes.new_key
                 AND other.id < name_key_changes.id
                 AND other.id IN (SELECT id FROM accounts WHERE removed_at IS NULL)));

UPDATE name_key_changes SET new_key = gaslog_name_key(new_name) WHERE new_name IS NOT old_name;

UPDATE cylinders
SET name = (SELECT new_name FROM name_key_changes WHERE subject = 'cylinder' AND name_key_changes.id = cylinders.id),
    name_key = (SELECT new_key FROM name_key_changes WHERE subject = 'cylinder' AND name_key_changes.id = cylinders.id)
WHERE id IN (SELECT id FROM name_key_changes WHERE subject = 'cylinder');

INSERT INTO cylinder_events (cylinder_id, at, kind, old_name, new_name)
SELECT id, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), 'renamed', old_name, new_name FROM name_key_changes
WHERE subject = 'cylinder' AND new_name IS NOT old_name ORDER BY id;

-- The trigger that keeps an account's name and key as they were is set
-- aside while the keys change, and made again word for word as schema 7
-- wrote it.
DROP TRIGGER accounts_keep_their_history;

UPDATE accounts
SET name = (SELECT new_name FROM name_key_changes WHERE subject = 'account' AND name_key_changes.id = accounts.id),
    name_key = (SELECT new_key FROM name_key_changes WHERE subject = 'account' AND name_key_changes.id = accounts.id)
WHERE id IN (SELECT id FROM name_key_changes WHERE subject = 'account');

CREATE TRIGGER accounts_keep_their_history BEFORE UPDATE ON accounts
WHEN OLD.removed_at IS NOT NULL OR NEW.name IS NOT OLD.name OR NEW.name_key IS NOT OLD.name_key
    OR NEW.created_at IS NOT OLD.created_at
BEGIN
    SELECT RAISE(ABORT, 'an account keeps its name and creation time, and a removed account is never changed');
END;

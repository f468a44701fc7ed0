-- gaslog logbook, schema 7: accounts and API tokens for the fill-log service,
-- and who recorded each fill and void through it.
--
--   accounts       the people who may use the service. name_key is the name
--                  in NFC and lower case, as cylinders compare names; it is
--                  unique among accounts that are not removed, so a name
--                  whose account was removed can be given to a new one.
--                  password_hash is libsodium's crypto_pwhash_str text
--                  (Argon2id), never a password.
--   tokens         API tokens. token_hash is the SHA-256 of the token, in
--                  lower-case hex; the token itself is shown once and never
--                  stored.
--   recorded_by    the account that recorded a fill through the service;
--   voided_by      the account that voided it. Both are the account's name
--                  as it was then, and NULL for fills and voids written by
--                  the command line or imported without them.
--
-- An account is never deleted, only removed (removed_at), and a token only
-- revoked (revoked_at), so that the log's recorded_by and voided_by always
-- name an account whose history can be seen.

CREATE TABLE accounts (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    name_key        TEXT NOT NULL,
    role            TEXT NOT NULL CHECK (role IN ('reader', 'blender', 'admin')),
    password_hash   TEXT NOT NULL CHECK (password_hash GLOB '$argon2*'),
    created_at      TEXT NOT NULL
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    removed_at      TEXT
        CHECK (removed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')
) STRICT;

CREATE UNIQUE INDEX accounts_by_name ON accounts (name_key) WHERE removed_at IS NULL;

CREATE TABLE tokens (
    id          INTEGER PRIMARY KEY,
    account_id  INTEGER NOT NULL REFERENCES accounts (id),
    label       TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 64),
    token_hash  TEXT NOT NULL UNIQUE CHECK (length(token_hash) = 64 AND token_hash NOT GLOB '*[^0-9a-f]*'),
    created_at  TEXT NOT NULL
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    revoked_at  TEXT
        CHECK (revoked_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')
) STRICT;

CREATE INDEX tokens_by_account ON tokens (account_id);

CREATE TRIGGER accounts_are_never_deleted BEFORE DELETE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'accounts are never deleted: remove an account instead');
END;

-- A removed account stays as it was when it was removed; its name, once
-- given, is never changed, since the log's recorded_by names it.
CREATE TRIGGER accounts_keep_their_history BEFORE UPDATE ON accounts
WHEN OLD.removed_at IS NOT NULL OR NEW.name IS NOT OLD.name OR NEW.name_key IS NOT OLD.name_key
    OR NEW.created_at IS NOT OLD.created_at
BEGIN
    SELECT RAISE(ABORT, 'an account keeps its name and creation time, and a removed account is never changed');
END;

CREATE TRIGGER tokens_are_never_deleted BEFORE DELETE ON tokens
BEGIN
    SELECT RAISE(ABORT, 'tokens are never deleted: revoke a token instead');
END;

CREATE TRIGGER tokens_are_only_revoked BEFORE UPDATE ON tokens
WHEN OLD.revoked_at IS NOT NULL OR NEW.revoked_at IS NULL OR NEW.account_id IS NOT OLD.account_id
    OR NEW.label IS NOT OLD.label OR NEW.token_hash IS NOT OLD.token_hash OR NEW.created_at IS NOT OLD.created_at
BEGIN
    SELECT RAISE(ABORT, 'a token is only ever revoked, once');
END;

ALTER TABLE fills ADD COLUMN recorded_by TEXT CHECK (length(recorded_by) > 0);
ALTER TABLE voids ADD COLUMN voided_by TEXT CHECK (length(voided_by) > 0);

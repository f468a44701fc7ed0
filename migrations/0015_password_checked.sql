-- gaslog logbook, schema 15: which passwords passed the strength check.
--
--   password_checked  1 when the account's password was set through
--                     zxcvbn's strength check (at least 26.6 bits), 0 when
--                     it was set before gaslog checked strength. Existing
--                     accounts keep their passwords and get 0; `user list`
--                     marks them.

ALTER TABLE accounts ADD COLUMN password_checked INTEGER NOT NULL DEFAULT 0 CHECK (password_checked IN (0, 1));

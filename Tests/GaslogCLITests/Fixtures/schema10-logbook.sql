-- A logbook at schema 10, written by gaslog d2119b9 (before #26) on 2026-12-02,
-- dumped with sqlite3 .dump. That gaslog's verify printed:
--   Audit trail: 18 entries, every hash and row matches.
--   Head: 692f5d88b5e8e934b7594a195c4677b40bbf10a958b4f89cb8d9b648cafc29fc
-- and its export is schema10-export.csv, byte for byte. The password is
-- "correct horse battery", a test's.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE cylinders (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 256),
    name_key    TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
, serial TEXT, owner TEXT, water_volume_cl INTEGER CHECK (water_volume_cl > 0), working_pressure_centibar INTEGER CHECK (working_pressure_centibar > 0), hydro_date TEXT
    CHECK (hydro_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'), visual_date TEXT
    CHECK (visual_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'), o2_clean INTEGER CHECK (o2_clean IN (0, 1)), note TEXT, retired_at TEXT, retired_reason TEXT) STRICT;
INSERT INTO cylinders VALUES(1,'Club 01','club 01','2026-12-02T16:14:50Z','S-1',NULL,NULL,23200,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO cylinders VALUES(2,'Club 03','club 03','2026-12-02T16:14:50Z',NULL,'Ann O''Neil',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
INSERT INTO cylinders VALUES(3,'Jürgen''s AL80','jürgen''s al80','2026-12-02T16:14:50Z',NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL,NULL);
CREATE TABLE voids (
    fill_id     INTEGER PRIMARY KEY REFERENCES fills (id),
    reason      TEXT NOT NULL CHECK (length(reason) > 0),
    voided_at   TEXT NOT NULL
, voided_by TEXT CHECK (length(voided_by) > 0)) STRICT;
INSERT INTO voids VALUES(3,'wrong cylinder','2026-12-02T16:14:50Z',NULL);
INSERT INTO voids VALUES(101,'wrong gas','2026-12-02T16:14:50Z',NULL);
CREATE TABLE settings (
    key     TEXT PRIMARY KEY,
    value   TEXT NOT NULL
) STRICT, WITHOUT ROWID;
INSERT INTO settings VALUES('unit','imperial');
CREATE TABLE IF NOT EXISTS "fills" (
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
        CHECK (label_he_permille IS he_permille OR label_he_permille IS diver_he_permille), recorded_by TEXT CHECK (length(recorded_by) > 0),
    -- Without helium a mix is nitrox, 21% O2 or more; with it, at least 1%
    -- helium and no more than 100% in all.
    CHECK ((he_permille = 0 AND o2_permille >= 210) OR (he_permille >= 10 AND o2_permille + he_permille <= 1000))
) STRICT;
INSERT INTO fills VALUES(1,1,'2026-11-01T10:00:00Z',320,140,'EAN 32',34,111,NULL,'Zoë Ng',NULL,NULL,NULL,'tab	here "quoted" back\slash é 🤿','2026-12-02T16:14:50Z',NULL,'nearest',320,0,NULL,0,NULL);
INSERT INTO fills VALUES(2,2,'2026-11-02T10:00:00Z',180,140,'Tx 18/35',68,224,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-02T16:14:50Z',NULL,'nearest',180,350,NULL,350,NULL);
INSERT INTO fills VALUES(3,1,'2026-11-03T10:00:00Z',280,140,'EAN 28',40,132,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-02T16:14:50Z',NULL,'nearest',280,0,NULL,0,NULL);
INSERT INTO fills VALUES(100,1,'2026-10-01T10:00:00Z',320,140,'EAN 32',34,111,23200,'Zoë "Z" Ng','Bo\Diver','NX-1',321,'a, b \ c','2026-12-02T16:14:50Z',NULL,'nearest',320,0,NULL,0,NULL);
INSERT INTO fills VALUES(101,3,'2026-10-02T10:00:00Z',210,140,'Air',57,187,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-02T16:14:50Z',NULL,'nearest',210,0,NULL,0,NULL);
INSERT INTO fills VALUES(102,1,'2026-11-04T10:00:00Z',360,140,'EAN 36',29,95,NULL,NULL,NULL,NULL,NULL,NULL,'2026-12-02T16:14:50Z',NULL,'nearest',360,0,NULL,0,NULL);
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
INSERT INTO accounts VALUES(1,'ali','ali','admin','$argon2id$v=19$m=65536,t=2,p=1$2qek14zZ/5jMYCyC6PIuBQ$jCb1irCHfQF016YkqO+Jl0WG4Ryq2rioW/extCjx6MU','2026-12-02T16:14:50Z',NULL);
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
INSERT INTO tokens VALUES(1,1,'tablet','87a2a6a851acc6b38af79b5c848b6cc599a16f2cfae5fe777ea03a9ff8acb514','2026-12-02T16:14:50Z',NULL);
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
INSERT INTO audit VALUES(1,'2026-12-02T16:14:50Z','','cylinder add','cylinder 1','{"id":1,"name":"Club 01","name_key":"club 01","created_at":"2026-12-02T16:14:50Z","serial":"S-1","owner":null,"water_volume_cl":null,"working_pressure_centibar":23200,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','118406973fff6ac8828b3072e19cf1741dc9392dc98cf1fddc29286a290d8982');
INSERT INTO audit VALUES(2,'2026-12-02T16:14:50Z','','fill','fill 1','{"id":1,"cylinder_id":1,"filled_at":"2026-11-01T10:00:00Z","o2_permille":320,"ppo2_centibar":140,"label":"EAN 32","mod_m":34,"mod_ft":111,"pressure_centibar":null,"blender":"Zoë Ng","diver":null,"cert":null,"diver_o2_permille":null,"note":"tab\u0009here \"quoted\" back\\slash é 🤿","recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":320,"he_permille":0,"diver_he_permille":null,"label_he_permille":0,"recorded_by":null}','58b55b18a9396efee7532323270a697311d8ebbcae3e1d54e0e1d780d4ac2ae0');
INSERT INTO audit VALUES(3,'2026-12-02T16:14:50Z','','cylinder add','cylinder 2','{"id":2,"name":"Club 02","name_key":"club 02","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":null,"water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','85c8caa107243da286d6a7deaf23b9452bfcd9a095eea207fd334e010625a593');
INSERT INTO audit VALUES(4,'2026-12-02T16:14:50Z','','fill','fill 2','{"id":2,"cylinder_id":2,"filled_at":"2026-11-02T10:00:00Z","o2_permille":180,"ppo2_centibar":140,"label":"Tx 18/35","mod_m":68,"mod_ft":224,"pressure_centibar":null,"blender":null,"diver":null,"cert":null,"diver_o2_permille":null,"note":null,"recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":180,"he_permille":350,"diver_he_permille":null,"label_he_permille":350,"recorded_by":null}','b1ff4b078e9e30b1eb643506563df829877a246d9efee20a3d07f60b975adc32');
INSERT INTO audit VALUES(5,'2026-12-02T16:14:50Z','','fill','fill 3','{"id":3,"cylinder_id":1,"filled_at":"2026-11-03T10:00:00Z","o2_permille":280,"ppo2_centibar":140,"label":"EAN 28","mod_m":40,"mod_ft":132,"pressure_centibar":null,"blender":null,"diver":null,"cert":null,"diver_o2_permille":null,"note":null,"recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":280,"he_permille":0,"diver_he_permille":null,"label_he_permille":0,"recorded_by":null}','f7644d3496e6177f4c2f61a651e22df5c382fbd36537e751b0df83997c91836e');
INSERT INTO audit VALUES(6,'2026-12-02T16:14:50Z','','void','void 3','{"fill_id":3,"reason":"wrong cylinder","voided_at":"2026-12-02T16:14:50Z","voided_by":null}','ea309b862a1a95c1834fdc3394e90a9b755e3f6addca43597184b1407437c73a');
INSERT INTO audit VALUES(7,'2026-12-02T16:14:50Z','','cylinder edit','cylinder 2','{"id":2,"name":"Club 02","name_key":"club 02","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":"Ann O''Neil","water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','ec839d3d1d9b73152d767af9b9cd243ef845e00fa5daec971fa4d13019f7054a');
INSERT INTO audit VALUES(8,'2026-12-02T16:14:50Z','','cylinder rename','cylinder 2','{"id":2,"name":"Club 03","name_key":"club 03","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":"Ann O''Neil","water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','8fa1fa9f7fb65fee78aba7c8c0bcabe92be9dfaab6f77e86eba6e2a5ec595eea');
INSERT INTO audit VALUES(9,'2026-12-02T16:14:50Z','','cylinder retire','cylinder 2','{"id":2,"name":"Club 03","name_key":"club 03","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":"Ann O''Neil","water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":"2026-12-02T16:14:50Z","retired_reason":"dented"}','0647702f54a10d484621950cecb5e0a41bf69bccb0073a6332edcf79bdc00812');
INSERT INTO audit VALUES(10,'2026-12-02T16:14:50Z','','cylinder reinstate','cylinder 2','{"id":2,"name":"Club 03","name_key":"club 03","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":"Ann O''Neil","water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','8d19dc4c6ae259fc0bce1587fd0c4207d0b93587a4a4130821ea613a3af12336');
INSERT INTO audit VALUES(11,'2026-12-02T16:14:50Z','','setting','setting unit','{"key":"unit","value":"imperial"}','c89103c06da2d759b053fc7366cb5ff398b2d76473c2cef834b16c3c81b8a06a');
INSERT INTO audit VALUES(12,'2026-12-02T16:14:50Z','','account add','account 1','{"id":1,"name":"ali","name_key":"ali","role":"admin","created_at":"2026-12-02T16:14:50Z","removed_at":null}','12c29639a65d0de796d3c1f2551e72545801da8dbd8bce82d7b48b73e1181df7');
INSERT INTO audit VALUES(13,'2026-12-02T16:14:50Z','','token create','token 1','{"id":1,"account_id":1,"label":"tablet","created_at":"2026-12-02T16:14:50Z","revoked_at":null}','92a56d2dfd1a23731962e76d7187da114cc67d3fea8210e12c7617bc43edb1a2');
INSERT INTO audit VALUES(14,'2026-12-02T16:14:50Z','','fill','fill 100','{"id":100,"cylinder_id":1,"filled_at":"2026-10-01T10:00:00Z","o2_permille":320,"ppo2_centibar":140,"label":"EAN 32","mod_m":34,"mod_ft":111,"pressure_centibar":23200,"blender":"Zoë \"Z\" Ng","diver":"Bo\\Diver","cert":"NX-1","diver_o2_permille":321,"note":"a, b \\ c","recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":320,"he_permille":0,"diver_he_permille":null,"label_he_permille":0,"recorded_by":null}','1a24eb07b2256a68227d2eff02236f759669c36d2415fe84a1deb8d553cedf3f');
INSERT INTO audit VALUES(15,'2026-12-02T16:14:50Z','','cylinder add','cylinder 3','{"id":3,"name":"Jürgen''s AL80","name_key":"jürgen''s al80","created_at":"2026-12-02T16:14:50Z","serial":null,"owner":null,"water_volume_cl":null,"working_pressure_centibar":null,"hydro_date":null,"visual_date":null,"o2_clean":null,"note":null,"retired_at":null,"retired_reason":null}','111ead8f2b599de1821e9bc9a3e4ea687c76251096bb37425b57cd98cb29ca60');
INSERT INTO audit VALUES(16,'2026-12-02T16:14:50Z','','fill','fill 101','{"id":101,"cylinder_id":3,"filled_at":"2026-10-02T10:00:00Z","o2_permille":210,"ppo2_centibar":140,"label":"Air","mod_m":57,"mod_ft":187,"pressure_centibar":null,"blender":null,"diver":null,"cert":null,"diver_o2_permille":null,"note":null,"recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":210,"he_permille":0,"diver_he_permille":null,"label_he_permille":0,"recorded_by":null}','9800dff546e0835f22df6e2e37a715bb3a0e215730b49c9675e2addcdbfdcd6c');
INSERT INTO audit VALUES(17,'2026-12-02T16:14:50Z','','void','void 101','{"fill_id":101,"reason":"wrong gas","voided_at":"2026-12-02T16:14:50Z","voided_by":null}','e1f3800c10649a69c6393ea9599fc01bedf1aea6d245a4efb745fab07aad34dd');
INSERT INTO audit VALUES(18,'2026-12-02T16:14:50Z','','fill','fill 102','{"id":102,"cylinder_id":1,"filled_at":"2026-11-04T10:00:00Z","o2_permille":360,"ppo2_centibar":140,"label":"EAN 36","mod_m":29,"mod_ft":95,"pressure_centibar":null,"blender":null,"diver":null,"cert":null,"diver_o2_permille":null,"note":null,"recorded_at":"2026-12-02T16:14:50Z","override_reason":null,"rounding":"nearest","label_o2_permille":360,"he_permille":0,"diver_he_permille":null,"label_he_permille":0,"recorded_by":null}','692f5d88b5e8e934b7594a195c4677b40bbf10a958b4f89cb8d9b648cafc29fc');
CREATE TABLE IF NOT EXISTS "cylinder_events" (
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
INSERT INTO cylinder_events VALUES(1,2,'2026-12-02T16:14:50Z','renamed','Club 02','Club 03',NULL);
INSERT INTO cylinder_events VALUES(2,2,'2026-12-02T16:14:50Z','retired',NULL,NULL,'dented');
INSERT INTO cylinder_events VALUES(3,2,'2026-12-02T16:14:50Z','reinstated',NULL,NULL,'hydro passed');
CREATE TRIGGER voids_are_append_only_update BEFORE UPDATE ON voids
BEGIN
    SELECT RAISE(ABORT, 'voids are append-only');
END;
CREATE TRIGGER voids_are_append_only_delete BEFORE DELETE ON voids
BEGIN
    SELECT RAISE(ABORT, 'voids are append-only');
END;
CREATE TRIGGER cylinders_are_never_deleted BEFORE DELETE ON cylinders
BEGIN
    SELECT RAISE(ABORT, 'cylinders are never deleted: retire a cylinder instead');
END;
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
CREATE TRIGGER voids_voided_at_is_utc BEFORE INSERT ON voids
WHEN NEW.voided_at NOT GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'
BEGIN
    SELECT RAISE(ABORT, 'voids.voided_at must be a UTC time such as 2026-11-30T19:05:00Z');
END;
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
CREATE UNIQUE INDEX accounts_by_name ON accounts (name_key) WHERE removed_at IS NULL;
CREATE INDEX tokens_by_account ON tokens (account_id);
CREATE TRIGGER accounts_are_never_deleted BEFORE DELETE ON accounts
BEGIN
    SELECT RAISE(ABORT, 'accounts are never deleted: remove an account instead');
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
CREATE INDEX audit_by_subject ON audit (subject, id);
CREATE TRIGGER audit_is_append_only_update BEFORE UPDATE ON audit
BEGIN
    SELECT RAISE(ABORT, 'the audit trail is append-only');
END;
CREATE TRIGGER audit_is_append_only_delete BEFORE DELETE ON audit
BEGIN
    SELECT RAISE(ABORT, 'the audit trail is append-only');
END;
CREATE TRIGGER accounts_keep_their_history BEFORE UPDATE ON accounts
WHEN OLD.removed_at IS NOT NULL OR NEW.name IS NOT OLD.name OR NEW.name_key IS NOT OLD.name_key
    OR NEW.created_at IS NOT OLD.created_at
BEGIN
    SELECT RAISE(ABORT, 'an account keeps its name and creation time, and a removed account is never changed');
END;
CREATE INDEX cylinder_events_by_cylinder ON cylinder_events (cylinder_id, id);
CREATE TRIGGER cylinder_events_are_never_changed BEFORE UPDATE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never changed: add an event instead');
END;
CREATE TRIGGER cylinder_events_are_never_deleted BEFORE DELETE ON cylinder_events
BEGIN
    SELECT RAISE(ABORT, 'a cylinder''s history is never deleted');
END;
COMMIT;
PRAGMA user_version = 10;

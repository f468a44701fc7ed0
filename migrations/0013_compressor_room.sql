-- gaslog logbook, schema 13: the compressor room. Compressors, their
-- running hours and filter cartridges, their breathing-air tests, and the
-- compressor each fill's air came from.
--
-- Every table is append-only, with triggers, and every row is an audit
-- entry, so that an auditor after an accident sees every fact as it was:
--   compressors          a compressor's identity: its name (rules and
--                        comparison as for cylinders, in a namespace of
--                        its own) and when it was added
--   compressor_versions  its register facts, a whole new row for each add,
--                        edit, retirement and reinstatement; the latest row
--                        is in force:
--                          filter_decihours  cartridge life at the reference
--                                            temperature, in tenths of an hour
--                          filter_factors    the correction chart as text,
--                                            '10:1.4,20:1,30:0.6,40:0.35'
--                          air_test_months   its own test interval (NULL: the
--                                            air-test-interval-months setting)
--                          retired_at        set while it is retired
--                          reason            why it was retired or reinstated
--   compressor_log       its runs and cartridge changes, in one table so
--                        that (at, id) orders them even within one second:
--                        'run' with the hours it counts (hundredths), the
--                        hour meter after it when known, the ambient
--                        temperature and the chart in force when it was
--                        recorded, so that editing the chart never changes
--                        a past run; 'filter' with the cartridge's batch
--   air_tests            a laboratory's or kit's result, in whole units of
--                        the stated decimals, with the verdict as judged
--                        then: the standard's name, passed, and the failed
--                        components as 'o2,co2,co,oil,water' in that order
-- On each fill, compressor_id: the compressor that made its air (NULL for
-- fills before schema 13 and fills without one). The audit trail leaves it
-- out of a fill's entry while it is NULL, as it does schema 12's columns.

CREATE TABLE compressors (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 64),
    name_key    TEXT NOT NULL UNIQUE,
    created_at  TEXT NOT NULL
        CHECK (created_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z')
) STRICT;

CREATE TABLE compressor_versions (
    id                INTEGER PRIMARY KEY,
    compressor_id     INTEGER NOT NULL REFERENCES compressors (id),
    at                TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    change            TEXT NOT NULL CHECK (change IN ('add', 'edit', 'retire', 'reinstate')),
    filter_decihours  INTEGER CHECK (filter_decihours BETWEEN 1 AND 100000),
    filter_factors    TEXT CHECK (length(filter_factors) BETWEEN 3 AND 1000),
    air_test_months   INTEGER CHECK (air_test_months BETWEEN 1 AND 24),
    note              TEXT CHECK (length(note) BETWEEN 1 AND 1000),
    retired_at        TEXT
        CHECK (retired_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    reason            TEXT CHECK (length(reason) BETWEEN 1 AND 1000),
    made_by           TEXT CHECK (length(made_by) > 0),
    CHECK ((change IN ('retire', 'reinstate')) = (reason IS NOT NULL)),
    CHECK ((change = 'retire') <= (retired_at IS NOT NULL)),
    CHECK ((change = 'reinstate') <= (retired_at IS NULL))
) STRICT;

CREATE INDEX compressor_versions_by_compressor ON compressor_versions (compressor_id, id);

CREATE TABLE compressor_log (
    id                   INTEGER PRIMARY KEY,
    compressor_id        INTEGER NOT NULL REFERENCES compressors (id),
    at                   TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    kind                 TEXT NOT NULL CHECK (kind IN ('run', 'filter')),
    hundredths_of_hours  INTEGER CHECK (hundredths_of_hours >= 0),
    meter_hundredths     INTEGER CHECK (meter_hundredths >= 0),
    temperature          INTEGER CHECK (temperature BETWEEN -20 AND 60),
    filter_factors       TEXT CHECK (length(filter_factors) BETWEEN 3 AND 1000),
    operator             TEXT CHECK (length(operator) BETWEEN 1 AND 64),
    batch                TEXT CHECK (length(batch) BETWEEN 1 AND 64),
    recorded_at          TEXT NOT NULL
        CHECK (recorded_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    recorded_by          TEXT CHECK (length(recorded_by) > 0),
    CHECK ((kind = 'run') = (hundredths_of_hours IS NOT NULL)),
    CHECK (kind = 'run' OR (meter_hundredths IS NULL AND temperature IS NULL AND filter_factors IS NULL AND operator IS NULL)),
    CHECK (kind = 'filter' OR batch IS NULL)
) STRICT;

CREATE INDEX compressor_log_by_compressor ON compressor_log (compressor_id, at, id);

CREATE TABLE air_tests (
    id                INTEGER PRIMARY KEY,
    compressor_id     INTEGER NOT NULL REFERENCES compressors (id),
    at                TEXT NOT NULL
        CHECK (at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    o2_permille       INTEGER NOT NULL CHECK (o2_permille BETWEEN 0 AND 1000),
    co2_ppm           INTEGER NOT NULL CHECK (co2_ppm >= 0),
    co_decippm        INTEGER NOT NULL CHECK (co_decippm >= 0),
    oil_centimg       INTEGER NOT NULL CHECK (oil_centimg >= 0),
    water_decimg      INTEGER NOT NULL CHECK (water_decimg >= 0),
    pressure_bar      INTEGER NOT NULL CHECK (pressure_bar >= 40),
    lab               TEXT CHECK (length(lab) BETWEEN 1 AND 64),
    certificate       TEXT CHECK (length(certificate) BETWEEN 1 AND 64),
    note              TEXT CHECK (length(note) BETWEEN 1 AND 1000),
    standard          TEXT NOT NULL CHECK (length(standard) > 0),
    passed            INTEGER NOT NULL CHECK (passed IN (0, 1)),
    failed            TEXT NOT NULL CHECK ((failed = '') = (passed = 1)),
    recorded_at       TEXT NOT NULL
        CHECK (recorded_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]Z'),
    recorded_by       TEXT CHECK (length(recorded_by) > 0)
) STRICT;

CREATE INDEX air_tests_by_compressor ON air_tests (compressor_id, at, id);

ALTER TABLE fills ADD COLUMN compressor_id INTEGER REFERENCES compressors (id);

CREATE TRIGGER compressors_are_append_only_update BEFORE UPDATE ON compressors
BEGIN
    SELECT RAISE(ABORT, 'compressors are never changed: edit adds a new version of its facts');
END;

CREATE TRIGGER compressors_are_append_only_delete BEFORE DELETE ON compressors
BEGIN
    SELECT RAISE(ABORT, 'compressors are never deleted: retire one instead');
END;

CREATE TRIGGER compressor_versions_are_append_only_update BEFORE UPDATE ON compressor_versions
BEGIN
    SELECT RAISE(ABORT, 'a compressor''s facts are never changed: edit adds a new version');
END;

CREATE TRIGGER compressor_versions_are_append_only_delete BEFORE DELETE ON compressor_versions
BEGIN
    SELECT RAISE(ABORT, 'a compressor''s facts are never deleted');
END;

CREATE TRIGGER compressor_log_is_append_only_update BEFORE UPDATE ON compressor_log
BEGIN
    SELECT RAISE(ABORT, 'a compressor''s runs and cartridge changes are never changed');
END;

CREATE TRIGGER compressor_log_is_append_only_delete BEFORE DELETE ON compressor_log
BEGIN
    SELECT RAISE(ABORT, 'a compressor''s runs and cartridge changes are never deleted');
END;

CREATE TRIGGER air_tests_are_append_only_update BEFORE UPDATE ON air_tests
BEGIN
    SELECT RAISE(ABORT, 'air tests are never changed: record a new test');
END;

CREATE TRIGGER air_tests_are_append_only_delete BEFORE DELETE ON air_tests
BEGIN
    SELECT RAISE(ABORT, 'air tests are never deleted: record a new test');
END;

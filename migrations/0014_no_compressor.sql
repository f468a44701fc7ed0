-- gaslog logbook, schema 14: 'none' means no compressor.
--
-- `fill --compressor none`, the API's "none" and the form's "None" say that
-- a fill used no compressor, and a compressor can no longer be added under
-- that name, in any case. A compressor that already has it is renamed
-- 'none (compressor)' ('none (compressor #ID)' should that be taken too),
-- and gaslog appends a 'compressor rename' audit entry for it after this
-- script, in the same transaction, as schema 9 did for the names it renamed.
-- Its fills, versions, log and tests refer to it by id and keep it. It was
-- never the default-compressor: that setting always read 'none' as none.

CREATE TEMP TABLE compressor_renames (
    id        INTEGER PRIMARY KEY,
    new_name  TEXT NOT NULL
);

INSERT INTO compressor_renames (id, new_name)
SELECT id,
       CASE WHEN EXISTS (SELECT 1 FROM compressors WHERE name_key = gaslog_name_key('none (compressor)'))
            THEN 'none (compressor #' || id || ')'
            ELSE 'none (compressor)' END
FROM compressors WHERE name_key = 'none';

-- The identity table refuses every UPDATE; this one rename is made with the
-- trigger lifted, and the trigger is made again exactly as schema 13 made it.
DROP TRIGGER compressors_are_append_only_update;

UPDATE compressors
SET name = (SELECT new_name FROM compressor_renames AS r WHERE r.id = compressors.id),
    name_key = gaslog_name_key((SELECT new_name FROM compressor_renames AS r WHERE r.id = compressors.id))
WHERE id IN (SELECT id FROM compressor_renames);

CREATE TRIGGER compressors_are_append_only_update BEFORE UPDATE ON compressors
BEGIN
    SELECT RAISE(ABORT, 'compressors are never changed: edit adds a new version of its facts');
END;


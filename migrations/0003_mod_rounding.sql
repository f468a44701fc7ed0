-- gaslog logbook, schema 3: which rounding rule each fill's MOD was stored under.
--
-- 'nearest' is the tutorial's rule (ties go shallower), 'down' the printed
-- tables' floor. Fills recorded before this schema used 'nearest'.
ALTER TABLE fills ADD COLUMN rounding TEXT NOT NULL DEFAULT 'nearest' CHECK (rounding IN ('nearest', 'down'));

-- gaslog logbook, schema 2: the cylinder register and fill overrides.
--
-- Every register fact is optional: a cylinder that `fill` created knows none
-- of them until it is edited, and a check applies only to a fact it knows.
--   water_volume_cl            water capacity in hundredths of a litre
--   working_pressure_centibar  in hundredths of a bar
--   hydro_date, visual_date    the last hydrostatic test and visual inspection, YYYY-MM-DD
--   o2_clean                   1 when cleaned for oxygen service, 0 when not, NULL when unknown
-- A retired cylinder keeps its row and its fills; it is never deleted.

ALTER TABLE cylinders ADD COLUMN serial TEXT;
ALTER TABLE cylinders ADD COLUMN owner TEXT;
ALTER TABLE cylinders ADD COLUMN water_volume_cl INTEGER CHECK (water_volume_cl > 0);
ALTER TABLE cylinders ADD COLUMN working_pressure_centibar INTEGER CHECK (working_pressure_centibar > 0);
ALTER TABLE cylinders ADD COLUMN hydro_date TEXT
    CHECK (hydro_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE cylinders ADD COLUMN visual_date TEXT
    CHECK (visual_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]');
ALTER TABLE cylinders ADD COLUMN o2_clean INTEGER CHECK (o2_clean IN (0, 1));
ALTER TABLE cylinders ADD COLUMN note TEXT;
ALTER TABLE cylinders ADD COLUMN retired_at TEXT;
ALTER TABLE cylinders ADD COLUMN retired_reason TEXT;

-- Why a fill was recorded although a fill-station check refused it; audits
-- see it in every export.
ALTER TABLE fills ADD COLUMN override_reason TEXT;

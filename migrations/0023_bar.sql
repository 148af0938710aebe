-- Issue 35, the bar. Bottle facts on an item: its volume (hundredths of a ml), its empty weight (tare, hundredths of
-- a g) and either its full weight (hundredths of a g) or its liquid's density (thousandths of a g per ml). The one
-- given is kept exactly; the other is derived on reading (contract/bar.ts). bottle_ml NULL: no bottle facts.
ALTER TABLE items ADD COLUMN bottle_ml INTEGER CHECK (bottle_ml IS NULL OR bottle_ml > 0);
ALTER TABLE items ADD COLUMN tare_g INTEGER CHECK (tare_g IS NULL OR tare_g >= 0);
ALTER TABLE items ADD COLUMN full_g INTEGER CHECK (full_g IS NULL OR full_g > 0);
ALTER TABLE items ADD COLUMN bottle_density INTEGER CHECK (bottle_density IS NULL OR bottle_density > 0);

-- A count entry's open bottles as typed: JSON arrays of weights (hundredths of a g) and tenths by eye (0–10), and
-- their volume when saved (hundredths of a ml, rounded once: the bottle facts may change later); all NULL for an
-- entry without open bottles (every entry made before this migration). Its `counted` includes them.
ALTER TABLE stock_count_entries ADD COLUMN open_weights TEXT;
ALTER TABLE stock_count_entries ADD COLUMN open_tenths TEXT;
ALTER TABLE stock_count_entries ADD COLUMN open_ml INTEGER CHECK (open_ml IS NULL OR open_ml >= 0);

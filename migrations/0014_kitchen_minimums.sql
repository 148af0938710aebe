-- Kitchen minimums per item (issue 24): a kitchen row is Low when 0 < quantity <= min_quantity.
-- NULL means no minimum (never Low), replacing the one kitchen_low_threshold setting shared by every unit.
-- Hundredths like every quantity.
ALTER TABLE kitchen_stock ADD COLUMN min_quantity INTEGER CHECK (min_quantity IS NULL OR min_quantity >= 0);
DELETE FROM settings WHERE key = 'kitchen_low_threshold';

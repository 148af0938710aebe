-- Items gain an optional SKU: the key that matches rows when a CSV is imported again.
-- Unique when given (NULLs are distinct), whatever its case ("ab-1" and "AB-1" are one SKU).
ALTER TABLE items ADD COLUMN sku TEXT CHECK (sku IS NULL OR length(sku) BETWEEN 1 AND 64);
CREATE UNIQUE INDEX items_sku ON items(sku COLLATE NOCASE) WHERE sku IS NOT NULL;

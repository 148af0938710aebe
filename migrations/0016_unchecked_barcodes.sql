-- Codes saved before RIMS checked check digits (issue 29): RIMS 0.1 stored whatever was typed, and 0013 carried
-- those codes over as they were. Such a code stays as it is and is marked checked = 0: a scan still finds it
-- exactly, the item saves and re-imports with it unchanged, and the item form asks for the right code from the
-- package. Every code added since is checked (1).
ALTER TABLE item_barcodes ADD COLUMN checked INTEGER NOT NULL DEFAULT 1 CHECK (checked IN (0, 1));

-- 8, 12, 13 or 14 digits whose last digit is not the GS1 check digit of the rest (0013 stored right ones as 14 digits).
UPDATE item_barcodes SET checked = 0 WHERE id IN (
  SELECT id FROM (
    SELECT id, substr('00000000000000' || code, -14) AS p FROM item_barcodes
    WHERE code NOT GLOB '*[^0-9]*' AND length(code) IN (8, 12, 13, 14)
  )
  WHERE (10 - (substr(p, 1, 1) * 3 + substr(p, 2, 1) * 1 + substr(p, 3, 1) * 3 + substr(p, 4, 1) * 1 + substr(p, 5, 1) * 3 + substr(p, 6, 1) * 1 + substr(p, 7, 1) * 3 + substr(p, 8, 1) * 1 + substr(p, 9, 1) * 3 + substr(p, 10, 1) * 1 + substr(p, 11, 1) * 3 + substr(p, 12, 1) * 1 + substr(p, 13, 1) * 3) % 10) % 10 <> substr(p, 14, 1) * 1
);

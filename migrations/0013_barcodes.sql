-- Barcodes (issue 23): an item has several codes — its unit's and each pack's.
-- code: a GTIN as 14 digits (check digit verified) or another code as trimmed printable ASCII (contract/barcodes.ts).
-- pack_id: the pack the code stands for (a case of 12), NULL for the base unit. A removed pack takes its codes
-- with it (a case code must never start counting single units); the service checks the pack is the item's.
CREATE TABLE item_barcodes (
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  code       TEXT NOT NULL UNIQUE,
  pack_id    INTEGER REFERENCES item_packs(id) ON DELETE CASCADE,
  created_at TEXT NOT NULL,
  created_by INTEGER REFERENCES users(id)
);
CREATE INDEX item_barcodes_item ON item_barcodes(item_id);

-- The existing items.barcode values move in as unit codes. 8/12/13/14 digits with a right check digit
-- become 14 digits; anything else is kept trimmed as it was (a house code). items.barcode stays as the
-- copy of the item's first unit code, so the existing searches keep reading it.
CREATE TEMP TABLE legacy_codes AS
  WITH raw AS (
    SELECT id, trim(barcode) AS b, updated_at FROM items WHERE barcode IS NOT NULL AND trim(barcode) <> ''
  ), shaped AS (
    SELECT id, b, updated_at,
      CASE WHEN b NOT GLOB '*[^0-9]*' AND length(b) IN (8, 12, 13, 14) THEN substr('00000000000000' || b, -14) END AS p
    FROM raw
  )
  SELECT id, updated_at,
    CASE WHEN p IS NOT NULL AND (10 - (substr(p, 1, 1) * 3 + substr(p, 2, 1) * 1 + substr(p, 3, 1) * 3 + substr(p, 4, 1) * 1 + substr(p, 5, 1) * 3 + substr(p, 6, 1) * 1 + substr(p, 7, 1) * 3 + substr(p, 8, 1) * 1 + substr(p, 9, 1) * 3 + substr(p, 10, 1) * 1 + substr(p, 11, 1) * 3 + substr(p, 12, 1) * 1 + substr(p, 13, 1) * 3) % 10) % 10 = substr(p, 14, 1) * 1 THEN p ELSE b END AS code
  FROM shaped;

-- Two items whose old codes are one GTIN (036000291452 and 0036000291452): the first keeps it; the other
-- keeps its old text in items.barcode (still found by the name/barcode search) until someone links it.
INSERT OR IGNORE INTO item_barcodes (item_id, code, pack_id, created_at) SELECT id, code, NULL, updated_at FROM legacy_codes ORDER BY id;
UPDATE items SET barcode = (SELECT b.code FROM item_barcodes b WHERE b.item_id = items.id)
  WHERE id IN (SELECT item_id FROM item_barcodes);
DROP TABLE legacy_codes;

-- Scans on a count sheet (POST /stock-counts/{id}/scans): each adds one pack (or one base unit) to a line.
-- Idempotent by scan_id (the phone's id for one scan, replayed after a lost answer); an undo keeps the row
-- and marks it, so a late replay of the same scan never counts it again.
CREATE TABLE stock_count_scans (
  count_id   INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  scan_id    TEXT NOT NULL,
  area_id    INTEGER NOT NULL,
  item_id    INTEGER NOT NULL REFERENCES items(id),
  pack_id    INTEGER,
  quantity   INTEGER NOT NULL CHECK (quantity > 0), -- hundredths of the base unit added by this scan
  code       TEXT NOT NULL,
  user_id    INTEGER NOT NULL REFERENCES users(id),
  scanned_at TEXT NOT NULL,
  undone_at  TEXT,
  undone_by  INTEGER REFERENCES users(id),
  PRIMARY KEY (count_id, scan_id)
);

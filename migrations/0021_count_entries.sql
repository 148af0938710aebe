-- Issue 33: counting where the Wi-Fi does not reach. A count entry is made on a phone (or by a save on the
-- sheet) with its own id, and is never overwritten: a correction is a later entry by the same counter. A line's
-- figure is its counters' latest entries since its last recount; two counters with different figures are a
-- double count, which a Manager resolves (KEEP one entry, SUM them, or RECOUNT) before approval.
CREATE TABLE stock_count_entries (
  seq        INTEGER PRIMARY KEY AUTOINCREMENT, -- the order stored (a tie on counted_at is broken by it)
  id         TEXT NOT NULL UNIQUE,              -- the client's UUID, also its Idempotency-Key
  count_id   INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  area_id    INTEGER NOT NULL,
  item_id    INTEGER NOT NULL REFERENCES items(id),
  user_id    INTEGER NOT NULL REFERENCES users(id),
  source     TEXT NOT NULL CHECK (source IN ('SHEET', 'PHONE')), -- SHEET: PUT …/lines (or a scan); PHONE: POST …/entries
  device_id  TEXT,                              -- the phone, when it named itself
  packs      TEXT NOT NULL,                     -- JSON [{ pack_id, quantity }] as sent
  loose      INTEGER,                           -- hundredths; NULL with counted NULL or when sent as counted
  counted    INTEGER CHECK (counted IS NULL OR counted >= 0), -- hundredths in base units; NULL: the counter cleared the line
  counted_at TEXT NOT NULL,                     -- the device's instant
  stored_at  TEXT NOT NULL,
  FOREIGN KEY (count_id, area_id, item_id) REFERENCES stock_count_lines(count_id, area_id, item_id)
) STRICT;
CREATE INDEX stock_count_entries_line ON stock_count_entries(count_id, area_id, item_id, seq);

-- What each device of a count last reported: when it synced and how many entries it still holds.
CREATE TABLE stock_count_devices (
  count_id     INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  user_id      INTEGER NOT NULL REFERENCES users(id),
  device_id    TEXT NOT NULL, -- '' when the client sent none
  last_sync_at TEXT NOT NULL,
  waiting      INTEGER NOT NULL CHECK (waiting >= 0),
  PRIMARY KEY (count_id, user_id, device_id)
) STRICT, WITHOUT ROWID;

-- A line's double count and its resolution. entry_floor: entries with seq <= it are history (a RECOUNT);
-- settled_seq: the last entry a KEEP or SUM decided on (a later entry reopens the question).
ALTER TABLE stock_count_lines ADD COLUMN double_count INTEGER NOT NULL DEFAULT 0 CHECK (double_count IN (0, 1));
ALTER TABLE stock_count_lines ADD COLUMN entry_floor INTEGER NOT NULL DEFAULT 0;
ALTER TABLE stock_count_lines ADD COLUMN settled_seq INTEGER;
ALTER TABLE stock_count_lines ADD COLUMN resolution TEXT CHECK (resolution IS NULL OR resolution IN ('KEEP', 'SUM', 'RECOUNT'));
ALTER TABLE stock_count_lines ADD COLUMN resolved_by INTEGER REFERENCES users(id);
ALTER TABLE stock_count_lines ADD COLUMN resolved_at TEXT;

-- Lines counted before this migration keep their figure as one entry of their counter, so a later entry by a
-- second counter compares with it.
INSERT INTO stock_count_entries (id, count_id, area_id, item_id, user_id, source, device_id, packs, loose, counted, counted_at, stored_at)
SELECT 'legacy-' || l.count_id || '-' || l.area_id || '-' || l.item_id, l.count_id, l.area_id, l.item_id, l.counted_by, 'SHEET', NULL, '[]', NULL, l.counted, l.counted_at, l.counted_at
FROM stock_count_lines l WHERE l.counted IS NOT NULL AND l.counted_by IS NOT NULL AND l.counted_at IS NOT NULL;

-- Issue 17, part 1: pack sizes. An item keeps its base unit (items.unit) and may be counted in up to
-- 5 named packs (bottle 0.75 L, case 9 L). size is hundredths of the base unit, as every quantity.
CREATE TABLE item_packs (
  id       INTEGER PRIMARY KEY,
  item_id  INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  name     TEXT NOT NULL COLLATE NOCASE,
  size     INTEGER NOT NULL CHECK (size > 0),
  position INTEGER NOT NULL,
  UNIQUE (item_id, name)
) STRICT;

-- The ledger row's source: source_type says what made it (MANUAL, OPENING, COUNT, REQUEST, TRANSFER,
-- and later RECEIPT …), source_id the id of that thing (a count session, a receipt). NULL for rows
-- that have no such record (a person's movement, an item's opening stock, PATCH /items/{id}/quantity).
ALTER TABLE stock_movements ADD COLUMN source_id INTEGER;
CREATE INDEX stock_movements_source ON stock_movements(source_type, source_id) WHERE source_id IS NOT NULL;

-- When an approved stock count last confirmed the item's balance (even with no difference); NULL: never.
-- GET /items?status=unverified&days=N lists the active items not verified in N days.
ALTER TABLE items ADD COLUMN last_verified_at TEXT;
CREATE INDEX items_verified ON items(is_active, last_verified_at);

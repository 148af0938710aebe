-- Issue 32.3: products found on a shelf that are not in the catalogue (an unlabelled bottle). A found line has
-- a name, a note describing it and a counted quantity; it changes no figure until a Manager maps it to an item
-- (item_id, item_quantity in that item's base unit: it then counts for the item) or discards it.
CREATE TABLE stock_count_found (
  id            INTEGER PRIMARY KEY AUTOINCREMENT,
  count_id      INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  area_id       INTEGER NOT NULL,
  name          TEXT NOT NULL,
  note          TEXT,
  counted       INTEGER NOT NULL CHECK (counted > 0),
  added_by      INTEGER NOT NULL REFERENCES users(id),
  added_at      TEXT NOT NULL,
  resolution    TEXT CHECK (resolution IS NULL OR resolution IN ('MAPPED', 'DISCARDED')),
  item_id       INTEGER REFERENCES items(id),
  item_quantity INTEGER CHECK (item_quantity IS NULL OR item_quantity >= 0),
  resolved_by   INTEGER REFERENCES users(id),
  resolved_at   TEXT,
  CHECK ((resolution IS 'MAPPED') = (item_id IS NOT NULL) AND (item_id IS NULL) = (item_quantity IS NULL)),
  FOREIGN KEY (count_id, area_id) REFERENCES stock_count_areas(count_id, area_id)
) STRICT;
CREATE INDEX stock_count_found_count ON stock_count_found(count_id, id);
CREATE INDEX stock_count_found_item ON stock_count_found(item_id) WHERE item_id IS NOT NULL;

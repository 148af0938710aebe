-- Stock core: categories, suppliers, items and the main-store ledger (stock_movements).
-- Money and quantities are INTEGER hundredths (12.50 → 1250).

CREATE TABLE categories (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE COLLATE NOCASE,
  description TEXT,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
) STRICT;

CREATE TABLE suppliers (
  id             INTEGER PRIMARY KEY,
  name           TEXT NOT NULL,
  contact_person TEXT,
  email          TEXT,
  phone          TEXT,
  address        TEXT,
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL
) STRICT;
CREATE INDEX suppliers_name ON suppliers(name COLLATE NOCASE);

CREATE TABLE items (
  id               INTEGER PRIMARY KEY,
  name             TEXT NOT NULL,
  barcode          TEXT UNIQUE, -- NULLs are distinct: unique only when given
  category_id      INTEGER NOT NULL REFERENCES categories(id),
  supplier_id      INTEGER NOT NULL REFERENCES suppliers(id),
  unit             TEXT NOT NULL,
  cost_price       INTEGER NOT NULL CHECK (cost_price >= 0),
  current_quantity INTEGER NOT NULL DEFAULT 0 CHECK (current_quantity >= 0),
  min_stock_level  INTEGER NOT NULL DEFAULT 0 CHECK (min_stock_level >= 0),
  expiry_date      TEXT CHECK (expiry_date IS NULL OR expiry_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  is_active        INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL
) STRICT;
-- The items page (active, by name), the category/supplier filters and item_count, expiry lists.
CREATE INDEX items_active_name ON items(is_active, name COLLATE NOCASE);
CREATE INDEX items_category ON items(category_id, is_active);
CREATE INDEX items_supplier ON items(supplier_id, is_active);
CREATE INDEX items_expiry ON items(is_active, expiry_date) WHERE expiry_date IS NOT NULL;
-- A narrow covering index for scans that need per-row figures (the dashboard's stock status slices).
CREATE INDEX items_stats ON items(is_active, current_quantity, min_stock_level, cost_price, expiry_date);

-- Totals over active items kept by triggers, so /items/statistics reads one row instead of every item.
-- Each item's value is rounded half-up to the ngwee before it is added, as the API's rows show it.
CREATE TABLE item_totals (
  id           INTEGER PRIMARY KEY CHECK (id = 1),
  active_items INTEGER NOT NULL,
  value_cents  INTEGER NOT NULL,
  low_stock    INTEGER NOT NULL
) STRICT;
INSERT INTO item_totals (id, active_items, value_cents, low_stock) VALUES (1, 0, 0, 0);

CREATE TRIGGER items_totals_insert AFTER INSERT ON items WHEN NEW.is_active = 1 BEGIN
  UPDATE item_totals SET active_items = active_items + 1,
    value_cents = value_cents + (NEW.cost_price * NEW.current_quantity + 50) / 100,
    low_stock = low_stock + (NEW.current_quantity <= NEW.min_stock_level)
  WHERE id = 1;
END;
CREATE TRIGGER items_totals_delete AFTER DELETE ON items WHEN OLD.is_active = 1 BEGIN
  UPDATE item_totals SET active_items = active_items - 1,
    value_cents = value_cents - (OLD.cost_price * OLD.current_quantity + 50) / 100,
    low_stock = low_stock - (OLD.current_quantity <= OLD.min_stock_level)
  WHERE id = 1;
END;
CREATE TRIGGER items_totals_update AFTER UPDATE OF cost_price, current_quantity, min_stock_level, is_active ON items BEGIN
  UPDATE item_totals SET active_items = active_items - OLD.is_active + NEW.is_active,
    value_cents = value_cents - OLD.is_active * ((OLD.cost_price * OLD.current_quantity + 50) / 100)
                              + NEW.is_active * ((NEW.cost_price * NEW.current_quantity + 50) / 100),
    low_stock = low_stock - OLD.is_active * (OLD.current_quantity <= OLD.min_stock_level)
                          + NEW.is_active * (NEW.current_quantity <= NEW.min_stock_level)
  WHERE id = 1;
END;

-- The main-store ledger. IN and OUT carry a positive quantity; ADJUSTMENT (stock counts) is signed.
-- source_type says who made the row; only MANUAL IN/OUT rows may be edited or deleted:
--   MANUAL (a person's movement), OPENING (an item's opening stock), COUNT (PATCH /items/{id}/quantity),
--   REQUEST (a kitchen request fulfilled; reference = the request number), TRANSFER (to or from the kitchen).
CREATE TABLE stock_movements (
  id            INTEGER PRIMARY KEY,
  item_id       INTEGER NOT NULL REFERENCES items(id),
  type          TEXT NOT NULL CHECK (type IN ('IN', 'OUT', 'ADJUSTMENT')),
  quantity      INTEGER NOT NULL CHECK ((type = 'ADJUSTMENT' AND quantity <> 0) OR quantity > 0),
  remarks       TEXT,
  user_id       INTEGER NOT NULL REFERENCES users(id),
  source_type   TEXT NOT NULL DEFAULT 'MANUAL',
  reference     TEXT,
  movement_date TEXT NOT NULL,
  created_at    TEXT NOT NULL,
  updated_at    TEXT NOT NULL
) STRICT;
CREATE INDEX stock_movements_item_date ON stock_movements(item_id, movement_date);
CREATE INDEX stock_movements_user_date ON stock_movements(user_id, movement_date);
CREATE INDEX stock_movements_date ON stock_movements(movement_date);
CREATE INDEX stock_movements_type_date ON stock_movements(type, movement_date);

-- Counts per type kept by triggers, so statistics and the unfiltered list total never count a million rows.
CREATE TABLE stock_movement_counts (
  type TEXT PRIMARY KEY,
  n    INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;
INSERT INTO stock_movement_counts (type, n) VALUES ('IN', 0), ('OUT', 0), ('ADJUSTMENT', 0);

CREATE TRIGGER stock_movements_count_insert AFTER INSERT ON stock_movements BEGIN
  UPDATE stock_movement_counts SET n = n + 1 WHERE type = NEW.type;
END;
CREATE TRIGGER stock_movements_count_delete AFTER DELETE ON stock_movements BEGIN
  UPDATE stock_movement_counts SET n = n - 1 WHERE type = OLD.type;
END;
CREATE TRIGGER stock_movements_count_update AFTER UPDATE OF type ON stock_movements WHEN OLD.type <> NEW.type BEGIN
  UPDATE stock_movement_counts SET n = n - 1 WHERE type = OLD.type;
  UPDATE stock_movement_counts SET n = n + 1 WHERE type = NEW.type;
END;

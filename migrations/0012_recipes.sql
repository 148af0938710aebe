-- Recipes and food cost (issue 22): item conversion fields, recipes and their lines, sales and code mappings.
-- Quantities and money are INTEGER hundredths like everywhere else; percentages are hundredths of a percent.

-- density: g per ml (hundredths); each_weight: g per each (hundredths); yield_pct: usable share after trimming.
ALTER TABLE items ADD COLUMN density INTEGER CHECK (density IS NULL OR density > 0);
ALTER TABLE items ADD COLUMN each_weight INTEGER CHECK (each_weight IS NULL OR each_weight > 0);
ALTER TABLE items ADD COLUMN yield_pct INTEGER NOT NULL DEFAULT 10000 CHECK (yield_pct BETWEEN 100 AND 10000);

CREATE TABLE recipes (
  id                   INTEGER PRIMARY KEY,
  name                 TEXT NOT NULL UNIQUE COLLATE NOCASE,
  kind                 TEXT NOT NULL CHECK (kind IN ('PREP', 'MENU')),
  yield_quantity       INTEGER NOT NULL CHECK (yield_quantity > 0),
  yield_unit           TEXT NOT NULL,
  menu_price           INTEGER CHECK (menu_price IS NULL OR menu_price >= 0),
  target_food_cost_pct INTEGER CHECK (target_food_cost_pct IS NULL OR target_food_cost_pct BETWEEN 1 AND 10000),
  sales_code           TEXT,
  category             TEXT,
  method               TEXT,
  is_active            INTEGER NOT NULL DEFAULT 1 CHECK (is_active IN (0, 1)),
  created_by           INTEGER,
  created_at           TEXT NOT NULL,
  updated_at           TEXT NOT NULL
) STRICT;
-- A sales code names one active dish.
CREATE UNIQUE INDEX recipes_active_sales_code ON recipes(sales_code COLLATE NOCASE) WHERE is_active = 1 AND sales_code IS NOT NULL;
CREATE INDEX recipes_kind ON recipes(kind, is_active, name COLLATE NOCASE);

-- One line: an item or a sub-recipe, in the unit the cook writes; yield_pct overrides the item's.
CREATE TABLE recipe_lines (
  id             INTEGER PRIMARY KEY,
  recipe_id      INTEGER NOT NULL REFERENCES recipes(id) ON DELETE CASCADE,
  position       INTEGER NOT NULL,
  item_id        INTEGER REFERENCES items(id),
  sub_recipe_id  INTEGER REFERENCES recipes(id),
  quantity       INTEGER NOT NULL CHECK (quantity > 0),
  unit           TEXT NOT NULL,
  yield_pct      INTEGER CHECK (yield_pct IS NULL OR yield_pct BETWEEN 100 AND 10000),
  CHECK ((item_id IS NULL) <> (sub_recipe_id IS NULL))
) STRICT;
CREATE INDEX recipe_lines_recipe ON recipe_lines(recipe_id, position);
CREATE INDEX recipe_lines_item ON recipe_lines(item_id) WHERE item_id IS NOT NULL;
CREATE INDEX recipe_lines_sub ON recipe_lines(sub_recipe_id) WHERE sub_recipe_id IS NOT NULL;

-- Sales as the till exported them (a code per line) or typed in the grid (a recipe per line).
-- A daily line has date_from = date_to; a whole-period export keeps its period. Codes resolve at read time,
-- so mapping a code later makes the stored lines count.
CREATE TABLE sales_lines (
  id         INTEGER PRIMARY KEY,
  date_from  TEXT NOT NULL,
  date_to    TEXT NOT NULL CHECK (date_to >= date_from),
  code       TEXT COLLATE NOCASE,
  name       TEXT,
  recipe_id  INTEGER REFERENCES recipes(id),
  quantity   INTEGER NOT NULL,
  net_sales  INTEGER NOT NULL,
  source     TEXT NOT NULL CHECK (source IN ('IMPORT', 'MANUAL')),
  created_by INTEGER,
  created_at TEXT NOT NULL,
  CHECK ((code IS NULL) <> (recipe_id IS NULL))
) STRICT;
CREATE INDEX sales_lines_dates ON sales_lines(date_from, date_to);
CREATE INDEX sales_lines_code ON sales_lines(code) WHERE code IS NOT NULL;
CREATE INDEX sales_lines_recipe ON sales_lines(recipe_id) WHERE recipe_id IS NOT NULL;

-- A till code mapped to a dish, or to nothing (recipe_id NULL: ignored, e.g. gift cards, drinks not tracked).
CREATE TABLE sales_mappings (
  code       TEXT PRIMARY KEY COLLATE NOCASE,
  recipe_id  INTEGER REFERENCES recipes(id),
  updated_by INTEGER,
  updated_at TEXT NOT NULL
) STRICT;
CREATE INDEX sales_mappings_recipe ON sales_mappings(recipe_id) WHERE recipe_id IS NOT NULL;

-- FOOD_COST joins the alert types (a dish pushed over its food cost target): the table is rebuilt with the wider CHECK.
CREATE TABLE alerts_new (
  id             INTEGER PRIMARY KEY,
  type           TEXT NOT NULL CHECK (type IN ('LOW_STOCK', 'OUT_OF_STOCK', 'EXPIRING', 'EXPIRED', 'DISCREPANCY', 'SYSTEM', 'PRICE_CHANGE', 'FOOD_COST')),
  priority       TEXT NOT NULL CHECK (priority IN ('HIGH', 'MEDIUM', 'LOW')),
  title          TEXT NOT NULL,
  message        TEXT NOT NULL,
  details        TEXT, -- JSON
  item_id        INTEGER REFERENCES items(id) ON DELETE CASCADE,
  condition_key  TEXT NOT NULL,
  condition_open INTEGER NOT NULL DEFAULT 1 CHECK (condition_open IN (0, 1)),
  status         TEXT NOT NULL DEFAULT 'NEW' CHECK (status IN ('NEW', 'READ', 'DISMISSED', 'RESOLVED')),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  resolved_at    TEXT
) STRICT;
INSERT INTO alerts_new SELECT id, type, priority, title, message, details, item_id, condition_key, condition_open, status, created_at, updated_at, resolved_at FROM alerts;
DROP TABLE alerts;
ALTER TABLE alerts_new RENAME TO alerts;
CREATE UNIQUE INDEX alerts_open_condition ON alerts(condition_key) WHERE condition_open = 1;
CREATE INDEX alerts_open_item ON alerts(item_id) WHERE condition_open = 1;
CREATE INDEX alerts_created ON alerts(created_at, id);
CREATE INDEX alerts_type_created ON alerts(type, created_at, id);
CREATE INDEX alerts_status_created ON alerts(status, created_at, id);

-- Every cost price an item has had and since when, kept by triggers whoever changes it (item edit, receipt):
-- a count's inventory is valued at the cost of its moment.
CREATE TABLE item_cost_history (
  id         INTEGER PRIMARY KEY,
  item_id    INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  cost_price INTEGER NOT NULL,
  at         TEXT NOT NULL
) STRICT;
CREATE INDEX item_cost_history_item ON item_cost_history(item_id, at, id);
INSERT INTO item_cost_history (item_id, cost_price, at) SELECT id, cost_price, created_at FROM items;
CREATE TRIGGER item_cost_history_insert AFTER INSERT ON items BEGIN
  INSERT INTO item_cost_history (item_id, cost_price, at) VALUES (NEW.id, NEW.cost_price, NEW.created_at);
END;
CREATE TRIGGER item_cost_history_update AFTER UPDATE OF cost_price ON items WHEN NEW.cost_price <> OLD.cost_price BEGIN
  INSERT INTO item_cost_history (item_id, cost_price, at) VALUES (NEW.id, NEW.cost_price, NEW.updated_at);
END;

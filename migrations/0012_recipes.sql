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

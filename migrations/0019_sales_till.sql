-- Issue 32 (4): sales from real till files. A till (POS) name on each imported line and on each code mapping,
-- so a code maps per till and the mapping is applied on the next import of that till; the sale's instant when
-- the file gives a time, so a food cost period bounded by two counts approved the same day takes its sales.

-- '' is "no till named": lines typed in the grid, files imported before this migration, mappings made for every till.
ALTER TABLE sales_lines ADD COLUMN pos TEXT NOT NULL DEFAULT '' COLLATE NOCASE;
-- UTC ISO instant of the sale (Square's Date + Time + Time Zone); NULL for a day's or a period's summary.
ALTER TABLE sales_lines ADD COLUMN sold_at TEXT;
CREATE INDEX sales_lines_sold_at ON sales_lines(sold_at) WHERE sold_at IS NOT NULL;
CREATE INDEX sales_lines_pos ON sales_lines(pos, date_from);

-- A mapping is now per till: (pos, code). Existing mappings keep pos '' and go on applying to every till.
CREATE TABLE sales_mappings_new (
  pos        TEXT NOT NULL DEFAULT '' COLLATE NOCASE,
  code       TEXT NOT NULL COLLATE NOCASE,
  recipe_id  INTEGER REFERENCES recipes(id),
  updated_by INTEGER,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (pos, code)
) STRICT;
INSERT INTO sales_mappings_new (pos, code, recipe_id, updated_by, updated_at) SELECT '', code, recipe_id, updated_by, updated_at FROM sales_mappings;
DROP TABLE sales_mappings;
ALTER TABLE sales_mappings_new RENAME TO sales_mappings;
CREATE INDEX sales_mappings_recipe ON sales_mappings(recipe_id) WHERE recipe_id IS NOT NULL;
CREATE INDEX sales_mappings_code ON sales_mappings(code);

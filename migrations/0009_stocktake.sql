-- Issue 17: storage areas in shelf order and count sessions. Quantities are hundredths, as everywhere.

CREATE TABLE storage_areas (
  id         INTEGER PRIMARY KEY AUTOINCREMENT, -- never reused: a count keeps naming its areas
  name       TEXT NOT NULL UNIQUE COLLATE NOCASE,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
) STRICT;

-- Which items stand in an area, in shelf order (position 0 first). An item may stand in several areas.
CREATE TABLE storage_area_items (
  area_id  INTEGER NOT NULL REFERENCES storage_areas(id) ON DELETE CASCADE,
  item_id  INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  position INTEGER NOT NULL,
  PRIMARY KEY (area_id, item_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX storage_area_items_order ON storage_area_items(area_id, position);
CREATE INDEX storage_area_items_item ON storage_area_items(item_id);

-- A count session. uncounted: what submit did with lines nobody entered (UNCHANGED or ZERO).
CREATE TABLE stock_counts (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  status       TEXT NOT NULL CHECK (status IN ('OPEN', 'SUBMITTED', 'APPROVED', 'CANCELLED')),
  blind        INTEGER NOT NULL CHECK (blind IN (0, 1)),
  note         TEXT,
  started_at   TEXT NOT NULL,
  started_by   INTEGER NOT NULL REFERENCES users(id),
  submitted_at TEXT,
  submitted_by INTEGER REFERENCES users(id),
  uncounted    TEXT CHECK (uncounted IS NULL OR uncounted IN ('UNCHANGED', 'ZERO')),
  approved_at  TEXT,
  approved_by  INTEGER REFERENCES users(id),
  cancelled_at TEXT,
  cancelled_by INTEGER REFERENCES users(id)
) STRICT;
CREATE INDEX stock_counts_status ON stock_counts(status, id);

-- The areas of a session, in the order chosen at start, with their names then (an area deleted after
-- its count closed leaves the count's history whole: no foreign key to storage_areas).
CREATE TABLE stock_count_areas (
  count_id  INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  area_id   INTEGER NOT NULL,
  area_name TEXT NOT NULL,
  position  INTEGER NOT NULL,
  PRIMARY KEY (count_id, area_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX stock_count_areas_area ON stock_count_areas(area_id);

-- One row per item of the session: its balance at the start (the snapshot) and the reason for its variance.
CREATE TABLE stock_count_items (
  count_id INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  item_id  INTEGER NOT NULL REFERENCES items(id),
  expected INTEGER NOT NULL,
  reason   TEXT,
  PRIMARY KEY (count_id, item_id)
) STRICT, WITHOUT ROWID;

-- One row per item and area: the shelf order at the start, what was counted (NULL: not yet; 0 is a count), by whom, when.
-- found = 1: an item found on the shelf that was not on the area's list.
CREATE TABLE stock_count_lines (
  count_id   INTEGER NOT NULL REFERENCES stock_counts(id) ON DELETE CASCADE,
  area_id    INTEGER NOT NULL,
  item_id    INTEGER NOT NULL REFERENCES items(id),
  position   INTEGER NOT NULL,
  found      INTEGER NOT NULL DEFAULT 0 CHECK (found IN (0, 1)),
  counted    INTEGER CHECK (counted IS NULL OR counted >= 0),
  counted_by INTEGER REFERENCES users(id),
  counted_at TEXT,
  PRIMARY KEY (count_id, area_id, item_id),
  FOREIGN KEY (count_id, area_id) REFERENCES stock_count_areas(count_id, area_id)
) STRICT, WITHOUT ROWID;
CREATE INDEX stock_count_lines_order ON stock_count_lines(count_id, area_id, position);
CREATE INDEX stock_count_lines_item ON stock_count_lines(item_id);

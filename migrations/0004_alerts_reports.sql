-- Alerts stored on the server, report history, and the activity counters behind the dashboard trends.

-- An alert is raised once when its condition starts and resolved by itself when it clears.
-- condition_key names the condition (e.g. LOW_STOCK:item:12, DISCREPANCY:count:345, DISCREPANCY:wastage:2026-01-05);
-- condition_open says whether it still holds, whatever a person did with the alert (read, dismissed, resolved).
-- At most one alert per condition that still holds: a condition raises once, not on every change.
CREATE TABLE alerts (
  id             INTEGER PRIMARY KEY,
  type           TEXT NOT NULL CHECK (type IN ('LOW_STOCK', 'OUT_OF_STOCK', 'EXPIRING', 'EXPIRED', 'DISCREPANCY', 'SYSTEM')),
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
CREATE UNIQUE INDEX alerts_open_condition ON alerts(condition_key) WHERE condition_open = 1;
CREATE INDEX alerts_open_item ON alerts(item_id) WHERE condition_open = 1;
CREATE INDEX alerts_created ON alerts(created_at, id);
CREATE INDEX alerts_type_created ON alerts(type, created_at, id);
CREATE INDEX alerts_status_created ON alerts(status, created_at, id);

-- Every report generated (GET /reports/history shows the last 10).
CREATE TABLE report_runs (
  id          INTEGER PRIMARY KEY,
  report_type TEXT NOT NULL,
  start_date  TEXT NOT NULL,
  end_date    TEXT NOT NULL,
  format      TEXT NOT NULL,
  row_count   INTEGER NOT NULL,
  user_id     INTEGER REFERENCES users(id),
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX report_runs_created ON report_runs(created_at, id);

-- Activity per 15 minutes of UTC time (every time zone's midnight falls on a quarter hour), kept by
-- triggers so the daily trends read a few thousand rows, never a million movements.
--   bucket: 'YYYY-MM-DDTHH:MM' (minutes 00, 15, 30, 45) of movement_date.
--   value_delta: the change of the main store's value (active items) in ngwee: IN adds, OUT takes,
--   ADJUSTMENT is signed, each row valued at the item's cost then, rounded half-up; a cost change or
--   an item (de)activated counts at the time it happens. Today's value minus later deltas = a past day's close.
CREATE TABLE activity_buckets (
  bucket        TEXT PRIMARY KEY,
  stock_in      INTEGER NOT NULL DEFAULT 0,
  stock_out     INTEGER NOT NULL DEFAULT 0,
  adjustments   INTEGER NOT NULL DEFAULT 0,
  usage         INTEGER NOT NULL DEFAULT 0,
  wastage_value INTEGER NOT NULL DEFAULT 0,
  value_delta   INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
  SELECT substr(m.movement_date, 1, 14) || printf('%02d', CAST(substr(m.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    sum(m.type = 'IN'), sum(m.type = 'OUT'), sum(m.type = 'ADJUSTMENT'),
    sum(CASE WHEN i.is_active = 0 THEN 0 WHEN m.type = 'OUT' OR m.quantity < 0 THEN -((i.cost_price * abs(m.quantity) + 50) / 100) ELSE (i.cost_price * m.quantity + 50) / 100 END)
  FROM stock_movements m JOIN items i ON i.id = m.item_id
  GROUP BY 1;

INSERT INTO activity_buckets (bucket, usage, wastage_value)
  SELECT substr(m.movement_date, 1, 14) || printf('%02d', CAST(substr(m.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    sum(m.source_type = 'USAGE'), sum(CASE WHEN m.movement_type = 'WASTE' THEN (i.cost_price * m.quantity + 50) / 100 ELSE 0 END)
  FROM kitchen_movements m JOIN items i ON i.id = m.item_id
  WHERE true
  GROUP BY 1
  ON CONFLICT(bucket) DO UPDATE SET usage = usage + excluded.usage, wastage_value = wastage_value + excluded.wastage_value;

CREATE TRIGGER activity_stock_insert AFTER INSERT ON stock_movements BEGIN
  INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.type = 'IN', NEW.type = 'OUT', NEW.type = 'ADJUSTMENT',
    (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN NEW.type = 'OUT' OR NEW.quantity < 0 THEN -((i.cost_price * abs(NEW.quantity) + 50) / 100) ELSE (i.cost_price * NEW.quantity + 50) / 100 END
       FROM items i WHERE i.id = NEW.item_id))
  ON CONFLICT(bucket) DO UPDATE SET stock_in = stock_in + excluded.stock_in, stock_out = stock_out + excluded.stock_out,
    adjustments = adjustments + excluded.adjustments, value_delta = value_delta + excluded.value_delta;
END;

CREATE TRIGGER activity_stock_delete AFTER DELETE ON stock_movements BEGIN
  UPDATE activity_buckets SET stock_in = stock_in - (OLD.type = 'IN'), stock_out = stock_out - (OLD.type = 'OUT'), adjustments = adjustments - (OLD.type = 'ADJUSTMENT'),
    value_delta = value_delta - (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN OLD.type = 'OUT' OR OLD.quantity < 0 THEN -((i.cost_price * abs(OLD.quantity) + 50) / 100) ELSE (i.cost_price * OLD.quantity + 50) / 100 END
       FROM items i WHERE i.id = OLD.item_id)
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
END;

CREATE TRIGGER activity_stock_update AFTER UPDATE OF item_id, type, quantity, movement_date ON stock_movements BEGIN
  UPDATE activity_buckets SET stock_in = stock_in - (OLD.type = 'IN'), stock_out = stock_out - (OLD.type = 'OUT'), adjustments = adjustments - (OLD.type = 'ADJUSTMENT'),
    value_delta = value_delta - (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN OLD.type = 'OUT' OR OLD.quantity < 0 THEN -((i.cost_price * abs(OLD.quantity) + 50) / 100) ELSE (i.cost_price * OLD.quantity + 50) / 100 END
       FROM items i WHERE i.id = OLD.item_id)
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
  INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.type = 'IN', NEW.type = 'OUT', NEW.type = 'ADJUSTMENT',
    (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN NEW.type = 'OUT' OR NEW.quantity < 0 THEN -((i.cost_price * abs(NEW.quantity) + 50) / 100) ELSE (i.cost_price * NEW.quantity + 50) / 100 END
       FROM items i WHERE i.id = NEW.item_id))
  ON CONFLICT(bucket) DO UPDATE SET stock_in = stock_in + excluded.stock_in, stock_out = stock_out + excluded.stock_out,
    adjustments = adjustments + excluded.adjustments, value_delta = value_delta + excluded.value_delta;
END;

-- A cost change or an item (de)activated moves the store's value without a movement: counted now.
CREATE TRIGGER activity_item_value AFTER UPDATE OF cost_price, is_active ON items
  WHEN OLD.cost_price <> NEW.cost_price OR OLD.is_active <> NEW.is_active BEGIN
  INSERT INTO activity_buckets (bucket, value_delta)
  VALUES (
    strftime('%Y-%m-%dT%H:', 'now') || printf('%02d', CAST(strftime('%M', 'now') AS INTEGER) / 15 * 15),
    (CASE WHEN NEW.is_active = 1 THEN (NEW.cost_price * NEW.current_quantity + 50) / 100 ELSE 0 END)
      - (CASE WHEN OLD.is_active = 1 THEN (OLD.cost_price * OLD.current_quantity + 50) / 100 ELSE 0 END))
  ON CONFLICT(bucket) DO UPDATE SET value_delta = value_delta + excluded.value_delta;
END;

CREATE TRIGGER activity_kitchen_insert AFTER INSERT ON kitchen_movements BEGIN
  INSERT INTO activity_buckets (bucket, usage, wastage_value)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.source_type = 'USAGE',
    CASE WHEN NEW.movement_type = 'WASTE' THEN (SELECT (i.cost_price * NEW.quantity + 50) / 100 FROM items i WHERE i.id = NEW.item_id) ELSE 0 END)
  ON CONFLICT(bucket) DO UPDATE SET usage = usage + excluded.usage, wastage_value = wastage_value + excluded.wastage_value;
END;

CREATE TRIGGER activity_kitchen_delete AFTER DELETE ON kitchen_movements BEGIN
  UPDATE activity_buckets SET usage = usage - (OLD.source_type = 'USAGE'),
    wastage_value = wastage_value - CASE WHEN OLD.movement_type = 'WASTE' THEN (SELECT (i.cost_price * OLD.quantity + 50) / 100 FROM items i WHERE i.id = OLD.item_id) ELSE 0 END
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
END;

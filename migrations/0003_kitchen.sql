-- Kitchen: ingredient requests with an approval workflow, the kitchen balance and its ledger.
-- Quantities are INTEGER hundredths (2.5 kg → 250).

CREATE TABLE kitchen_requests (
  id                 INTEGER PRIMARY KEY,
  request_number     TEXT NOT NULL UNIQUE, -- KR-YYYYMMDD-NNN, the day taken in the restaurant's zone
  item_id            INTEGER NOT NULL REFERENCES items(id),
  chef_id            INTEGER NOT NULL REFERENCES users(id),
  quantity_requested INTEGER NOT NULL CHECK (quantity_requested > 0),
  quantity_approved  INTEGER CHECK (quantity_approved IS NULL OR quantity_approved > 0),
  priority           TEXT NOT NULL DEFAULT 'MEDIUM' CHECK (priority IN ('LOW', 'MEDIUM', 'HIGH', 'URGENT')),
  status             TEXT NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'REJECTED', 'FULFILLED')),
  remarks            TEXT, -- the Chef's
  review_remarks     TEXT, -- the approver's or rejecter's
  approved_by        INTEGER REFERENCES users(id),
  approved_at        TEXT,
  rejected_by        INTEGER REFERENCES users(id),
  rejected_at        TEXT,
  fulfilled_by       INTEGER REFERENCES users(id),
  fulfilled_at       TEXT,
  requested_at       TEXT NOT NULL,
  created_at         TEXT NOT NULL,
  updated_at         TEXT NOT NULL
) STRICT;
-- The list (newest first) and its filters by status, priority and chef; the item for the item's history.
CREATE INDEX kitchen_requests_requested ON kitchen_requests(requested_at, id);
CREATE INDEX kitchen_requests_status ON kitchen_requests(status, requested_at, id);
CREATE INDEX kitchen_requests_priority ON kitchen_requests(priority, requested_at, id);
CREATE INDEX kitchen_requests_chef ON kitchen_requests(chef_id, requested_at, id);
CREATE INDEX kitchen_requests_item ON kitchen_requests(item_id);

-- The last request number given per day (YYYYMMDD): the next one is last + 1.
CREATE TABLE kitchen_request_days (
  day  TEXT PRIMARY KEY,
  last INTEGER NOT NULL
) STRICT, WITHOUT ROWID;

-- Requests per (status, priority), kept by triggers: statistics read 16 rows, never 100,000.
CREATE TABLE kitchen_request_counts (
  status   TEXT NOT NULL,
  priority TEXT NOT NULL,
  n        INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (status, priority)
) STRICT, WITHOUT ROWID;
INSERT INTO kitchen_request_counts (status, priority)
  SELECT s.value, p.value FROM json_each('["PENDING","APPROVED","REJECTED","FULFILLED"]') s, json_each('["LOW","MEDIUM","HIGH","URGENT"]') p;

CREATE TRIGGER kitchen_requests_count_insert AFTER INSERT ON kitchen_requests BEGIN
  UPDATE kitchen_request_counts SET n = n + 1 WHERE status = NEW.status AND priority = NEW.priority;
END;
CREATE TRIGGER kitchen_requests_count_delete AFTER DELETE ON kitchen_requests BEGIN
  UPDATE kitchen_request_counts SET n = n - 1 WHERE status = OLD.status AND priority = OLD.priority;
END;
CREATE TRIGGER kitchen_requests_count_update AFTER UPDATE OF status, priority ON kitchen_requests
  WHEN OLD.status <> NEW.status OR OLD.priority <> NEW.priority BEGIN
  UPDATE kitchen_request_counts SET n = n - 1 WHERE status = OLD.status AND priority = OLD.priority;
  UPDATE kitchen_request_counts SET n = n + 1 WHERE status = NEW.status AND priority = NEW.priority;
END;

-- The kitchen balance per item. Changed only together with a kitchen_movements row.
CREATE TABLE kitchen_stock (
  id           INTEGER PRIMARY KEY,
  item_id      INTEGER NOT NULL UNIQUE REFERENCES items(id),
  quantity     INTEGER NOT NULL DEFAULT 0 CHECK (quantity >= 0),
  last_updated TEXT NOT NULL
) STRICT;
CREATE INDEX kitchen_stock_quantity ON kitchen_stock(quantity);

-- The kitchen ledger. IN, OUT and WASTE carry a positive quantity; ADJUSTMENT is signed.
--   source_type: USAGE (OUT), WASTE (WASTE), REQUEST (IN, a fulfilled request; request_number set),
--   ADJUSTMENT (a Manager's count correction), TRANSFER (IN from or OUT to the main store).
CREATE TABLE kitchen_movements (
  id             INTEGER PRIMARY KEY,
  item_id        INTEGER NOT NULL REFERENCES items(id),
  movement_type  TEXT NOT NULL CHECK (movement_type IN ('IN', 'OUT', 'WASTE', 'ADJUSTMENT')),
  quantity       INTEGER NOT NULL CHECK ((movement_type = 'ADJUSTMENT' AND quantity <> 0) OR quantity > 0),
  source_type    TEXT NOT NULL CHECK (source_type IN ('USAGE', 'WASTE', 'REQUEST', 'ADJUSTMENT', 'TRANSFER')),
  request_number TEXT,
  user_id        INTEGER NOT NULL REFERENCES users(id),
  remarks        TEXT,
  movement_date  TEXT NOT NULL,
  created_at     TEXT NOT NULL
) STRICT;
-- The list (newest first), by type, by item. Both date indexes carry type and quantity, so the date-range
-- statistics read an index only, whichever of the two the planner picks.
CREATE INDEX kitchen_movements_date ON kitchen_movements(movement_date, movement_type, quantity);
CREATE INDEX kitchen_movements_type_date ON kitchen_movements(movement_type, movement_date, quantity);
CREATE INDEX kitchen_movements_item_date ON kitchen_movements(item_id, movement_date);
CREATE INDEX kitchen_movements_request ON kitchen_movements(request_number) WHERE request_number IS NOT NULL;

-- Count and quantity per type over all time, kept by triggers (statistics without a range, list totals).
CREATE TABLE kitchen_movement_totals (
  movement_type TEXT PRIMARY KEY,
  n             INTEGER NOT NULL DEFAULT 0,
  quantity      INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;
INSERT INTO kitchen_movement_totals (movement_type) VALUES ('IN'), ('OUT'), ('WASTE'), ('ADJUSTMENT');

CREATE TRIGGER kitchen_movements_total_insert AFTER INSERT ON kitchen_movements BEGIN
  UPDATE kitchen_movement_totals SET n = n + 1, quantity = quantity + NEW.quantity WHERE movement_type = NEW.movement_type;
END;
CREATE TRIGGER kitchen_movements_total_delete AFTER DELETE ON kitchen_movements BEGIN
  UPDATE kitchen_movement_totals SET n = n - 1, quantity = quantity - OLD.quantity WHERE movement_type = OLD.movement_type;
END;
CREATE TRIGGER kitchen_movements_total_update AFTER UPDATE OF movement_type, quantity ON kitchen_movements BEGIN
  UPDATE kitchen_movement_totals SET n = n - 1, quantity = quantity - OLD.quantity WHERE movement_type = OLD.movement_type;
  UPDATE kitchen_movement_totals SET n = n + 1, quantity = quantity + NEW.quantity WHERE movement_type = NEW.movement_type;
END;

-- Count and quantity per UTC day and type, kept by triggers. A date-range statistic sums the whole UTC days
-- inside the range here and reads only its two partial edge days from the index: exact in any zone.
CREATE TABLE kitchen_movement_days (
  day           TEXT NOT NULL, -- YYYY-MM-DD of movement_date (UTC)
  movement_type TEXT NOT NULL,
  n             INTEGER NOT NULL DEFAULT 0,
  quantity      INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (day, movement_type)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER kitchen_movements_day_insert AFTER INSERT ON kitchen_movements BEGIN
  INSERT INTO kitchen_movement_days (day, movement_type, n, quantity) VALUES (substr(NEW.movement_date, 1, 10), NEW.movement_type, 1, NEW.quantity)
  ON CONFLICT(day, movement_type) DO UPDATE SET n = n + 1, quantity = quantity + excluded.quantity;
END;
CREATE TRIGGER kitchen_movements_day_delete AFTER DELETE ON kitchen_movements BEGIN
  UPDATE kitchen_movement_days SET n = n - 1, quantity = quantity - OLD.quantity WHERE day = substr(OLD.movement_date, 1, 10) AND movement_type = OLD.movement_type;
END;
CREATE TRIGGER kitchen_movements_day_update AFTER UPDATE OF movement_type, quantity, movement_date ON kitchen_movements BEGIN
  UPDATE kitchen_movement_days SET n = n - 1, quantity = quantity - OLD.quantity WHERE day = substr(OLD.movement_date, 1, 10) AND movement_type = OLD.movement_type;
  INSERT INTO kitchen_movement_days (day, movement_type, n, quantity) VALUES (substr(NEW.movement_date, 1, 10), NEW.movement_type, 1, NEW.quantity)
  ON CONFLICT(day, movement_type) DO UPDATE SET n = n + 1, quantity = quantity + excluded.quantity;
END;

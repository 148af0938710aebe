-- Exact costs (issue 29 point 4). A cost per base unit was whole cents: a box of 1,000 pieces at 7.00
-- became 0.01 a piece (stock worth 10.00), at 4.90 it became 0.00. Costs per base unit are now kept
-- in 1/100,000 of the currency (COST_SCALE in src/contract/fixed.ts): 0.007 is 700, 0.0049 is 490.
-- Amounts (values, totals, receipt line values, prices per pack) stay cents.
--   items.cost_price         → items.cost_e5
--   receipt_lines.unit_cost  → receipt_lines.unit_cost_e5
--   item_prices.price        → item_prices.price_e5
--   item_cost_history.cost_price → item_cost_history.cost_e5
-- The columns are renamed so that no query written for cents can read the finer scale unnoticed.
-- A value is now (cost_e5 × quantity hundredths + 50000) / 100000: the same cents as before for every
-- stored cost (cents × 1000), so item_totals and activity_buckets are kept as they are. At the value
-- ceiling (MAX_ITEM_VALUE, 1e11) the product is 1e18, inside SQLite's 64-bit integers.

-- The triggers that read items' cost are dropped first: the scaling below must not count as cost changes.
DROP TRIGGER items_totals_insert;
DROP TRIGGER items_totals_delete;
DROP TRIGGER items_totals_update;
DROP TRIGGER activity_stock_insert;
DROP TRIGGER activity_stock_delete;
DROP TRIGGER activity_stock_update;
DROP TRIGGER activity_item_value;
DROP TRIGGER activity_kitchen_insert;
DROP TRIGGER activity_kitchen_delete;
DROP TRIGGER item_cost_history_insert;
DROP TRIGGER item_cost_history_update;

ALTER TABLE items RENAME COLUMN cost_price TO cost_e5;
ALTER TABLE receipt_lines RENAME COLUMN unit_cost TO unit_cost_e5;
ALTER TABLE item_prices RENAME COLUMN price TO price_e5;
ALTER TABLE item_cost_history RENAME COLUMN cost_price TO cost_e5;

UPDATE items SET cost_e5 = cost_e5 * 1000;
UPDATE receipt_lines SET unit_cost_e5 = unit_cost_e5 * 1000;
UPDATE item_prices SET price_e5 = price_e5 * 1000;
UPDATE item_cost_history SET cost_e5 = cost_e5 * 1000;

-- The same triggers as 0002, 0004 and 0012, reading the new column and dividing by 100,000.
CREATE TRIGGER items_totals_insert AFTER INSERT ON items WHEN NEW.is_active = 1 BEGIN
  UPDATE item_totals SET active_items = active_items + 1,
    value_cents = value_cents + (NEW.cost_e5 * NEW.current_quantity + 50000) / 100000,
    low_stock = low_stock + (NEW.current_quantity <= NEW.min_stock_level)
  WHERE id = 1;
END;

CREATE TRIGGER items_totals_delete AFTER DELETE ON items WHEN OLD.is_active = 1 BEGIN
  UPDATE item_totals SET active_items = active_items - 1,
    value_cents = value_cents - (OLD.cost_e5 * OLD.current_quantity + 50000) / 100000,
    low_stock = low_stock - (OLD.current_quantity <= OLD.min_stock_level)
  WHERE id = 1;
END;

CREATE TRIGGER items_totals_update AFTER UPDATE OF cost_e5, current_quantity, min_stock_level, is_active ON items BEGIN
  UPDATE item_totals SET active_items = active_items - OLD.is_active + NEW.is_active,
    value_cents = value_cents - OLD.is_active * ((OLD.cost_e5 * OLD.current_quantity + 50000) / 100000)
                              + NEW.is_active * ((NEW.cost_e5 * NEW.current_quantity + 50000) / 100000),
    low_stock = low_stock - OLD.is_active * (OLD.current_quantity <= OLD.min_stock_level)
                          + NEW.is_active * (NEW.current_quantity <= NEW.min_stock_level)
  WHERE id = 1;
END;

CREATE TRIGGER activity_stock_insert AFTER INSERT ON stock_movements BEGIN
  INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.type = 'IN', NEW.type = 'OUT', NEW.type = 'ADJUSTMENT',
    (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN NEW.type = 'OUT' OR NEW.quantity < 0 THEN -((i.cost_e5 * abs(NEW.quantity) + 50000) / 100000) ELSE (i.cost_e5 * NEW.quantity + 50000) / 100000 END
       FROM items i WHERE i.id = NEW.item_id))
  ON CONFLICT(bucket) DO UPDATE SET stock_in = stock_in + excluded.stock_in, stock_out = stock_out + excluded.stock_out,
    adjustments = adjustments + excluded.adjustments, value_delta = value_delta + excluded.value_delta;
END;

CREATE TRIGGER activity_stock_delete AFTER DELETE ON stock_movements BEGIN
  UPDATE activity_buckets SET stock_in = stock_in - (OLD.type = 'IN'), stock_out = stock_out - (OLD.type = 'OUT'), adjustments = adjustments - (OLD.type = 'ADJUSTMENT'),
    value_delta = value_delta - (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN OLD.type = 'OUT' OR OLD.quantity < 0 THEN -((i.cost_e5 * abs(OLD.quantity) + 50000) / 100000) ELSE (i.cost_e5 * OLD.quantity + 50000) / 100000 END
       FROM items i WHERE i.id = OLD.item_id)
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
END;

CREATE TRIGGER activity_stock_update AFTER UPDATE OF item_id, type, quantity, movement_date ON stock_movements BEGIN
  UPDATE activity_buckets SET stock_in = stock_in - (OLD.type = 'IN'), stock_out = stock_out - (OLD.type = 'OUT'), adjustments = adjustments - (OLD.type = 'ADJUSTMENT'),
    value_delta = value_delta - (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN OLD.type = 'OUT' OR OLD.quantity < 0 THEN -((i.cost_e5 * abs(OLD.quantity) + 50000) / 100000) ELSE (i.cost_e5 * OLD.quantity + 50000) / 100000 END
       FROM items i WHERE i.id = OLD.item_id)
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
  INSERT INTO activity_buckets (bucket, stock_in, stock_out, adjustments, value_delta)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.type = 'IN', NEW.type = 'OUT', NEW.type = 'ADJUSTMENT',
    (SELECT CASE WHEN i.is_active = 0 THEN 0 WHEN NEW.type = 'OUT' OR NEW.quantity < 0 THEN -((i.cost_e5 * abs(NEW.quantity) + 50000) / 100000) ELSE (i.cost_e5 * NEW.quantity + 50000) / 100000 END
       FROM items i WHERE i.id = NEW.item_id))
  ON CONFLICT(bucket) DO UPDATE SET stock_in = stock_in + excluded.stock_in, stock_out = stock_out + excluded.stock_out,
    adjustments = adjustments + excluded.adjustments, value_delta = value_delta + excluded.value_delta;
END;

CREATE TRIGGER activity_item_value AFTER UPDATE OF cost_e5, is_active ON items
  WHEN OLD.cost_e5 <> NEW.cost_e5 OR OLD.is_active <> NEW.is_active BEGIN
  INSERT INTO activity_buckets (bucket, value_delta)
  VALUES (
    strftime('%Y-%m-%dT%H:', 'now') || printf('%02d', CAST(strftime('%M', 'now') AS INTEGER) / 15 * 15),
    (CASE WHEN NEW.is_active = 1 THEN (NEW.cost_e5 * NEW.current_quantity + 50000) / 100000 ELSE 0 END)
      - (CASE WHEN OLD.is_active = 1 THEN (OLD.cost_e5 * OLD.current_quantity + 50000) / 100000 ELSE 0 END))
  ON CONFLICT(bucket) DO UPDATE SET value_delta = value_delta + excluded.value_delta;
END;

CREATE TRIGGER activity_kitchen_insert AFTER INSERT ON kitchen_movements BEGIN
  INSERT INTO activity_buckets (bucket, usage, wastage_value)
  VALUES (
    substr(NEW.movement_date, 1, 14) || printf('%02d', CAST(substr(NEW.movement_date, 15, 2) AS INTEGER) / 15 * 15),
    NEW.source_type = 'USAGE',
    CASE WHEN NEW.movement_type = 'WASTE' THEN (SELECT (i.cost_e5 * NEW.quantity + 50000) / 100000 FROM items i WHERE i.id = NEW.item_id) ELSE 0 END)
  ON CONFLICT(bucket) DO UPDATE SET usage = usage + excluded.usage, wastage_value = wastage_value + excluded.wastage_value;
END;

CREATE TRIGGER activity_kitchen_delete AFTER DELETE ON kitchen_movements BEGIN
  UPDATE activity_buckets SET usage = usage - (OLD.source_type = 'USAGE'),
    wastage_value = wastage_value - CASE WHEN OLD.movement_type = 'WASTE' THEN (SELECT (i.cost_e5 * OLD.quantity + 50000) / 100000 FROM items i WHERE i.id = OLD.item_id) ELSE 0 END
  WHERE bucket = substr(OLD.movement_date, 1, 14) || printf('%02d', CAST(substr(OLD.movement_date, 15, 2) AS INTEGER) / 15 * 15);
END;

CREATE TRIGGER item_cost_history_insert AFTER INSERT ON items BEGIN
  INSERT INTO item_cost_history (item_id, cost_e5, at) VALUES (NEW.id, NEW.cost_e5, NEW.created_at);
END;

CREATE TRIGGER item_cost_history_update AFTER UPDATE OF cost_e5 ON items WHEN NEW.cost_e5 <> OLD.cost_e5 BEGIN
  INSERT INTO item_cost_history (item_id, cost_e5, at) VALUES (NEW.id, NEW.cost_e5, NEW.updated_at);
END;

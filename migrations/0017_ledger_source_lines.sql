-- Issue 29 (13): one ledger row per count line and per return line, held by the database.
-- A doubled COUNT or RETURN row moved stock twice and nothing could see it.

-- Which line of its source a row posts. COUNT rows of a count session: the item (a count posts one row per
-- item, its stock_count_items line, keyed by count and item). RETURN rows: the receipt_returns row.
-- NULL for every other row (and for COUNT rows of a CSV import, which have no session).
ALTER TABLE stock_movements ADD COLUMN source_line_id INTEGER;

-- Existing rows: each count line's first row, and the row each return line names. A second row for the same
-- line (doubled before this migration) keeps NULL: the upgrade goes through, no ledger row is deleted or
-- reversed behind the owner's back, and `rims doctor` names the row so a Manager can correct it.
UPDATE stock_movements SET source_line_id = item_id
 WHERE source_type = 'COUNT' AND source_id IS NOT NULL
   AND id = (SELECT min(d.id) FROM stock_movements d WHERE d.source_type = 'COUNT' AND d.source_id = stock_movements.source_id AND d.item_id = stock_movements.item_id);

CREATE INDEX receipt_returns_movement ON receipt_returns(movement_id);
UPDATE stock_movements SET source_line_id = (SELECT min(r.id) FROM receipt_returns r WHERE r.movement_id = stock_movements.id)
 WHERE source_type = 'RETURN' AND source_id IS NOT NULL;

CREATE UNIQUE INDEX stock_movements_count_line ON stock_movements(source_id, source_line_id) WHERE source_type = 'COUNT' AND source_line_id IS NOT NULL;
CREATE UNIQUE INDEX stock_movements_return_line ON stock_movements(source_line_id) WHERE source_type = 'RETURN' AND source_line_id IS NOT NULL;

-- A new row must name its line, or the unique indexes above would not see a second one (NULLs are distinct).
CREATE TRIGGER stock_movements_line_insert BEFORE INSERT ON stock_movements
  WHEN (NEW.source_type = 'COUNT' AND NEW.source_id IS NOT NULL AND NEW.source_line_id IS NOT NEW.item_id)
    OR (NEW.source_type = 'RETURN' AND NEW.source_line_id IS NULL) BEGIN
  SELECT RAISE(ABORT, 'a COUNT row of a count session names its item as source_line_id, a RETURN row its return line');
END;
CREATE TRIGGER stock_movements_line_update BEFORE UPDATE OF item_id, source_type, source_id, source_line_id ON stock_movements
  WHEN (NEW.source_type = 'COUNT' AND NEW.source_id IS NOT NULL AND NEW.source_line_id IS NOT NEW.item_id)
    OR (NEW.source_type = 'RETURN' AND NEW.source_line_id IS NULL) BEGIN
  SELECT RAISE(ABORT, 'a COUNT row of a count session names its item as source_line_id, a RETURN row its return line');
END;

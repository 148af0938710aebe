-- Point 20: an edited or deleted stock movement keeps who changed it, when, and its values before and after.
-- A Storekeeper's edit of a Manager's IN 10 into an OUT 1 went unseen: the row kept its author and nothing was logged.

-- Who last edited the row (NULL: never edited); updated_at already says when.
ALTER TABLE stock_movements ADD COLUMN updated_by INTEGER REFERENCES users(id);

-- One row per edit or deletion, oldest first. Quantities in the snapshots are hundredths, as in stock_movements.
CREATE TABLE stock_movement_history (
  id          INTEGER PRIMARY KEY,
  movement_id INTEGER NOT NULL, -- no foreign key: a deleted movement keeps its history
  action      TEXT NOT NULL CHECK (action IN ('edit', 'delete')),
  user_id     INTEGER NOT NULL REFERENCES users(id),
  at          TEXT NOT NULL,
  before      TEXT NOT NULL CHECK (json_valid(before)), -- {item_id, item_name, type, quantity, remarks}
  after       TEXT CHECK (after IS NULL OR json_valid(after)) -- the same shape; NULL for a deletion
) STRICT;
CREATE INDEX stock_movement_history_movement ON stock_movement_history(movement_id, id);

-- The role dashboards' low-stock list (GET /dashboard, the manager's stock alerts): active items at or
-- below their minimum, in the order they are shown (empty shelves first, then the lowest against
-- their minimum, then by name), so the first rows are read in order instead of sorting every low item.
-- is_active leads so SQLite picks this index by itself for `is_active = 1 AND current_quantity <= min_stock_level`.
CREATE INDEX items_low_stock ON items(is_active, current_quantity > 0, CAST(current_quantity AS REAL) / max(min_stock_level, 1), name COLLATE NOCASE)
  WHERE is_active = 1 AND current_quantity <= min_stock_level;

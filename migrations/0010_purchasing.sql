-- Ordering and receiving (issue 18): par levels, purchase orders, receipts against an order or an
-- invoice, returns, price history and the PRICE_CHANGE alert. Quantities and money in hundredths.

-- par_level: base units (NULL = no par, the item is never suggested); order_pack_id: one of the
-- item's packs (NULL = order in base units); supplier_code: the supplier's own code, printed on orders.
ALTER TABLE items ADD COLUMN par_level INTEGER CHECK (par_level IS NULL OR par_level >= 0);
ALTER TABLE items ADD COLUMN order_pack_id INTEGER;
ALTER TABLE items ADD COLUMN supplier_code TEXT;

-- DRAFT → SENT → PARTIALLY_RECEIVED → RECEIVED; CANCELLED (from DRAFT or SENT); CLOSED (from PARTIALLY_RECEIVED, with a reason).
CREATE TABLE purchase_orders (
  id               INTEGER PRIMARY KEY,
  number           TEXT NOT NULL UNIQUE,
  supplier_id      INTEGER NOT NULL REFERENCES suppliers(id),
  status           TEXT NOT NULL CHECK (status IN ('DRAFT', 'SENT', 'PARTIALLY_RECEIVED', 'RECEIVED', 'CANCELLED', 'CLOSED')),
  expected_date    TEXT CHECK (expected_date IS NULL OR expected_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  note             TEXT,
  from_suggestions INTEGER NOT NULL DEFAULT 0 CHECK (from_suggestions IN (0, 1)),
  created_by       INTEGER NOT NULL REFERENCES users(id),
  created_at       TEXT NOT NULL,
  updated_at       TEXT NOT NULL,
  sent_at          TEXT,
  sent_by          INTEGER REFERENCES users(id),
  closed_at        TEXT,
  closed_by        INTEGER REFERENCES users(id),
  close_reason     TEXT
) STRICT;
CREATE INDEX purchase_orders_status ON purchase_orders(status, expected_date);
CREATE INDEX purchase_orders_supplier ON purchase_orders(supplier_id, status);
CREATE INDEX purchase_orders_created ON purchase_orders(created_at, id);

-- quantity, received_quantity, refused_quantity: hundredths of the line's pack; pack_size: base-unit
-- hundredths in one pack (100 for base units), copied from the pack when the line was written;
-- unit_price: cents per pack.
CREATE TABLE purchase_order_lines (
  id                INTEGER PRIMARY KEY,
  order_id          INTEGER NOT NULL REFERENCES purchase_orders(id) ON DELETE CASCADE,
  position          INTEGER NOT NULL,
  item_id           INTEGER NOT NULL REFERENCES items(id),
  pack_id           INTEGER,
  pack_name         TEXT,
  pack_size         INTEGER NOT NULL CHECK (pack_size > 0),
  quantity          INTEGER NOT NULL CHECK (quantity > 0),
  unit_price        INTEGER NOT NULL CHECK (unit_price >= 0),
  received_quantity INTEGER NOT NULL DEFAULT 0 CHECK (received_quantity >= 0),
  refused_quantity  INTEGER NOT NULL DEFAULT 0 CHECK (refused_quantity >= 0)
) STRICT;
CREATE INDEX purchase_order_lines_order ON purchase_order_lines(order_id, position);
CREATE INDEX purchase_order_lines_item ON purchase_order_lines(item_id, order_id);

-- A delivery as invoiced: against an order (order_id) or not. lines_total: the sum of the lines'
-- values in cents; total_mismatch: invoice_total was given and differs from it by more than 0.01.
CREATE TABLE receipts (
  id             INTEGER PRIMARY KEY,
  order_id       INTEGER REFERENCES purchase_orders(id),
  supplier_id    INTEGER NOT NULL REFERENCES suppliers(id),
  invoice_number TEXT NOT NULL,
  invoice_key    TEXT NOT NULL, -- the invoice number upper-cased without spaces: what a duplicate is matched on
  invoice_date   TEXT NOT NULL,
  invoice_total  INTEGER,
  lines_total    INTEGER NOT NULL,
  total_mismatch INTEGER NOT NULL DEFAULT 0 CHECK (total_mismatch IN (0, 1)),
  user_id        INTEGER NOT NULL REFERENCES users(id),
  created_at     TEXT NOT NULL
) STRICT;
CREATE INDEX receipts_invoice ON receipts(supplier_id, invoice_key);
CREATE INDEX receipts_order ON receipts(order_id);
CREATE INDEX receipts_date ON receipts(invoice_date, id);

-- base_quantity: base-unit hundredths that went into stock; unit_cost: cents per base unit.
CREATE TABLE receipt_lines (
  id                INTEGER PRIMARY KEY,
  receipt_id        INTEGER NOT NULL REFERENCES receipts(id),
  order_line_id     INTEGER REFERENCES purchase_order_lines(id),
  item_id           INTEGER NOT NULL REFERENCES items(id),
  pack_id           INTEGER,
  pack_name         TEXT,
  pack_size         INTEGER NOT NULL CHECK (pack_size > 0),
  received_quantity INTEGER NOT NULL CHECK (received_quantity >= 0),
  refused_quantity  INTEGER NOT NULL DEFAULT 0 CHECK (refused_quantity >= 0),
  unit_price        INTEGER NOT NULL CHECK (unit_price >= 0),
  base_quantity     INTEGER NOT NULL CHECK (base_quantity >= 0),
  unit_cost         INTEGER NOT NULL CHECK (unit_cost >= 0),
  value             INTEGER NOT NULL,
  expiry_date       TEXT,
  note              TEXT,
  movement_id       INTEGER REFERENCES stock_movements(id)
) STRICT;
CREATE INDEX receipt_lines_receipt ON receipt_lines(receipt_id, id);
CREATE INDEX receipt_lines_item ON receipt_lines(item_id);

-- Goods sent back to the supplier after a receipt: OUT rows of the ledger (quantity in base hundredths).
CREATE TABLE receipt_returns (
  id          INTEGER PRIMARY KEY,
  receipt_id  INTEGER NOT NULL REFERENCES receipts(id),
  item_id     INTEGER NOT NULL REFERENCES items(id),
  quantity    INTEGER NOT NULL CHECK (quantity > 0),
  reason      TEXT NOT NULL,
  movement_id INTEGER REFERENCES stock_movements(id),
  user_id     INTEGER NOT NULL REFERENCES users(id),
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX receipt_returns_receipt ON receipt_returns(receipt_id, id);

-- Every received price per base unit (cents), newest last: GET /items/{id}/prices, the price alert, order prices.
CREATE TABLE item_prices (
  id          INTEGER PRIMARY KEY,
  item_id     INTEGER NOT NULL REFERENCES items(id),
  supplier_id INTEGER NOT NULL REFERENCES suppliers(id),
  receipt_id  INTEGER NOT NULL REFERENCES receipts(id),
  price       INTEGER NOT NULL CHECK (price >= 0),
  date        TEXT NOT NULL,
  created_at  TEXT NOT NULL
) STRICT;
CREATE INDEX item_prices_item ON item_prices(item_id, id);
CREATE INDEX item_prices_date ON item_prices(date, id);

-- PRICE_CHANGE joins the alert types: the table is rebuilt with the wider CHECK (same columns, same indexes).
CREATE TABLE alerts_new (
  id             INTEGER PRIMARY KEY,
  type           TEXT NOT NULL CHECK (type IN ('LOW_STOCK', 'OUT_OF_STOCK', 'EXPIRING', 'EXPIRED', 'DISCREPANCY', 'SYSTEM', 'PRICE_CHANGE')),
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

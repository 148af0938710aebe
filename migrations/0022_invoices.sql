-- Issue 34: receiving from the supplier's own invoice. A file (e-invoice XML, CSV, PDF) is read into a draft kept
-- with the file; its lines are matched to items, a person corrects what is marked, and receiving it writes the
-- ordinary receipt (receipts.draft_id). Money and quantities are INTEGER hundredths, as everywhere.

-- The supplier's tax id (VAT number, TPIN) as printed on its invoices: an invoice names its supplier by it.
ALTER TABLE suppliers ADD COLUMN tax_id TEXT;

-- status READY / NEEDS_REVIEW is worked out again after every change; RECEIVED and DISPUTED are final.
-- invoice_key: the number upper-cased without spaces, as receipts.invoice_key (what a duplicate is matched on).
-- layout: JSON PDF columns the lines were read with (PDF_TEXT); csv_map: JSON header → field (CSV).
CREATE TABLE invoice_drafts (
  id             INTEGER PRIMARY KEY,
  status         TEXT NOT NULL CHECK (status IN ('READY', 'NEEDS_REVIEW', 'RECEIVED', 'DISPUTED')),
  source         TEXT NOT NULL CHECK (source IN ('XML', 'CSV', 'PDF')),
  reader         TEXT NOT NULL CHECK (reader IN ('UBL', 'CII', 'CSV', 'PDF_TEXT')),
  supplier_id    INTEGER NOT NULL REFERENCES suppliers(id),
  order_id       INTEGER REFERENCES purchase_orders(id),
  invoice_number TEXT,
  invoice_key    TEXT,
  invoice_date   TEXT CHECK (invoice_date IS NULL OR invoice_date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  credit_note    INTEGER NOT NULL DEFAULT 0 CHECK (credit_note IN (0, 1)),
  currency       TEXT,
  net            INTEGER,
  tax            INTEGER,
  gross          INTEGER,
  lines_total    INTEGER, -- the printed sum of the lines the totals check compares with (NULL: none printed)
  layout         TEXT,
  csv_map        TEXT,
  dispute_reason TEXT,
  created_by     INTEGER NOT NULL REFERENCES users(id),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  received_at    TEXT,
  disputed_at    TEXT
) STRICT;
CREATE INDEX invoice_drafts_invoice ON invoice_drafts(supplier_id, invoice_key);
CREATE INDEX invoice_drafts_status ON invoice_drafts(status, id);

-- The file as uploaded, in the database itself: the owner's backup (one copy of rims.db) carries the invoices
-- with the receipts they prove, and a restore can never lose one without the other. At most 10 MB each.
CREATE TABLE invoice_files (
  draft_id   INTEGER PRIMARY KEY REFERENCES invoice_drafts(id) ON DELETE CASCADE,
  file_name  TEXT NOT NULL,
  media_type TEXT NOT NULL,
  size       INTEGER NOT NULL CHECK (size > 0),
  bytes      BLOB NOT NULL
) STRICT;

-- Lines numbered from 1 in the invoice's order. quantity in the pack (pack_id, NULL = base units), unit_price
-- cents per pack, amount cents as printed, tax_rate hundredths of a percent (16% → 1600). price_rounded: the
-- invoice printed more than 2 decimals. confirmed: a person chose the item (it is the supplier's alias now).
-- received/refused: filled when the draft is received (refused_reason REFUSED or DAMAGED).
CREATE TABLE invoice_draft_lines (
  draft_id          INTEGER NOT NULL REFERENCES invoice_drafts(id) ON DELETE CASCADE,
  n                 INTEGER NOT NULL CHECK (n >= 1),
  supplier_code     TEXT,
  gtin              TEXT,
  description       TEXT NOT NULL,
  pack_text         TEXT,
  quantity          INTEGER NOT NULL CHECK (quantity >= 0),
  unit_price        INTEGER NOT NULL CHECK (unit_price >= 0),
  amount            INTEGER NOT NULL,
  tax_rate          INTEGER,
  price_rounded     INTEGER NOT NULL DEFAULT 0 CHECK (price_rounded IN (0, 1)),
  item_id           INTEGER REFERENCES items(id),
  pack_id           INTEGER REFERENCES item_packs(id) ON DELETE SET NULL,
  matched_by        TEXT CHECK (matched_by IN ('SUPPLIER_CODE', 'GTIN', 'ALIAS', 'NAME')),
  confirmed         INTEGER NOT NULL DEFAULT 0 CHECK (confirmed IN (0, 1)),
  received_quantity INTEGER,
  refused_quantity  INTEGER,
  refused_reason    TEXT CHECK (refused_reason IN ('REFUSED', 'DAMAGED')),
  PRIMARY KEY (draft_id, n)
) STRICT;

-- An item a person confirmed for a supplier's line: by its code ('C:' + code) or, without one, by its
-- description ('D:' + the description lower-cased, spaces collapsed). The next invoice matches it as ALIAS.
CREATE TABLE supplier_item_aliases (
  supplier_id  INTEGER NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  alias_key    TEXT NOT NULL,
  item_id      INTEGER NOT NULL REFERENCES items(id) ON DELETE CASCADE,
  pack_id      INTEGER REFERENCES item_packs(id) ON DELETE SET NULL,
  confirmed_by INTEGER REFERENCES users(id),
  confirmed_at TEXT NOT NULL,
  PRIMARY KEY (supplier_id, alias_key)
) STRICT;

-- A supplier's confirmed way of reading its files: CSV the header → field mapping, PDF the column layout
-- (its template). Saved when a draft read with it is received. signature: the file's headers normalised, by
-- which a file uploaded without a supplier is recognised.
CREATE TABLE supplier_invoice_layouts (
  supplier_id  INTEGER NOT NULL REFERENCES suppliers(id) ON DELETE CASCADE,
  kind         TEXT NOT NULL CHECK (kind IN ('CSV', 'PDF')),
  layout       TEXT NOT NULL,
  signature    TEXT NOT NULL,
  confirmed_at TEXT NOT NULL,
  PRIMARY KEY (supplier_id, kind)
) STRICT;

-- The receipt knows its draft (and so its file).
ALTER TABLE receipts ADD COLUMN draft_id INTEGER REFERENCES invoice_drafts(id);
CREATE UNIQUE INDEX receipts_draft ON receipts(draft_id) WHERE draft_id IS NOT NULL;

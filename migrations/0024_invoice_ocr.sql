-- Issue 34 (2d): a photo of a paper invoice, read by OCR in the phone's browser. A draft may now come from an IMAGE
-- read by the OCR reader, and keeps the words OCR found (JSON, as sent) so that a person naming the columns
-- (PUT …/layout) reads the same words again. SQLite changes a CHECK only by rebuilding the table; every row and its id
-- come through, and the tables that refer to invoice_drafts (files, lines, receipts.draft_id) keep their references.
CREATE TABLE invoice_drafts_new (
  id             INTEGER PRIMARY KEY,
  status         TEXT NOT NULL CHECK (status IN ('READY', 'NEEDS_REVIEW', 'RECEIVED', 'DISPUTED')),
  source         TEXT NOT NULL CHECK (source IN ('XML', 'CSV', 'PDF', 'IMAGE')),
  reader         TEXT NOT NULL CHECK (reader IN ('UBL', 'CII', 'CSV', 'PDF_TEXT', 'OCR')),
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
  lines_total    INTEGER,
  layout         TEXT,
  csv_map        TEXT,
  dispute_reason TEXT,
  created_by     INTEGER NOT NULL REFERENCES users(id),
  created_at     TEXT NOT NULL,
  updated_at     TEXT NOT NULL,
  received_at    TEXT,
  disputed_at    TEXT,
  ocr_words      TEXT -- OCR only: the words found on the photo ({ width, height, words }), as the phone sent them
) STRICT;
INSERT INTO invoice_drafts_new (id, status, source, reader, supplier_id, order_id, invoice_number, invoice_key, invoice_date, credit_note,
    currency, net, tax, gross, lines_total, layout, csv_map, dispute_reason, created_by, created_at, updated_at, received_at, disputed_at)
  SELECT id, status, source, reader, supplier_id, order_id, invoice_number, invoice_key, invoice_date, credit_note,
    currency, net, tax, gross, lines_total, layout, csv_map, dispute_reason, created_by, created_at, updated_at, received_at, disputed_at
  FROM invoice_drafts;
DROP TABLE invoice_drafts;
ALTER TABLE invoice_drafts_new RENAME TO invoice_drafts;
CREATE INDEX invoice_drafts_invoice ON invoice_drafts(supplier_id, invoice_key);
CREATE INDEX invoice_drafts_status ON invoice_drafts(status, id);

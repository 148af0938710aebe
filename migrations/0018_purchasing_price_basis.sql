-- Issue 32.5: what each received price was compared with, kept on its receipt line. A first delivery is
-- compared with the item's cost price (there is no earlier receipt), and that cost changes afterwards, so
-- the figure is stored when the line is written: the Manager's "Price changes" card reads it back.
-- compared_price_e5: per base unit in 1/100,000 (as unit_cost_e5); NULL when there was nothing to compare with.
ALTER TABLE receipt_lines ADD COLUMN compared_price_e5 INTEGER CHECK (compared_price_e5 >= 0);
ALTER TABLE receipt_lines ADD COLUMN compared_with TEXT CHECK (compared_with IN ('LAST_PRICE', 'COST_PRICE'));

-- Lines received before: the item's price row written before this receipt's own (the last price then). Lines
-- with no earlier price keep NULL (the cost price of that day is not known any more).
UPDATE receipt_lines SET
  compared_price_e5 = (SELECT p.price_e5 FROM item_prices p WHERE p.item_id = receipt_lines.item_id
    AND p.id < (SELECT min(o.id) FROM item_prices o WHERE o.receipt_id = receipt_lines.receipt_id AND o.item_id = receipt_lines.item_id)
    ORDER BY p.id DESC LIMIT 1)
 WHERE base_quantity > 0;
UPDATE receipt_lines SET compared_with = 'LAST_PRICE' WHERE compared_price_e5 IS NOT NULL;

-- The card lists the newest changed lines first.
CREATE INDEX receipt_lines_price_changes ON receipt_lines(id) WHERE compared_price_e5 IS NOT NULL AND compared_price_e5 <> unit_cost_e5;

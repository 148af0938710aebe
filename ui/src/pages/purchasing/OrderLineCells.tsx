import { pricePer, type PurchaseOrderLine } from '../../../../src/contract/purchasing'
import { useFormat } from '../../lib/useFormat'
import { PURCHASING_UI as T } from '../../messages/purchasing'

// An order line's cells, one component each, shared by the phone cards and the table (they were written twice).

const muted = 'text-slate-600 dark:text-slate-400'

export function ItemCell({ line: l }: { line: PurchaseOrderLine }) {
  return (
    <>
      {l.item_name}
      {l.supplier_code && <span className={`font-normal ${muted}`}> [{l.supplier_code}]</span>}
    </>
  )
}

/** "3 × case (9 L)", or "5 kg" without a pack. */
export function QuantityCell({ line: l }: { line: PurchaseOrderLine }) {
  const fmt = useFormat()
  return <>{l.pack ? `${l.quantity} × ${l.pack.name} (${l.pack.size} ${l.unit})` : fmt.quantity(l.quantity, l.unit)}</>
}

/** The ordered price with what it is for: "18.00 per case of 9 L" (issue 32.5). */
export function PriceCell({ line: l, price = l.unit_price }: { line: PurchaseOrderLine; price?: number }) {
  const fmt = useFormat()
  return (
    <>
      {fmt.money(price)} <span className={muted}>{pricePer(l.pack, l.unit)}</span>
    </>
  )
}

/** Received (and refused) in the line's packs, their value, and the invoiced price when it is not the ordered one. */
export function ReceivedCell({ line: l }: { line: PurchaseOrderLine }) {
  const fmt = useFormat()
  return (
    <>
      {l.received_quantity}
      {l.refused_quantity > 0 && ` (${l.refused_quantity} refused)`}
      {l.received_quantity > 0 && <span className="block">{fmt.money(l.received_value)}</span>}
      {l.invoiced_price !== null && l.invoiced_price !== l.unit_price && (
        <span className={`block ${muted}`}>
          {T.invoiced} <PriceCell line={l} price={l.invoiced_price} />
        </span>
      )}
    </>
  )
}

/** Sent back from this line's receipts, in base units, and its value at the invoiced cost. */
export function ReturnedCell({ line: l }: { line: PurchaseOrderLine }) {
  const fmt = useFormat()
  if (l.returned_quantity === 0) return <span className={muted}>—</span>
  return (
    <>
      {fmt.quantity(l.returned_quantity, l.unit)}
      <span className="block">{fmt.money(l.returned_value)}</span>
    </>
  )
}

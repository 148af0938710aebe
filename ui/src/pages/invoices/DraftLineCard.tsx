import { useState } from 'react'
import type { InvoiceDraftLine } from '../../../../src/contract/invoices'
import { Button } from '../../components/Button'
import { SelectField, TextField } from '../../components/Field'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { QuantityField } from '../../components/QuantityField'
import { useFormat } from '../../lib/useFormat'
import { INVOICE_UI as T } from '../../messages/invoices'
import { NeedsPerson } from './NeedsPerson'

/** What the person says about one line as it arrived (text as typed, checked with DraftReceiveLine on Receive). */
export interface ArrivalState {
  received: string
  refused: string
  reason: 'REFUSED' | 'DAMAGED'
  /** YYYY-MM-DD from the date picker, '' for none. */
  expiry: string
  note: string
}

interface Props {
  line: InvoiceDraftLine
  arrival: ArrivalState
  errors: Record<string, string> | undefined
  /** The line is being saved (PUT): its item controls wait. */
  busy: boolean
  onArrival: (patch: Partial<ArrivalState>) => void
  /** A person picked or confirmed the line's item (the server keeps it as the supplier's alias), or corrected a misread figure. */
  onSave: (change: { item_id: number | null; quantity: string; unit_price: string }) => Promise<Record<string, string> | null>
}

const packOf = (l: InvoiceDraftLine) => (l.pack ? `${l.pack.name} of ${l.pack.size} ${l.unit}` : (l.unit ?? l.pack_text ?? ''))

/** One invoice line on a phone: what was printed, the matched item (or the picker), and what arrived. */
export function DraftLineCard({ line: l, arrival, errors, busy, onArrival, onSave }: Props) {
  const fmt = useFormat()
  const [changing, setChanging] = useState(false)
  const [picked, setPicked] = useState<PickedItem | null>(null)
  const needsItem = l.item_id === null
  const marked = l.problems.length > 0 || needsItem
  const refusedTyped = arrival.refused.trim() !== '' && arrival.refused.trim() !== '0'
  const label = `${T.line(l.n)}: ${l.description}`
  // A misread quantity or price (quantity × price ≠ amount) is corrected here; open by itself when that is the problem.
  const misread = l.problems.some((p) => p.code === 'AMOUNT' || p.code === 'PRICE_DECIMALS')
  const [correcting, setCorrecting] = useState(misread)
  const [quantity, setQuantity] = useState(String(l.quantity))
  const [price, setPrice] = useState(String(l.unit_price))
  const [fixErrors, setFixErrors] = useState<Record<string, string>>({})
  const onItem = (itemId: number) => void onSave({ item_id: itemId, quantity: String(l.quantity), unit_price: String(l.unit_price) })
  const pick = (item: PickedItem | null) => {
    setPicked(item)
    if (item) {
      setChanging(false)
      onItem(item.id)
    }
  }
  async function saveFigures() {
    const refused = await onSave({ item_id: l.item_id, quantity, unit_price: price })
    setFixErrors(refused ?? {})
    if (!refused) setCorrecting(false)
  }
  return (
    <li aria-label={label} className={`rounded-xl border bg-white p-3 dark:bg-slate-900 ${marked ? 'border-2 border-red-600 dark:border-red-400' : 'border-slate-200 dark:border-slate-800'}`}>
      <p className="text-sm font-semibold wrap-anywhere">
        {l.n}. {l.description}
      </p>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {[l.supplier_code && `${T.code} ${l.supplier_code}`, l.gtin && `${T.gtin} ${l.gtin}`, l.pack_text, l.tax_rate !== null && T.taxRate(l.tax_rate)].filter(Boolean).join(' · ')}
      </p>
      <p className="text-sm">
        {fmt.number(l.quantity)} × {fmt.money(l.unit_price)} = <span className="font-semibold">{fmt.money(l.amount)}</span>
        {l.ordered !== null && <span className="text-slate-600 dark:text-slate-400"> · {T.ordered(fmt.number(l.ordered), fmt.number(l.received_before ?? 0))}</span>}
      </p>
      {l.price_change_pct !== null && l.last_price !== null && <p className="text-sm font-medium text-amber-800 dark:text-amber-300">{T.priceChange(fmt.money(l.last_price), fmt.money(l.unit_price), l.price_change_pct)}</p>}

      {marked && <NeedsPerson className="mt-2" messages={[...(needsItem && !l.problems.some((p) => p.code === 'NO_ITEM') ? [T.pickItem] : []), ...l.problems.map((p) => p.message)]} />}

      <div className="mt-2 space-y-2">
        {!needsItem && !changing ? (
          <div className="flex flex-wrap items-center gap-2 text-sm">
            <p>
              <span className="font-semibold">{l.item_name}</span>
              {l.matched_by && <span className="text-slate-600 dark:text-slate-400"> — {T.matchedBy[l.matched_by]}</span>}
            </p>
            {l.matched_by === 'NAME' && (
              <Button disabled={busy} onClick={() => onItem(l.item_id!)} aria-label={`${T.confirmItem}, line ${l.n}`}>
                {T.confirmItem}
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={() => setChanging(true)} aria-label={`${T.changeItem}, line ${l.n}`}>
              {T.changeItem}
            </Button>
          </div>
        ) : (
          <ItemPicker label={T.item(l.n)} source="store" value={picked} onChange={pick} hint={T.itemHint} />
        )}
      </div>

      {correcting ? (
        <fieldset className="mt-3 rounded-lg border border-slate-200 p-2 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium">{T.correct(l.n)}</legend>
          <div className="grid grid-cols-2 gap-2">
            <QuantityField label={T.invoicedQuantity(l.n)} value={quantity} onChange={setQuantity} error={fixErrors.quantity} hint=" " />
            <QuantityField label={T.price(l.n)} value={price} onChange={setPrice} error={fixErrors.unit_price} hint=" " />
          </div>
          {fixErrors.item_id && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{fixErrors.item_id}</p>}
          <Button className="mt-2" variant="secondary" disabled={busy} onClick={() => void saveFigures()}>
            {T.saveLine(l.n)}
          </Button>
        </fieldset>
      ) : (
        <button type="button" className="mt-2 min-h-11 text-sm font-semibold text-brand-700 underline dark:text-brand-300" onClick={() => setCorrecting(true)}>
          {T.correct(l.n)}
        </button>
      )}

      <div className="mt-3 grid grid-cols-2 gap-2">
        <QuantityField label={T.received(l.n)} unit={packOf(l) || undefined} value={arrival.received} onChange={(v) => onArrival({ received: v })} error={errors?.received_quantity} hint={T.invoicedHint(fmt.number(l.quantity))} />
        <QuantityField label={T.refused(l.n)} value={arrival.refused} onChange={(v) => onArrival({ refused: v })} error={errors?.refused_quantity ?? errors?._} hint=" " />
      </div>
      {refusedTyped && (
        <div className="mt-2">
          <SelectField label={T.refusedReason(l.n)} value={arrival.reason} onChange={(v) => onArrival({ reason: v as ArrivalState['reason'] })} options={[{ value: 'REFUSED', label: T.reasons.REFUSED }, { value: 'DAMAGED', label: T.reasons.DAMAGED }]} error={errors?.refused_reason} />
        </div>
      )}
      {/* As on the order's Receive page: the expiry printed on the goods and a note (a lot, a remark) go into the receipt line. */}
      <div className="mt-2 grid grid-cols-2 gap-2">
        <TextField label={T.expiry(l.n)} type="date" value={arrival.expiry} onChange={(v) => onArrival({ expiry: v })} error={errors?.expiry_date} />
        <TextField label={T.note(l.n)} value={arrival.note} onChange={(v) => onArrival({ note: v })} error={errors?.note} maxLength={500} />
      </div>
    </li>
  )
}

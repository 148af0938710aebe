import { useState } from 'react'
import type { FoundLine } from '../../../../src/contract/counts'
import { parseQuantity } from '../../../../src/contract/quantity'
import { resolveFound } from '../../api/counts'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { COUNT_UI } from '../../messages/counts'

/**
 * The review's found lines (issue 32.3): products not in the catalogue. Each is mapped to an item (its quantity,
 * restated in that item's unit, then counts for it) or discarded; approval is refused while one is unresolved.
 */
export function FoundReview({ countId, lines, unresolved, editable, onResolved }: { countId: number; lines: FoundLine[]; unresolved: number; editable: boolean; onResolved: () => void }) {
  if (lines.length === 0) return null
  return (
    <section className="mt-6" aria-labelledby="review-found-title">
      <h2 id="review-found-title" className="text-lg font-semibold">
        {COUNT_UI.reviewFound}
      </h2>
      <p className={`mb-2 text-sm ${unresolved ? 'font-semibold text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-300'}`}>{COUNT_UI.reviewFoundIntro(unresolved)}</p>
      <ul className="space-y-3" aria-label={COUNT_UI.reviewFound}>
        {lines.map((f) => (
          <FoundRow key={f.id} countId={countId} line={f} editable={editable} onResolved={onResolved} />
        ))}
      </ul>
    </section>
  )
}

function FoundRow({ countId, line, editable, onResolved }: { countId: number; line: FoundLine; editable: boolean; onResolved: () => void }) {
  const fmt = useFormat()
  const [item, setItem] = useState<PickedItem | null>(line.item_id ? { id: line.item_id, name: line.item_name ?? '', unit: line.item_unit ?? '' } : null)
  const [quantity, setQuantity] = useState(String(line.item_quantity ?? line.counted))
  const { busy, failure, setFailure, run } = useSubmit()
  const send = (body: Parameters<typeof resolveFound>[2]) =>
    run(async () => {
      const res = await resolveFound(countId, line.id, body)
      toast({ kind: 'success', title: UI.successTitle, message: res.message ?? '' })
      onResolved()
    }, COUNT_UI.resolveFailed)
  const map = () => {
    if (!item) return setFailure(`${COUNT_UI.mapTo} is required`)
    const q = parseQuantity(quantity)
    if (!q.ok) return setFailure(q.message)
    void send({ item_id: item.id, item_quantity: q.value })
  }
  return (
    <li className="rounded-xl border border-amber-300 bg-white p-3 dark:border-amber-700 dark:bg-slate-900" data-testid={`review-found-${line.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {line.name} · {COUNT_UI.foundCounted(fmt.quantity(line.counted))}
        </p>
        <Badge tone={line.resolution === null ? 'warning' : line.resolution === 'MAPPED' ? 'success' : 'neutral'}>
          {line.resolution === null ? 'To resolve' : line.resolution === 'MAPPED' ? 'Mapped' : 'Discarded'}
        </Badge>
      </div>
      {line.note && <p className="text-sm">{line.note}</p>}
      <p className="text-xs text-slate-600 dark:text-slate-300">
        {line.area_name} · {line.added_by_name}
      </p>
      {line.resolution === 'MAPPED' && <p className="mt-1 text-sm">{COUNT_UI.foundMappedTo(line.item_name ?? '', fmt.quantity(line.item_quantity, line.item_unit))}</p>}
      {line.resolution === 'DISCARDED' && <p className="mt-1 text-sm">{COUNT_UI.foundDiscarded}</p>}
      {editable && (
        <div className="mt-2 space-y-2">
          <ErrorLine message={failure} />
          <div className="grid gap-2 sm:grid-cols-2">
            <ItemPicker label={COUNT_UI.mapTo} source="store" value={item} onChange={setItem} />
            <QuantityField label={COUNT_UI.mapQuantity(item?.unit ?? '')} value={quantity} onChange={setQuantity} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={map} disabled={busy}>
              {COUNT_UI.map}
            </Button>
            <Button variant="secondary" onClick={() => void send({ discard: true })} disabled={busy}>
              {COUNT_UI.discard}
            </Button>
          </div>
        </div>
      )}
    </li>
  )
}

import { useState } from 'react'
import { BulkEditBody, BulkEditSet } from '../../../../src/contract/imports'
import { parseQuantity } from '../../../../src/contract/quantity'
import { bulkEditItems } from '../../api/imports'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { numberOrUndefined, relabel } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { UI } from '../../messages/common'
import type { Lookups } from './useLookups'

/**
 * The bar under the filters while items are ticked (Managers): the same category, supplier, minimum,
 * par level (issue 32; the order pack stays per item: packs differ) or active flag for all of them in one request (PATCH /items/bulk: one transaction, one audit row).
 * Only the fields given are changed.
 */
export function BulkEditBar({ ids, lookups, onClear, onDone }: { ids: number[]; lookups: Lookups; onClear: () => void; onDone: () => void }) {
  const [category, setCategory] = useState('')
  const [supplier, setSupplier] = useState('')
  const [min, setMin] = useState('')
  const [par, setPar] = useState('')
  const [active, setActive] = useState('')
  const submit = useSubmit()
  // The fields given, checked as the server checks them (BulkEditSet): nothing given, or a minimum it
  // refuses, keeps Apply off. An unreadable minimum shows the parser's message (QuantityField) once left.
  const set = {
    category_id: category ? Number(category) : undefined,
    supplier_id: supplier ? Number(supplier) : undefined,
    min_stock_level: numberOrUndefined(min),
    par_level: numberOrUndefined(par),
    is_active: active === '' ? undefined : active === 'true',
  }
  const checked = check(BulkEditSet, set)
  const minError = !checked.ok && parseQuantity(min).ok ? relabel(checked.errors.min_stock_level, 'Min stock level') : undefined
  const parError = !checked.ok && parseQuantity(par).ok ? relabel(checked.errors.par_level, 'Par level') : undefined

  async function apply() {
    const body = check(BulkEditBody, { item_ids: ids, set })
    if (!body.ok) return
    await submit.run(async () => {
      const res = await bulkEditItems(body.value)
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      setCategory('')
      setSupplier('')
      setMin('')
      setPar('')
      setActive('')
      submit.setFailure(null)
      onDone()
    }, 'Failed to update the items')
  }

  return (
    <section aria-label="Bulk edit" className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold" aria-live="polite">
          {ids.length} item{ids.length === 1 ? '' : 's'} selected
        </p>
        <Button variant="ghost" onClick={onClear}>
          Clear selection
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto] lg:items-end">
        <SelectField label="Set category" value={category} onChange={setCategory} placeholder="Keep as is" options={lookups.categories.map((c) => ({ value: String(c.id), label: c.name }))} />
        <SelectField label="Set supplier" value={supplier} onChange={setSupplier} placeholder="Keep as is" options={lookups.suppliers.map((s) => ({ value: String(s.id), label: s.name }))} />
        <QuantityField label="Set min stock level" value={min} onChange={setMin} error={minError} hint="Empty keeps each item's own" />
        <QuantityField label="Set par level" value={par} onChange={setPar} error={parError} hint="Each item's base unit; empty keeps each item's own" />
        <SelectField
          label="Set status"
          value={active}
          onChange={setActive}
          placeholder="Keep as is"
          options={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Deactivated' },
          ]}
        />
        <Button onClick={apply} disabled={submit.busy || !checked.ok}>
          {submit.busy ? 'Applying…' : `Apply to ${ids.length}`}
        </Button>
      </div>
      <ErrorLine message={submit.failure} />
    </section>
  )
}

import { useState, type FormEvent } from 'react'
import { KitchenMinimumBody, type KitchenInventoryRow } from '../../../../src/contract/kitchen'
import { setKitchenMinimum } from '../../api/kitchen'
import { ErrorLine } from '../../components/ErrorLine'
import { FormModal } from '../../components/FormModal'
import { QuantityField } from '../../components/QuantityField'
import { useSubmit } from '../../components/useSubmit'
import { relabel, toNumber } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { KITCHEN_UI_MSG as M } from '../../messages/kitchen'

/** The kitchen's own minimum of one item: blank clears it (no minimum, never Low). */
export function KitchenMinimumForm({ row, onClose, onDone }: { row: KitchenInventoryRow | null; onClose: () => void; onDone: (message: string, detail: string) => void }) {
  return row && <MinimumBody row={row} onClose={onClose} onDone={onDone} />
}

function MinimumBody({ row, onClose, onDone }: { row: KitchenInventoryRow; onClose: () => void; onDone: (message: string, detail: string) => void }) {
  const f = useFormat()
  const [value, setValue] = useState(row.min_quantity === null ? '' : String(row.min_quantity))
  const [error, setError] = useState<string | undefined>()
  const { busy, failure, setFailure, run } = useSubmit()

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const r = check(KitchenMinimumBody, { min_quantity: value.trim() === '' ? null : toNumber(value) })
    setError(r.ok ? undefined : relabel(r.errors.min_quantity, 'Minimum'))
    if (!r.ok) return
    await run(async () => {
      const res = await setKitchenMinimum(row.item_id, r.value.min_quantity)
      const min = res.data.min_quantity
      onDone(res.message, min === null ? `${row.item_name}: no minimum.` : `${row.item_name}: Low Stock at ${f.quantity(min, row.unit)} or less.`)
      onClose()
    }, M.minimumFailed)
  }

  return (
    <FormModal title="Kitchen minimum" size="sm" busy={busy} formId="kitchen-minimum-form" submitLabel="Save Minimum" onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm dark:bg-slate-800">
        <p className="font-semibold">{row.item_name}</p>
        <p className="text-slate-600 dark:text-slate-300">{f.quantity(row.quantity, row.unit)} in the kitchen</p>
      </div>
      <QuantityField label="Minimum" unit={row.unit} value={value} onChange={setValue} error={error} hint={M.minimumHint} data-autofocus />
    </FormModal>
  )
}

import { useState } from 'react'
import type { PackRef } from '../../../../src/contract/purchasing'
import { UpdateItemBody } from '../../../../src/contract/stock'
import { updateItem } from '../../api/stock'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { numberOrUndefined, relabel } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { PURCHASING_UI as T } from '../../messages/purchasing'

export interface ParTarget {
  item_id: number
  item_name: string
  unit: string
  par_level: number | null
  order_pack_id: number | null
  packs: PackRef[]
}

/**
 * An item's par level and order pack, set right in the suggestions (issue 32): PUT /items/:id with only those two
 * fields, checked by the item form's schema first. A blank par clears it (the item is no longer suggested).
 */
export function ParEditor({ item, onSaved }: { item: ParTarget; onSaved: () => void }) {
  const [par, setPar] = useState(item.par_level === null ? '' : String(item.par_level))
  const [pack, setPack] = useState(item.order_pack_id === null ? '' : String(item.order_pack_id))
  const { busy, failure, setFailure, run } = useSubmit()
  const body = { par_level: par.trim() === '' ? null : numberOrUndefined(par), order_pack_id: pack ? Number(pack) : null }
  const checked = check(UpdateItemBody, body)
  const parError = checked.ok ? undefined : relabel(checked.errors.par_level, 'Par level')

  function save() {
    setFailure(null)
    if (!checked.ok) return
    void run(async () => {
      const res = await updateItem(item.item_id, checked.value)
      toast({ kind: 'success', title: T.parSaved(item.item_name), message: res.message })
      onSaved()
    }, T.parFailed)
  }

  return (
    <div className="grid gap-2 sm:grid-cols-[10rem_12rem_auto] sm:items-end">
      <QuantityField label={T.parLabel(item.item_name)} unit={item.unit} value={par} onChange={setPar} error={parError} hint={T.parHint} />
      {item.packs.length > 0 && (
        <SelectField
          label={T.orderPackLabel(item.item_name)}
          value={pack}
          onChange={setPack}
          options={[{ value: '', label: item.unit }, ...item.packs.map((p) => ({ value: String(p.id), label: `${p.name} of ${p.size} ${item.unit}` }))]}
        />
      )}
      <Button variant="secondary" disabled={busy || !checked.ok} onClick={save} aria-label={T.parSave(item.item_name)}>
        {busy ? T.parSaving : T.parSaveShort}
      </Button>
      <ErrorLine message={failure} />
    </div>
  )
}

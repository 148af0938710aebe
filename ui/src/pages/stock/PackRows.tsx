import { MAX_PACKS } from '../../../../src/contract/packs'
import { Button } from '../../components/Button'
import { TextField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { ErrorLine } from '../../components/ErrorLine'
import { numberOrUndefined } from '../../lib/formInput'

/** One pack size as typed in the item form. */
export interface PackDraft {
  name: string
  size: string
}

/** The form's rows → what POST/PUT /items takes (the schema then checks size, names and count). */
export const packsInput = (rows: PackDraft[]) => rows.filter((r) => r.name.trim() || r.size.trim()).map((r) => ({ name: r.name, size: numberOrUndefined(r.size) }))

/**
 * The item form's pack sizes (issue 17): up to 5 rows of name and size in the base unit
 * (bottle 0.75 L, case 9 L). Counts can then be typed in packs.
 */
export function PackRows({ rows, unit, error, idPrefix, onChange }: { rows: PackDraft[]; unit: string; error?: string; idPrefix: string; onChange: (rows: PackDraft[]) => void }) {
  const set = (i: number, k: keyof PackDraft) => (value: string) => onChange(rows.map((r, j) => (j === i ? { ...r, [k]: value } : r)))
  return (
    <fieldset className="sm:col-span-2 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">Pack sizes</legend>
      <p className="mb-2 text-sm text-slate-600">Optional: how the item is counted on the shelf, e.g. bottle 0.75 and case 9 {unit ? `(${unit})` : ''}.</p>
      {rows.map((r, i) => (
        <div key={i} className="mb-2 grid grid-cols-[1fr_1fr_auto] items-end gap-2">
          <TextField id={`${idPrefix}-pack-${i}-name`} label={`Pack ${i + 1} name`} value={r.name} onChange={set(i, 'name')} />
          <QuantityField id={`${idPrefix}-pack-${i}-size`} label={`Pack ${i + 1} size`} unit={unit || null} value={r.size} onChange={set(i, 'size')} hint="e.g. 0.75" />
          <Button variant="secondary" className="mb-6 min-h-11" aria-label={`Remove pack ${i + 1}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <ErrorLine message={error ?? null} />
      {rows.length < MAX_PACKS && (
        <Button variant="secondary" className="min-h-11" onClick={() => onChange([...rows, { name: '', size: '' }])}>
          Add pack size
        </Button>
      )}
    </fieldset>
  )
}

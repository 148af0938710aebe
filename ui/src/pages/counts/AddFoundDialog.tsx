import { useState } from 'react'
import { FoundLineBody, type CountLine, type FoundLine } from '../../../../src/contract/counts'
import { parseQuantity } from '../../../../src/contract/quantity'
import { addFound, addLine } from '../../api/counts'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextAreaField, TextField } from '../../components/Field'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { Modal } from '../../components/Modal'
import { QuantityField } from '../../components/QuantityField'
import { useSubmit } from '../../components/useSubmit'
import { newKey } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { COUNT_UI } from '../../messages/counts'

type Kind = 'catalogue' | 'unknown'

/**
 * "Add item found here" (issue 32.3): an item of the catalogue that is not on this area's sheet becomes a line of
 * it; a product not in the catalogue (an unlabelled bottle) becomes a found line with a name, a note and a count,
 * which the Manager maps to an item or discards at review. One Idempotency-Key per opening: a retry adds once.
 */
export function AddFoundDialog(p: {
  countId: number
  areaId: number
  areaName: string
  /** What was typed in the sheet's find box, if anything. */
  initial: string
  onClose: () => void
  onLine: (line: CountLine) => void
  onFound: (found: FoundLine) => void
}) {
  const [kind, setKind] = useState<Kind>('catalogue')
  const [item, setItem] = useState<PickedItem | null>(null)
  const [name, setName] = useState(p.initial)
  const [note, setNote] = useState('')
  const [counted, setCounted] = useState('')
  const [key] = useState(newKey)
  const { busy, failure, setFailure, run } = useSubmit()

  const add = () =>
    run(async () => {
      setFailure(null)
      if (kind === 'catalogue') {
        if (!item) return setFailure(`${COUNT_UI.catalogueItem} is required`)
        p.onLine((await addLine(p.countId, { area_id: p.areaId, item_id: item.id }, key)).data)
        return
      }
      const q = parseQuantity(counted)
      if (!q.ok) return setFailure(`${COUNT_UI.unknownCounted}: ${q.message}`)
      const body = { area_id: p.areaId, name, note: note.trim() || null, counted: q.value }
      const c = check(FoundLineBody, body)
      if (!c.ok) return setFailure(Object.values(c.errors)[0] ?? COUNT_UI.addFailed)
      p.onFound((await addFound(p.countId, body, key)).data)
    }, COUNT_UI.addFailed)

  return (
    <Modal
      open
      title={COUNT_UI.addFoundTitle(p.areaName)}
      onClose={p.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={busy}>
            {COUNT_UI.cancel}
          </Button>
          <Button onClick={add} disabled={busy}>
            {busy ? COUNT_UI.adding : kind === 'catalogue' ? COUNT_UI.addLine : COUNT_UI.addUnknownButton}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <ErrorLine message={failure} />
        <fieldset>
          <legend className="mb-1 text-sm font-medium">{COUNT_UI.kindLabel}</legend>
          {(['catalogue', 'unknown'] as const).map((k) => (
            <label key={k} className="flex min-h-11 items-center gap-2">
              <input type="radio" name="found-kind" value={k} checked={kind === k} onChange={() => setKind(k)} className="size-5" />
              {k === 'catalogue' ? COUNT_UI.addFromCatalogue : COUNT_UI.addUnknown}
            </label>
          ))}
        </fieldset>
        {kind === 'catalogue' ? (
          <ItemPicker label={COUNT_UI.catalogueItem} source="store" value={item} onChange={setItem} autoFocus scan />
        ) : (
          <>
            <TextField label={COUNT_UI.unknownName} value={name} onChange={setName} autoComplete="off" maxLength={120} />
            <TextAreaField label={COUNT_UI.unknownNote} hint={COUNT_UI.unknownNoteHint} value={note} onChange={setNote} rows={2} maxLength={500} />
            <QuantityField label={COUNT_UI.unknownCounted} hint={COUNT_UI.unknownCountedHint} value={counted} onChange={setCounted} />
          </>
        )}
      </div>
    </Modal>
  )
}

import { useState, type FormEvent } from 'react'
import { normaliseCode, shownCode } from '../../../../src/contract/barcodes'
import type { Item } from '../../../../src/contract/stock'
import { addItemBarcode, listItemBarcodes, removeItemBarcode } from '../../api/barcodes'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField, TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { Modal } from '../../components/Modal'
import { ScanButton, useKeyboardScans } from '../../components/scan/ScanButton'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { SCAN_UI } from '../../messages/scan'

/** An item's codes: its unit's and each pack's (a case of 12 has its own). Add by typing or scanning; remove. */
export function BarcodesDialog({ item, onClose, onSaved }: { item: Item; onClose: () => void; onSaved: () => void }) {
  const codes = useLoad((signal) => listItemBarcode(item.id, signal), [item.id])
  const [code, setCode] = useState('')
  const [packId, setPackId] = useState('')
  const { busy, failure, setFailure, run } = useSubmit()
  useKeyboardScans(setCode)

  function add(e?: FormEvent) {
    e?.preventDefault()
    const n = normaliseCode(code)
    if (!n.ok) return setFailure(n.message)
    void run(async () => {
      const res = await addItemBarcode(item.id, code, packId ? Number(packId) : null)
      toast({ kind: 'success', title: 'Barcodes', message: res.message })
      setCode('')
      codes.reload()
      onSaved()
    }, 'Failed to add the code')
  }
  const remove = (c: string) =>
    run(async () => {
      const res = await removeItemBarcode(item.id, c)
      toast({ kind: 'success', title: 'Barcodes', message: res.message })
      codes.reload()
      onSaved()
    }, 'Failed to remove the code')

  const packs = item.packs ?? []
  return (
    <Modal open title={`Barcodes · ${item.name}`} onClose={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <div className="space-y-4">
        {codes.error ? (
          <LoadError error={codes.error} retry={codes.reload} inline />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700" aria-label="Codes">
            {(codes.data ?? []).map((c) => (
              <li key={c.id} className="flex min-h-11 items-center justify-between gap-2 px-3 py-1.5 text-sm">
                <span>
                  <span className="font-mono">{shownCode(c.code, c.checked)}</span>
                  <span className="ml-2 text-slate-600 dark:text-slate-400">{c.pack_name ? `one ${c.pack_name}` : `one ${item.unit}`}</span>
                  {!c.checked && <span className="ml-2 text-amber-800 dark:text-amber-300">check digit wrong (saved before RIMS checked them)</span>}
                </span>
                <Button variant="ghost" onClick={() => remove(c.code)} disabled={busy} aria-label={`Remove ${shownCode(c.code, c.checked)}`}>
                  Remove
                </Button>
              </li>
            ))}
            {codes.data?.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No codes yet</li>}
          </ul>
        )}
        <form onSubmit={add} className="space-y-3">
          <div className="flex items-end gap-2">
            <div className="flex-1">
              <TextField label="Code" value={code} onChange={setCode} hint="Type it, scan it with a keyboard scanner, or use the camera" autoComplete="off" />
            </div>
            <ScanButton label="Scan" className="mb-6 shrink-0" onCode={(c) => setCode(c)} />
          </div>
          {packs.length > 0 && (
            <SelectField
              label={SCAN_UI.linkAs}
              value={packId}
              onChange={setPackId}
              options={[{ value: '', label: SCAN_UI.unitOption(item.unit) }, ...packs.map((p) => ({ value: String(p.id), label: SCAN_UI.packOption(p.name, `${p.size} ${item.unit}`) }))]}
            />
          )}
          <ErrorLine message={failure} />
          <Button type="submit" disabled={busy || !code.trim()}>
            Add code
          </Button>
        </form>
      </div>
    </Modal>
  )
}

const listItemBarcode = (id: number, signal: AbortSignal) => listItemBarcodes(id, signal).then((r) => r.data)

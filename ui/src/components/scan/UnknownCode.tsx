import { useEffect, useState } from 'react'
import { useLocation } from 'wouter'
import { displayCode, type ResolvedBarcode } from '../../../../src/contract/barcodes'
import type { Pack } from '../../../../src/contract/packs'
import { addItemBarcode, resolveBarcode } from '../../api/barcodes'
import { getItem } from '../../api/stock'
import { SCAN_UI } from '../../messages/scan'
import { Button } from '../Button'
import { ErrorLine } from '../ErrorLine'
import { SelectField } from '../Field'
import { failureMessage } from '../failureMessage'
import { ItemPicker, type PickedItem } from '../ItemPicker'
import { Modal } from '../Modal'
import { toast } from '../toast'
import { useSubmit } from '../useSubmit'

/** A scanned code no item has: link it to an item (as its unit or one of its packs), create an item with it, or skip. */
export function UnknownCodeDialog({ resolved, onLinked, onClose }: { resolved: ResolvedBarcode & { code: string }; onLinked: (r: ResolvedBarcode) => void; onClose: () => void }) {
  const [, navigate] = useLocation()
  const [item, setItem] = useState<PickedItem | null>(
    resolved.suggestion ? { id: resolved.suggestion.item_id, name: resolved.suggestion.item_name, unit: '' } : null,
  )
  const [packs, setPacks] = useState<Pack[]>([])
  const [packId, setPackId] = useState('')
  const { busy, failure, setFailure, run } = useSubmit()
  const shown = displayCode(resolved.code)

  useEffect(() => {
    setPacks([])
    setPackId('')
    if (!item) return
    const ctrl = new AbortController()
    getItem(item.id, ctrl.signal).then(
      (r) => {
        setPacks(r.data.packs ?? [])
        if (!item.unit) setItem((i) => (i && i.id === r.data.id ? { ...i, unit: r.data.unit } : i))
      },
      () => undefined,
    )
    return () => ctrl.abort()
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item?.id])

  const link = () =>
    run(async () => {
      if (!item) return setFailure(SCAN_UI.linkTo + ' is required')
      await addItemBarcode(item.id, resolved.code, packId ? Number(packId) : null)
      toast({ kind: 'success', title: SCAN_UI.link, message: SCAN_UI.linked(shown, item.name) })
      onLinked((await resolveBarcode(resolved.code)).data)
    }, 'Failed to link the code')

  return (
    <Modal
      open
      title={SCAN_UI.unknownTitle}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {SCAN_UI.skip}
          </Button>
          <Button variant="secondary" onClick={() => navigate(`/stock?new_code=${encodeURIComponent(resolved.code)}`)}>
            {SCAN_UI.create}
          </Button>
          <Button onClick={link} disabled={busy || !item}>
            {SCAN_UI.link}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm">{SCAN_UI.unknownText(shown)}</p>
        {resolved.suggestion && <p className="text-sm text-slate-700 dark:text-slate-300">{SCAN_UI.suggestion(resolved.suggestion.item_name)}</p>}
        <ItemPicker label={SCAN_UI.linkTo} source="store" value={item} onChange={setItem} autoFocus />
        {item && packs.length > 0 && (
          <SelectField
            label={SCAN_UI.linkAs}
            value={packId}
            onChange={setPackId}
            options={[{ value: '', label: SCAN_UI.unitOption(item.unit) }, ...packs.map((p) => ({ value: String(p.id), label: SCAN_UI.packOption(p.name, `${p.size} ${item.unit}`) }))]}
          />
        )}
        <ErrorLine message={failure} />
      </div>
    </Modal>
  )
}

/**
 * What every screen does with a scan: resolve it, hand a found item on, and for an unknown code open
 * the link / create / skip dialog (never blocking: the caller keeps scanning).
 */
export function useScanLookup(onFound: (r: ResolvedBarcode & { item: NonNullable<ResolvedBarcode['item']> }, raw: string) => void | boolean | Promise<void | boolean>) {
  const [unknown, setUnknown] = useState<(ResolvedBarcode & { code: string }) | null>(null)
  const lookup = async (raw: string): Promise<boolean> => {
    try {
      const r = (await resolveBarcode(raw)).data
      if (r.item) return (await onFound(r as ResolvedBarcode & { item: NonNullable<ResolvedBarcode['item']> }, raw)) !== false
      if (r.code) setUnknown(r as ResolvedBarcode & { code: string })
      return false
    } catch (err) {
      toast({ kind: 'error', title: SCAN_UI.unknownTitle, message: failureMessage(err, 'Failed to look the code up') })
      return false
    }
  }
  const dialog = unknown && (
    <UnknownCodeDialog
      resolved={unknown}
      onClose={() => setUnknown(null)}
      onLinked={(r) => {
        setUnknown(null)
        if (r.item) void onFound(r as ResolvedBarcode & { item: NonNullable<ResolvedBarcode['item']> }, r.code ?? '')
      }}
    />
  )
  return { lookup, dialog, unknownOpen: unknown !== null }
}

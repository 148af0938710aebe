import { useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react'
import { useLocation, useSearch } from 'wouter'
import { AreaItemsBody, StorageAreaBody, type StorageArea, type StorageAreaItem } from '../../../../src/contract/counts'
import { messageOr } from '../../api/client'
import { createArea, deleteArea, getAreaItems, listAreas, renameArea, setAreaItems } from '../../api/counts'
import { Button } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { FormModal } from '../../components/FormModal'
import { ItemPicker, type PickedItem } from '../../components/ItemPicker'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { forget, keep, loadKept } from '../../lib/deviceDraft'
import { relabel } from '../../lib/formInput'
import { askToLeave } from '../../lib/leaveGuard'
import { useLeaveGuard } from '../../lib/useLeaveGuard'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { COUNT_UI } from '../../messages/counts'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { SectionLinks } from './SectionLinks'

// ---------- A shelf order not yet saved, kept on the device per user and area (lib/deviceDraft) ----------

interface ShelfDraft {
  rows: StorageAreaItem[]
  /** The saved order's item ids when the draft began: another order saved since is said before saving over it. */
  base: number[]
  /** When it was last changed (ISO). */
  at: string
}

const shelfKey = (userId: number, areaId: number) => `rims-shelf-draft-${userId}-${areaId}`
const isShelfDraft = (v: unknown): v is ShelfDraft => Array.isArray((v as ShelfDraft | null)?.rows) && Array.isArray((v as ShelfDraft).base) && typeof (v as ShelfDraft).at === 'string'
const idsOf = (rows: readonly StorageAreaItem[]) => rows.map((r) => r.item_id)
const sameOrder = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i])

/** /counts/areas: storage areas and each one's items in shelf order (drag and drop, or Alt + arrows). */
export default function AreasPage() {
  const areas = useLoad((signal) => listAreas(signal).then((r) => r.data), [], COUNT_UI.areasFailed)
  // The area open is in the address (?area=), so a reload reopens it with its unsaved order.
  const [, navigate] = useLocation()
  const selected = Number(new URLSearchParams(useSearch()).get('area')) || null
  const setSelected = (id: number | null) => navigate(id ? `/counts/areas?area=${id}` : '/counts/areas', { replace: true })
  const userId = useSession()?.user.id ?? 0
  const [editing, setEditing] = useState<StorageArea | 'new' | null>(null)
  const [deleting, setDeleting] = useState<StorageArea | null>(null)
  const current = areas.data?.find((a) => a.id === selected) ?? null

  return (
    <div>
      <PageHeader title={COUNT_UI.areasTitle} description={COUNT_UI.areasDescription} actions={<Button onClick={() => setEditing('new')}>{COUNT_UI.addArea}</Button>} />
      <SectionLinks current="areas" />
      {areas.error && <LoadError error={areas.error} retry={areas.reload} />}
      {!areas.data && !areas.error && <Spinner label="Loading areas" />}
      <div className="grid gap-6 lg:grid-cols-[20rem_1fr]">
        <ul className="space-y-2" aria-label={COUNT_UI.areasTitle}>
          {areas.data?.map((a) => (
            <li key={a.id} className={`rounded-xl border p-3 ${a.id === selected ? 'border-brand-700' : 'border-slate-200 dark:border-slate-700'}`}>
              <button type="button" className="min-h-11 w-full text-left font-semibold" aria-pressed={a.id === selected} onClick={() => a.id !== selected && askToLeave(() => setSelected(a.id))}>
                {a.name} <span className="text-sm font-normal text-slate-600 dark:text-slate-300">({a.item_count})</span>
              </button>
              <div className="mt-1 flex gap-2">
                <Button variant="secondary" onClick={() => setEditing(a)} aria-label={`${COUNT_UI.rename} ${a.name}`}>
                  {COUNT_UI.rename}
                </Button>
                <Button variant="secondary" onClick={() => setDeleting(a)} aria-label={`${COUNT_UI.delete} ${a.name}`}>
                  {COUNT_UI.delete}
                </Button>
              </div>
            </li>
          ))}
        </ul>
        {current && <ShelfOrder key={current.id} area={current} onSaved={areas.reload} />}
      </div>
      {editing && (
        <AreaForm
          area={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(a) => {
            areas.reload()
            if (a.id !== selected) askToLeave(() => setSelected(a.id))
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={deleting ? COUNT_UI.deleteAreaTitle(deleting.name) : ''}
        message={COUNT_UI.deleteAreaMessage}
        confirmLabel={COUNT_UI.delete}
        danger
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return
          try {
            const res = await deleteArea(deleting.id)
            toast({ kind: 'success', title: UI.successTitle, message: res.message })
            forget(shelfKey(userId, deleting.id))
            if (selected === deleting.id) setSelected(null)
            areas.reload()
          } catch (err) {
            toast({ kind: 'error', title: UI.errorTitle, message: messageOr(err, 'Failed to delete the area') })
          }
        }}
      />
    </div>
  )
}

function AreaForm({ area, onClose, onSaved }: { area: StorageArea | null; onClose: () => void; onSaved: (a: StorageArea) => void }) {
  const [name, setName] = useState(area?.name ?? '')
  const [error, setError] = useState<string | undefined>()
  const { busy, failure, setFailure, run } = useSubmit()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    // The server's own schema (StorageAreaBody): a blank or too long name is the field's error.
    const checked = check(StorageAreaBody, { name })
    setError(checked.ok ? undefined : relabel(checked.errors.name, COUNT_UI.areaName))
    if (!checked.ok) return
    await run(async () => {
      const res = area ? await renameArea(area.id, checked.value.name) : await createArea(checked.value.name)
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      onSaved(res.data)
      onClose()
    }, area ? 'Failed to rename the area' : 'Failed to add the area')
  }
  return (
    <FormModal title={area ? `${COUNT_UI.rename} ${area.name}` : COUNT_UI.addArea} busy={busy} formId="area-form" submitLabel={area ? COUNT_UI.rename : COUNT_UI.addArea} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      <TextField label={COUNT_UI.areaName} value={name} onChange={setName} error={error} required maxLength={80} data-autofocus />
    </FormModal>
  )
}

/** The area's items in shelf order: drag a row, or Alt + ↑/↓ on a focused row, or its Up/Down buttons; then Save. */
function ShelfOrder({ area, onSaved }: { area: StorageArea; onSaved: () => void }) {
  const loaded = useLoad((signal) => getAreaItems(area.id, signal).then((r) => r.data), [area.id], COUNT_UI.areasFailed)
  const [rows, setRows] = useState<StorageAreaItem[] | null>(null)
  // The order the server has (loaded, then as saved): rows that differ from it are a draft, kept on the device.
  const [server, setServer] = useState<StorageAreaItem[] | null>(null)
  const key = shelfKey(useSession()?.user.id ?? 0, area.id)
  const [kept, setKept] = useState<ShelfDraft | null>(null)
  const dirty = rows !== null && server !== null && !sameOrder(idsOf(rows), idsOf(server))
  const guard = useLeaveGuard(dirty, COUNT_UI.leaveOrder(area.name))
  const f = useFormat()
  const [picked, setPicked] = useState<PickedItem | null>(null)
  const [dragging, setDragging] = useState<number | null>(null)
  const [announce, setAnnounce] = useState('')
  const { busy, failure, setFailure, run } = useSubmit()
  const rowRefs = useRef<Record<number, HTMLLIElement | null>>({})
  const focusAfter = useRef<number | null>(null)
  useEffect(() => {
    if (!loaded.data) return
    const stored = loadKept(key, isShelfDraft)
    const restore = stored && !sameOrder(idsOf(stored.rows), idsOf(loaded.data)) ? stored : null
    setServer(loaded.data)
    setKept(restore)
    setRows(restore ? restore.rows : loaded.data)
  }, [loaded.data, key])
  const base = kept?.base
  useEffect(() => {
    if (!rows || !server) return
    if (dirty) keep(key, { rows, base: base ?? idsOf(server), at: kept && rows === kept.rows ? kept.at : new Date().toISOString() } satisfies ShelfDraft)
    else forget(key)
  }, [rows, server, dirty, key, base, kept])
  const discard = () => {
    forget(key)
    setKept(null)
    setRows(server)
    toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.orderDiscarded })
  }
  useEffect(() => {
    if (focusAfter.current !== null) rowRefs.current[focusAfter.current]?.focus()
    focusAfter.current = null
  })

  const move = (from: number, to: number) => {
    if (!rows || to < 0 || to >= rows.length || from === to) return
    const next = [...rows]
    const [row] = next.splice(from, 1)
    next.splice(to, 0, row)
    setRows(next)
    setAnnounce(`${row.item_name}: position ${to + 1} of ${next.length}`)
    focusAfter.current = row.item_id
  }
  const onKey = (i: number) => (e: KeyboardEvent<HTMLLIElement>) => {
    if (e.target !== e.currentTarget) return
    if (e.altKey && e.key === 'ArrowUp') (e.preventDefault(), move(i, i - 1))
    else if (e.altKey && e.key === 'ArrowDown') (e.preventDefault(), move(i, i + 1))
    else if (e.key === 'ArrowUp') (e.preventDefault(), rows && rowRefs.current[rows[Math.max(0, i - 1)].item_id]?.focus())
    else if (e.key === 'ArrowDown') (e.preventDefault(), rows && rowRefs.current[rows[Math.min(rows.length - 1, i + 1)].item_id]?.focus())
  }
  const onDrop = (i: number) => (e: DragEvent) => {
    e.preventDefault()
    if (dragging !== null) move(dragging, i)
    setDragging(null)
  }
  useEffect(() => {
    if (!picked || !rows) return
    if (!rows.some((r) => r.item_id === picked.id)) setRows([...rows, { item_id: picked.id, item_name: picked.name, unit: picked.unit, position: rows.length }])
    setPicked(null)
  }, [picked, rows])

  const save = async () => {
    if (!rows) return
    setFailure(null)
    const checked = check(AreaItemsBody, { item_ids: rows.map((r) => r.item_id) })
    if (!checked.ok) return setFailure(checked.errors.item_ids ?? COUNT_UI.orderFailed)
    await run(async () => {
      const res = await setAreaItems(area.id, checked.value.item_ids)
      forget(key)
      guard.release()
      setKept(null)
      setServer(res.data)
      setRows(res.data)
      toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.orderSaved })
      onSaved()
    }, COUNT_UI.orderFailed)
  }

  return (
    <section aria-labelledby="shelf-title" className="rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <h2 id="shelf-title" className="mb-1 text-lg font-semibold">
        {COUNT_UI.shelfOrder(area.name)}
      </h2>
      <p id="shelf-hint" className="mb-3 text-sm text-slate-600 dark:text-slate-300">
        {COUNT_UI.dragHint}
      </p>
      {loaded.error && <LoadError error={loaded.error} retry={loaded.reload} inline />}
      {kept && (
        <div role="status" className="mb-3 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <div>
            <p className="font-semibold">{COUNT_UI.orderDraftRestored}</p>
            <p>{COUNT_UI.orderDraftDetail(f.dateTime(kept.at))}</p>
            {server && !sameOrder(kept.base, idsOf(server)) && <p className="mt-1 font-semibold">{COUNT_UI.orderDraftBehind}</p>}
          </div>
          <Button variant="secondary" onClick={discard}>
            {COUNT_UI.discardOrder}
          </Button>
        </div>
      )}
      <ErrorLine message={failure} />
      <p className="sr-only" aria-live="polite">
        {announce}
      </p>
      {rows && (
        <ol className="mb-4 space-y-2" aria-describedby="shelf-hint">
          {rows.map((r, i) => (
            <li
              key={r.item_id}
              ref={(el) => {
                rowRefs.current[r.item_id] = el
              }}
              tabIndex={0}
              draggable
              onDragStart={() => setDragging(i)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={onDrop(i)}
              onKeyDown={onKey(i)}
              aria-label={`${i + 1}. ${r.item_name}`}
              data-testid={`shelf-row-${r.item_id}`}
              className={`flex items-center gap-2 rounded-lg border bg-white p-2 focus:outline-2 focus:outline-brand-500 dark:bg-slate-900 ${dragging === i ? 'opacity-50' : ''} border-slate-200 dark:border-slate-700`}
            >
              <span aria-hidden="true" className="cursor-grab px-1 text-slate-500">
                ⠿
              </span>
              <span className="flex-1">
                {i + 1}. {r.item_name}
              </span>
              <Button variant="ghost" className="px-3" aria-label={COUNT_UI.moveUp(r.item_name)} disabled={i === 0} onClick={() => move(i, i - 1)}>
                ↑
              </Button>
              <Button variant="ghost" className="px-3" aria-label={COUNT_UI.moveDown(r.item_name)} disabled={i === rows.length - 1} onClick={() => move(i, i + 1)}>
                ↓
              </Button>
              <Button variant="ghost" className="px-3" aria-label={COUNT_UI.remove(r.item_name)} onClick={() => setRows(rows.filter((x) => x.item_id !== r.item_id))}>
                ✕
              </Button>
            </li>
          ))}
        </ol>
      )}
      <div className="mb-4">
        <ItemPicker label={COUNT_UI.addItem} source="store" value={picked} onChange={setPicked} />
      </div>
      <Button onClick={save} disabled={busy || !rows}>
        {busy ? 'Saving...' : COUNT_UI.saveOrder}
      </Button>
      {guard.dialog}
    </section>
  )
}

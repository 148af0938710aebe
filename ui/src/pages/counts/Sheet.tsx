import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { displayCode } from '../../../../src/contract/barcodes'
import type { StockCountDetail } from '../../../../src/contract/counts'
import { toCents } from '../../../../src/contract/fixed'
import { implausibleFigure } from '../../../../src/contract/plausible'
import { MANAGER } from '../../../../src/contract/roles'
import { messageOr } from '../../api/client'
import { postCountScan, resolveBarcode } from '../../api/barcodes'
import { putLine } from '../../api/counts'
import { Badge } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { failureMessage } from '../../components/failureMessage'
import { PageHeader } from '../../components/PageHeader'
import { scanFeedback } from '../../components/scan/feedback'
import { useKeyboardScans } from '../../components/scan/ScanButton'
import { toast } from '../../components/toast'
import { useFigureCheck } from '../../components/useFigureCheck'
import { newKey } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { COUNT_UI } from '../../messages/counts'
import { bodyFrom, draftFrom, initialDraft, lineKey, loadLocal, saveLocal, type Draft, type LineView } from './lineState'
import { SheetLine } from './SheetLine'
import { SubmitDialog } from './SubmitDialog'

/** How long typing may pause before the line is saved anyway (leaving the field saves at once). */
const IDLE_SAVE_MS = 600

/** The sheet of one count: area tabs with progress, the area's lines (each saves itself), scanning and Submit. */
export function Sheet({ count, reload }: { count: StockCountDetail; reload: () => void }) {
  const fmt = useFormat()
  const session = useSession()
  const [, navigate] = useLocation()
  const isManager = session?.user.role_name === MANAGER
  const open = count.status === 'OPEN'
  const [areaId, setAreaId] = useState(() => {
    const fromHash = Number(new URLSearchParams(window.location.search).get('area'))
    return count.areas.some((a) => a.id === fromHash) ? fromHash : (count.areas[0]?.id ?? 0)
  })
  const unsentOnLoad = useRef<string[]>([])
  const [lines, setLines] = useState<Record<string, LineView>>(() => {
    const local = loadLocal(count.id)
    const out: Record<string, LineView> = {}
    for (const l of count.lines) {
      const k = lineKey(l)
      const first = initialDraft(l, local[k])
      if (first.unsent && open) unsentOnLoad.current.push(k)
      out[k] = { draft: first.draft, state: l.counted === null ? 'idle' : 'saved', error: null, saved: l.counted === null ? null : Math.round(l.counted * 100) }
    }
    return out
  })
  const [submitting, setSubmitting] = useState(false)
  const figures = useFigureCheck()

  // One save in flight per line; a newer draft waits and goes next (last write wins, in order). `held`: a draft
  // far above its expected figure, kept back until the line is left and the counter answered the question.
  const queue = useRef<Record<string, { busy: boolean; next: Draft | null; timer?: ReturnType<typeof setTimeout>; held?: Draft | null; asking?: boolean }>>({})
  const byKey = useMemo(() => new Map(count.lines.map((l) => [lineKey(l), l])), [count.lines])

  const save = useCallback(
    async (key: string, draft: Draft) => {
      const line = byKey.get(key)!
      const q = (queue.current[key] ??= { busy: false, next: null })
      clearTimeout(q.timer)
      q.timer = undefined
      const parsed = bodyFrom(draft, line)
      if (!parsed.ok) {
        setLines((s) => ({ ...s, [key]: { ...s[key], state: 'failed', error: parsed.message } }))
        return
      }
      if (q.busy) {
        q.next = draft
        return
      }
      q.busy = true
      setLines((s) => ({ ...s, [key]: { ...s[key], state: 'saving', error: null } }))
      try {
        const res = await putLine(count.id, { area_id: line.area_id, item_id: line.item_id, ...parsed.body })
        if (!q.next) saveLocal(count.id, key, { draft, hundredths: parsed.hundredths, sent: true, at: new Date().toISOString() })
        const saved = res.data.counted === null ? null : Math.round(res.data.counted * 100)
        setLines((s) => ({ ...s, [key]: { ...s[key], state: q.next ? 'saving' : saved === null ? 'idle' : 'saved', error: null, saved } }))
      } catch (err) {
        setLines((s) => ({ ...s, [key]: { ...s[key], state: 'failed', error: messageOr(err, COUNT_UI.saveFailed) } }))
      } finally {
        q.busy = false
        const next = q.next
        q.next = null
        if (next) void save(key, next)
      }
    },
    [byKey, count.id],
  )

  const focusLine = (key: string) => requestAnimationFrame(() => document.querySelector<HTMLInputElement>(`[data-line-key="${key}"] input`)?.focus())

  /**
   * Issue 29.3: a figure more than 10 times the line's expected one (the contract's rule) is not saved while the
   * counter may still be typing (`ask` false: the idle save); leaving the line asks "Did you mean 246?" first.
   * A blind count's lines carry no expected figure while open, so they never ask (nothing is given away).
   */
  const settle = async (key: string, draft: Draft, ask: boolean) => {
    const line = byKey.get(key)!
    const q = (queue.current[key] ??= { busy: false, next: null })
    const parsed = bodyFrom(draft, line)
    if (!parsed.ok || parsed.hundredths === null || line.expected === undefined) return save(key, draft)
    const expected = [{ kind: 'balance' as const, value: toCents(line.expected) }]
    const typed = parsed.hundredths
    if (!ask) {
      if (implausibleFigure(typed, expected)) return void (q.held = draft)
      return save(key, draft)
    }
    if (q.asking) return
    q.asking = true
    q.held = null
    const answer = await figures.confirm(typed, expected, line.unit, { suggest: line.packs.length === 0 })
    q.asking = false
    if (answer === null) {
      q.held = draft
      return void focusLine(key)
    }
    if (answer === typed) return save(key, draft)
    const fixed: Draft = { counted: String(answer / 100), packs: {}, loose: '' }
    setLines((s) => ({ ...s, [key]: { ...s[key], draft: fixed } }))
    saveLocal(count.id, key, { draft: fixed, hundredths: answer, sent: false, at: new Date().toISOString() })
    return save(key, fixed)
  }

  const change = (key: string, draft: Draft) => {
    setLines((s) => ({ ...s, [key]: { ...s[key], draft, state: s[key].state === 'failed' ? 'failed' : s[key].state } }))
    // Kept on the device at once: a reload before the save sends it again.
    const parsed = bodyFrom(draft, byKey.get(key)!)
    if (parsed.ok) saveLocal(count.id, key, { draft, hundredths: parsed.hundredths, sent: false, at: new Date().toISOString() })
    const q = (queue.current[key] ??= { busy: false, next: null })
    clearTimeout(q.timer)
    q.held = null
    q.timer = setTimeout(() => {
      q.timer = undefined
      void settle(key, draft, false)
    }, IDLE_SAVE_MS)
  }
  const leave = (key: string) => {
    const q = queue.current[key]
    if (!q || q.asking) return
    if (q.timer) {
      clearTimeout(q.timer)
      q.timer = undefined
      void settle(key, lines[key].draft, true)
    } else if (q.held) void settle(key, q.held, true)
  }
  useEffect(() => () => Object.values(queue.current).forEach((q) => clearTimeout(q.timer)), [])
  // Entries typed before a reload that never reached the server go now.
  useEffect(() => {
    for (const k of unsentOnLoad.current) void settle(k, lines[k].draft, true)
    unsentOnLoad.current = []
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Issue 29.2: a keyboard scanner's code goes to the scanned item's line (one pack or unit more, as /scan
  // counts it) and that line gets the focus; the quantity field it was typed into refuses it (QuantityField).
  const [scanNote, setScanNote] = useState<string | null>(null)
  const scanned = async (raw: string) => {
    try {
      const r = (await resolveBarcode(raw)).data
      const item = r.item
      const ofItem = item ? count.lines.filter((l) => l.item_id === item.id) : []
      const line = ofItem.find((l) => l.area_id === areaId) ?? ofItem[0]
      if (!item || !line) {
        setScanNote(item ? COUNT_UI.scanNotOnSheet(item.name) : COUNT_UI.scanUnknown(r.code ? displayCode(r.code) : raw))
        return scanFeedback(false)
      }
      const key = lineKey(line)
      const res = await postCountScan(count.id, { area_id: line.area_id, raw, scan_id: newKey() })
      const a = res.data
      const q = (queue.current[key] ??= { busy: false, next: null })
      clearTimeout(q.timer)
      q.timer = undefined
      q.held = null
      const saved = a.line.counted === null ? null : toCents(a.line.counted)
      const draft = draftFrom(a.line)
      saveLocal(count.id, key, { draft, hundredths: saved, sent: true, at: new Date().toISOString() })
      setLines((s) => ({ ...s, [key]: { draft, state: saved === null ? 'idle' : 'saved', error: null, saved } }))
      setScanNote(COUNT_UI.scanAdded(fmt.quantity(a.added, a.item.unit), a.item.name, fmt.quantity(a.line.counted ?? 0, a.item.unit)))
      scanFeedback(true)
      if (line.area_id !== areaId) {
        setAreaId(line.area_id)
        navigate(`/counts/${count.id}?area=${line.area_id}`, { replace: true })
      }
      focusLine(key)
    } catch (err) {
      setScanNote(failureMessage(err, COUNT_UI.scanFailed))
      scanFeedback(false)
    }
  }
  useKeyboardScans((code) => void scanned(code), open && !submitting)

  const areaLines = count.lines.filter((l) => l.area_id === areaId)
  const progress = (aid: number) => {
    const ls = count.lines.filter((l) => l.area_id === aid)
    const done = ls.filter((l) => lines[lineKey(l)].saved !== null).length
    return { done, total: ls.length, percent: ls.length ? Math.floor((done * 100) / ls.length) : 100 }
  }
  const uncounted = count.lines.filter((l) => lines[lineKey(l)].saved === null)
  const pending = Object.values(lines).some((l) => l.state === 'saving')

  // Enter moves to the next line's first field (the last line's Enter leaves the focus where it is).
  const onEnter = (index: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    const key = lineKey(areaLines[index])
    leave(key)
    const next = document.querySelector<HTMLInputElement>(`[data-line-first="${index + 1}"]`)
    next?.focus()
    next?.select()
  }

  return (
    <div>
      <PageHeader
        title={`Count #${count.id}`}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone={open ? 'info' : 'neutral'}>{count.status}</Badge>
            {count.blind && <Badge tone="violet">{COUNT_UI.blind}</Badge>}
            {count.note && <span>{count.note}</span>}
          </span>
        }
        actions={
          <>
            <Link href="/counts" className={buttonClass('secondary')}>
              {COUNT_UI.allCounts}
            </Link>
            <Link href={`/counts/${count.id}/print`} className={buttonClass('secondary')}>
              {COUNT_UI.print}
            </Link>
            {open && (
              // Barcodes: continuous scanning of this area (each scan adds one pack to its line).
              <Link href={`/scan?count=${count.id}&area=${areaId}`} className={buttonClass('primary')}>
                Scan to count
              </Link>
            )}
            {isManager && (count.status === 'SUBMITTED' || (!count.blind && open)) && (
              <Link href={`/counts/${count.id}/review`} className={buttonClass('secondary')}>
                {COUNT_UI.review}
              </Link>
            )}
          </>
        }
      />

      <nav aria-label={COUNT_UI.areasNav} className="mb-4 flex gap-2 overflow-x-auto pb-1">
        {count.areas.map((a) => {
          const p = progress(a.id)
          const current = a.id === areaId
          return (
            <button
              key={a.id}
              type="button"
              aria-current={current ? 'true' : undefined}
              onClick={() => {
                setAreaId(a.id)
                navigate(`/counts/${count.id}?area=${a.id}`, { replace: true })
              }}
              className={`min-h-11 shrink-0 rounded-lg border px-3 text-left text-sm ${current ? 'border-brand-700 bg-brand-50 font-semibold dark:bg-slate-800' : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900'}`}
            >
              <span className="block">{a.name}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-300" data-testid={`area-progress-${a.id}`}>
                {COUNT_UI.counted(p.done, p.total, p.percent)}
              </span>
            </button>
          )
        })}
      </nav>

      {scanNote && (
        <p role="status" className="mb-3 text-sm font-semibold" data-testid="sheet-scan">
          {scanNote}
        </p>
      )}
      <ol className="space-y-3" aria-label={COUNT_UI.sheetOf(count.areas.find((a) => a.id === areaId)?.name ?? '')}>
        {areaLines.map((l, index) => (
          <SheetLine
            key={lineKey(l)}
            line={l}
            index={index}
            view={lines[lineKey(l)]}
            disabled={!open}
            expected={l.expected !== undefined ? fmt.quantity(l.expected, l.unit) : null}
            onChange={(d) => change(lineKey(l), d)}
            onLeave={() => leave(lineKey(l))}
            onKeyDown={onEnter(index)}
            onRetry={() => void save(lineKey(l), lines[lineKey(l)].draft)}
          />
        ))}
        {areaLines.length === 0 && <li className="text-sm text-slate-600">{COUNT_UI.emptyArea}</li>}
      </ol>

      {open && (
        <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <span className="text-sm" aria-live="polite">
            {pending ? COUNT_UI.saving : COUNT_UI.uncountedLeft(uncounted.length)}
          </span>
          <Button className="ml-auto" onClick={() => setSubmitting(true)} disabled={pending}>
            {COUNT_UI.submit}
          </Button>
        </div>
      )}
      {figures.dialog}
      {submitting && (
        <SubmitDialog
          countId={count.id}
          uncounted={uncounted}
          areaName={(aid) => count.areas.find((a) => a.id === aid)?.name ?? ''}
          onClose={() => setSubmitting(false)}
          onDone={(answer) => {
            toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.submittedToast(answer.uncounted_lines.length, answer.count.uncounted) })
            setSubmitting(false)
            if (isManager) navigate(`/counts/${count.id}/review`)
            else reload()
          }}
        />
      )}
    </div>
  )
}

import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { displayCode, type SheetCode } from '../../../../src/contract/barcodes'
import type { CountLine, FoundLine } from '../../../../src/contract/counts'
import { toCents } from '../../../../src/contract/fixed'
import { implausibleFigure } from '../../../../src/contract/plausible'
import { MANAGER } from '../../../../src/contract/roles'
import { ApiError } from '../../api/client'
import { getCountCodes, resolveBarcode } from '../../api/barcodes'
import { Badge } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { failureMessage } from '../../components/failureMessage'
import { OfflineMode } from '../../components/OfflineMode'
import { PageHeader } from '../../components/PageHeader'
import { scanFeedback } from '../../components/scan/feedback'
import { useKeyboardScans } from '../../components/scan/ScanButton'
import { toast } from '../../components/toast'
import { useFigureCheck } from '../../components/useFigureCheck'
import { sendNow } from '../../lib/offline/app'
import { journalDraft, keepLine } from '../../lib/offline/journal'
import { dropItem, getItem, onOutbox } from '../../lib/offline/outbox'
import { refreshSheet, resolveStored, saveSheet } from '../../lib/offline/sheets'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { COUNT_UI } from '../../messages/counts'
import { refuseScansIn } from '../../lib/scanner/hid'
import { bodyFrom, draftFrom, entryFrom, initialView, lineKey, oneMore, type Draft, type LineView } from '../../lib/counting/lineState'
import type { SheetSource } from './CountSheetPage'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { LineStore, useSummary } from './lineStore'
import type { LineActions } from './SheetLine'
import { SheetList, type Target } from './SheetList'
import { SubmitDialog } from './SubmitDialog'
import { AddFoundDialog } from './AddFoundDialog'
import { FoundLines } from './FoundLines'

/** How long typing may pause before the line is saved anyway (leaving the field saves at once). */
const IDLE_SAVE_MS = 600

/**
 * The sheet of one count: area tabs with progress (sticky), a search, the area's lines (a virtual list: see
 * SheetList; each line saves itself), scanning and Submit. The lines live in a LineStore, not in this component's
 * state: a key typed re-renders its line only, a save re-renders this (progress, Saving…) but no line but its own.
 */
export function Sheet({ source, reload }: { source: SheetSource; reload: () => void }) {
  const { count, fromPhone } = source
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
  // Issue 33: each save is an entry (lib/offline/outbox); which line an entry is of, and each line's latest entry.
  const entryLine = useRef(new Map<string, string>())
  const latest = useRef(new Map<string, string>())
  // The codes of the sheet's items: the stored ones, then the box's (kept on the phone with the sheet).
  const codes = useRef<SheetCode[]>(source.codes)
  const [kept, setKept] = useState(fromPhone)
  const [store] = useState(() => {
    // Where the sheet's own work starts (scripts/bench/counts.ts: first render → usable).
    performance.mark('rims:sheet')
    const out = new Map<string, LineView>()
    for (const l of count.lines) {
      const k = lineKey(l)
      const first = initialView(l, source.local[k], source.waiting, source.refused)
      if (first.unsent && open) unsentOnLoad.current.push(k)
      const entry = source.local[k]?.entry
      if (entry) entryLine.current.set(entry, k)
      out.set(k, first.view)
    }
    return new LineStore(out)
  })
  useSummary(store)
  // Lines added while the sheet is open (items found on the shelf) join these; unknown products are found lines.
  const [lines, setLines] = useState<CountLine[]>(count.lines)
  const [foundLines, setFoundLines] = useState<FoundLine[]>(count.found_lines)
  const [adding, setAdding] = useState<string | null>(null)
  const setLine = (key: string, patch: Partial<LineView>) => store.update(key, (v) => ({ ...v, ...patch }))
  // A line to scroll to (and focus): scans, the search, Enter onto a line not yet rendered, "Go back".
  const [target, setTarget] = useState<Target | null>(null)
  const seq = useRef(0)
  const reveal = (key: string, focus: boolean) => setTarget({ key, focus, seq: ++seq.current })
  const [submitting, setSubmitting] = useState(false)
  const figures = useFigureCheck()

  // Per line: the idle-save timer, and `held`: a draft far above its expected figure, kept back until the line is
  // left and the counter answered the question.
  const queue = useRef<Record<string, { timer?: ReturnType<typeof setTimeout>; held?: Draft | null; asking?: boolean }>>({})
  const byKey = useMemo(() => new Map(lines.map((l) => [lineKey(l), l])), [lines])

  /**
   * Issue 33.3: a save is an entry with its own UUID, kept in the outbox (IndexedDB) first, then sent; a correction
   * is a later entry of the same counter, which supersedes the earlier one on the box; a cleared line is an entry
   * too (`cleared`: this counter has no figure for it now), so it needs no box either.
   */
  const save = useCallback(
    async (key: string, draft: Draft) => {
      const line = byKey.get(key)!
      const q = (queue.current[key] ??= {})
      clearTimeout(q.timer)
      q.timer = undefined
      const parsed = bodyFrom(draft, line)
      if (!parsed.ok) {
        setLine(key, { state: 'failed', error: parsed.message })
        return
      }
      const at = new Date().toISOString()
      const entry = entryFrom(parsed.body, line, at)
      setLine(key, { state: 'saving', error: null })
      const before = latest.current.get(key)
      latest.current.set(key, entry.id)
      entryLine.current.set(entry.id, key)
      try {
        // Journaled before the first await: a reload in the next instant keeps it (lib/offline/journal).
        await keepLine(count.id, session!.user.id, key, { draft: { draft, hundredths: parsed.hundredths, at, entry: entry.id }, entry })
      } catch {
        // A browser that refuses IndexedDB (storage full or blocked): nothing is kept, so nothing is claimed.
        setLine(key, { state: 'failed', error: COUNT_UI.saveFailed })
        return
      }
      // A refused earlier entry this one replaces leaves the outbox.
      if (before && (await getItem(before))?.refused) void dropItem(before)
      setLine(key, { saved: parsed.hundredths })
      await sendNow()
      if (latest.current.get(key) === entry.id && (await getItem(entry.id)) && !(await getItem(entry.id))?.refused) setLine(key, { state: 'queued', error: null })
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [byKey, count.id, store],
  )

  // What the outbox says: an entry the box holds marks its line saved (when it is the line's latest), a refused one
  // shows the box's reason.
  useEffect(
    () =>
      onOutbox((e) => {
        for (const id of e.stored) {
          const key = entryLine.current.get(id)
          if (key && (latest.current.get(key) ?? id) === id) setLine(key, { state: store.get(key).saved === null ? 'idle' : 'saved', error: null })
        }
        for (const r of e.refused) {
          const key = entryLine.current.get(r.id)
          if (key && (latest.current.get(key) ?? r.id) === r.id) setLine(key, { state: 'failed', error: r.message })
        }
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  )

  // The sheet is kept on this phone (issue 33.2) with its items' codes, each time the box gives it.
  useEffect(() => {
    if (fromPhone) return
    const ctrl = new AbortController()
    getCountCodes(count.id, ctrl.signal).then(
      (r) => {
        codes.current = r.data
        return saveSheet(count, r.data)
      },
      () => refreshSheet(count),
    ).then(() => !ctrl.signal.aborted && setKept(true), () => {})
    return () => ctrl.abort()
  }, [count, fromPhone])

  /**
   * Issue 29.3: a figure more than 10 times the line's expected one (the contract's rule) is not saved while the
   * counter may still be typing (`ask` false: the idle save); leaving the line asks "Did you mean 246?" first.
   * A blind count's lines carry no expected figure while open, so they never ask (nothing is given away).
   */
  const settle = async (key: string, draft: Draft, ask: boolean) => {
    const line = byKey.get(key)!
    const q = (queue.current[key] ??= {})
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
      return void reveal(key, true)
    }
    if (answer === typed) return save(key, draft)
    const fixed: Draft = { counted: String(answer / 100), packs: {}, loose: '' }
    setLine(key, { draft: fixed })
    return save(key, fixed)
  }

  const change = (key: string, draft: Draft) => {
    setLine(key, { draft })
    // Kept on the device in this tick (the journal): a reload before the save saves it on the next load.
    const parsed = bodyFrom(draft, byKey.get(key)!)
    if (parsed.ok) journalDraft(count.id, session!.user.id, key, { draft, hundredths: parsed.hundredths, at: new Date().toISOString(), entry: null })
    const q = (queue.current[key] ??= {})
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
      void settle(key, store.get(key).draft, true)
    } else if (q.held) void settle(key, q.held, true)
  }
  useEffect(() => () => Object.values(queue.current).forEach((q) => clearTimeout(q.timer)), [])
  // The page going away or out of sight (a reload, the tab closed, the phone pocketed): a line still being typed
  // becomes its entry now, journaled in this tick, rather than a draft saved only when this sheet opens again.
  const saveTyping = useRef(() => {})
  saveTyping.current = () => {
    for (const [key, q] of Object.entries(queue.current)) {
      if (!q.timer) continue
      clearTimeout(q.timer)
      q.timer = undefined
      void settle(key, store.get(key).draft, false)
    }
  }
  useEffect(() => {
    const gone = () => saveTyping.current()
    const hidden = () => document.visibilityState === 'hidden' && gone()
    addEventListener('pagehide', gone)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      removeEventListener('pagehide', gone)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [])
  // Entries typed before a reload that never reached the server go now.
  useEffect(() => {
    for (const k of unsentOnLoad.current) void settle(k, store.get(k).draft, true)
    unsentOnLoad.current = []
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Issue 29.2: a keyboard scanner's code goes to the scanned item's line (one pack or unit more, as /scan
  // counts it) and that line gets the focus; the quantity field it was typed into refuses it (QuantityField).
  // Issue 33.2: the code is resolved from the codes stored with the sheet (a case code counts a case), so a scan
  // counts without the box; the box is asked only for a code the sheet does not hold (to say whose it is).
  const [scanNote, setScanNote] = useState<string | null>(null)
  const scanned = async (raw: string) => {
    let hit = resolveStored(raw, codes.current)
    let name: string | null = null
    if (!hit || !lines.some((l) => l.item_id === hit!.item_id)) {
      try {
        const r = (await resolveBarcode(raw)).data
        hit = r.item ? { code: r.code ?? raw, item_id: r.item.id, pack_id: r.pack?.id ?? null } : null
        name = r.item?.name ?? null
        if (!hit) {
          setScanNote(COUNT_UI.scanUnknown(r.code ? displayCode(r.code) : raw))
          return scanFeedback(false)
        }
      } catch (err) {
        setScanNote(err instanceof ApiError && err.status === 0 ? COUNT_UI.scanUnknown(raw.trim()) : failureMessage(err, COUNT_UI.scanFailed))
        return scanFeedback(false)
      }
    }
    const ofItem = lines.filter((l) => l.item_id === hit!.item_id)
    const line = ofItem.find((l) => l.area_id === areaId) ?? ofItem[0]
    if (!line) {
      setScanNote(name ? COUNT_UI.scanNotOnSheet(name) : COUNT_UI.scanUnknown(raw.trim()))
      return scanFeedback(false)
    }
    const key = lineKey(line)
    const q = (queue.current[key] ??= {})
    clearTimeout(q.timer)
    q.timer = undefined
    q.held = null
    const pack = line.packs.find((p) => p.id === hit.pack_id) ?? null
    const draft = oneMore(store.get(key).draft, line, pack)
    const added = pack ? pack.size : 1
    setLine(key, { draft })
    const parsed = bodyFrom(draft, line)
    const total = parsed.ok && parsed.hundredths !== null ? parsed.hundredths / 100 : added
    setScanNote(COUNT_UI.scanAdded(fmt.quantity(added, line.unit), line.item_name, fmt.quantity(total, line.unit)))
    scanFeedback(true)
    if (line.area_id !== areaId) showArea(line.area_id)
    reveal(key, true)
    await save(key, draft)
  }
  // Not while Add item found here is open: a code scanned there picks the item in its picker.
  useKeyboardScans((code) => void scanned(code), open && !submitting && adding === null)

  const showArea = (aid: number) => {
    setAreaId(aid)
    navigate(`/counts/${count.id}?area=${aid}`, { replace: true })
  }
  const areaLines = useMemo(() => lines.filter((l) => l.area_id === areaId), [lines, areaId])
  const progress = (aid: number) => {
    const ls = lines.filter((l) => l.area_id === aid)
    const done = ls.filter((l) => store.get(lineKey(l)).saved !== null).length
    return { done, total: ls.length, percent: ls.length ? Math.floor((done * 100) / ls.length) : 100 }
  }
  const uncounted = lines.filter((l) => store.get(lineKey(l)).saved === null)
  const pending = [...store.all()].some((l) => l.state === 'saving')
  // Issue 33.4: this count's entries still on the phone; submitting with any asks first (the box takes no entry
  // once the count is submitted).
  const onPhone = [...store.all()].filter((l) => l.state === 'queued').length
  const [askSubmit, setAskSubmit] = useState(false)
  const startSubmit = async () => {
    if (onPhone > 0) await sendNow()
    if ([...store.all()].some((l) => l.state === 'queued')) setAskSubmit(true)
    else setSubmitting(true)
  }

  // Enter moves to the next line's first field (the last line's Enter leaves the focus where it is); a next line
  // not rendered yet (beyond the virtual list's overscan) is scrolled to first.
  const enter = (index: number, key: string, e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    leave(key)
    const next = document.querySelector<HTMLInputElement>(`[data-line-first="${index + 1}"]`)
    if (next) {
      next.focus()
      next.select()
    } else if (index + 1 < areaLines.length) reveal(lineKey(areaLines[index + 1]), true)
  }
  // The lines call these through one object that never changes, so a memoised line never re-renders for them.
  const impl = useRef<LineActions>(null!)
  impl.current = { change, leave, enter, retry: (key) => void save(key, store.get(key).draft) }
  const [actions] = useState<LineActions>(() => ({
    change: (k, d) => impl.current.change(k, d),
    leave: (k) => impl.current.leave(k),
    enter: (i, k, e) => impl.current.enter(i, k, e),
    retry: (k) => impl.current.retry(k),
  }))

  // Find a line by the item's name: the first match in this area is scrolled to as it is typed; Enter goes to it
  // (in another area when only there) and focuses its field.
  // /scan's name search opens the sheet with ?find=: the box starts with it and the line is scrolled to.
  const [find, setFind] = useState(() => new URLSearchParams(window.location.search).get('find') ?? '')
  const found = useMemo(() => {
    const q = find.trim().toLocaleLowerCase()
    if (!q) return null
    const all = lines.filter((l) => l.item_name.toLocaleLowerCase().includes(q))
    return { all, first: all.find((l) => l.area_id === areaId) ?? all[0] ?? null }
  }, [find, lines, areaId])
  useEffect(() => {
    if (found?.first && found.first.area_id === areaId) reveal(lineKey(found.first), false)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [found])
  const findRef = useRef<HTMLInputElement>(null)
  // A scanner's burst in the search box counts the scan (the page's listener) and leaves the box as it was.
  useEffect(() => (findRef.current ? refuseScansIn(findRef.current, () => {}) : undefined), [])
  const goToFound = () => {
    const l = found?.first
    if (!l) return
    if (l.area_id !== areaId) showArea(l.area_id)
    reveal(lineKey(l), true)
  }
  const areaName = count.areas.find((a) => a.id === areaId)?.name ?? ''
  // Issue 32.3: an item found on the shelf joins this area's sheet (and the store) at the end, and gets the focus.
  const lineAdded = (line: CountLine) => {
    const key = lineKey(line)
    store.add(key, { draft: draftFrom(line), state: line.counted === null ? 'idle' : 'saved', error: null, saved: line.counted === null ? null : toCents(line.counted) })
    setLines((ls) => (ls.some((l) => lineKey(l) === key) ? ls : [...ls, line]))
    setAdding(null)
    setFind('')
    toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.lineAddedToast(line.item_name, areaName) })
    reveal(key, true)
  }
  const foundAdded = (f: FoundLine) => {
    setFoundLines((all) => (all.some((x) => x.id === f.id) ? all : [...all, f]))
    setAdding(null)
    setFind('')
    toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.foundAddedToast(f.name) })
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
            {/* Issue 33.2: where this sheet came from, and whether it will open without the box. */}
            {fromPhone ? (
              <span role="status" className="font-medium text-amber-900 dark:text-amber-200" data-testid="sheet-source">
                {COUNT_UI.openedFromPhone}
              </span>
            ) : (
              kept && (
                <span className="text-xs" data-testid="sheet-source">
                  {COUNT_UI.keptOnPhone}
                </span>
              )
            )}
            <OfflineMode />
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
                {COUNT_UI.scan}
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

      {/* The areas (and a scan's note) stay on screen over a long area: where one is and how far the count is. */}
      <div className="sticky top-16 z-20 mb-3 bg-white/95 pt-1 dark:bg-slate-950/95">
        <nav aria-label={COUNT_UI.areasNav} className="flex gap-2 overflow-x-auto pb-2">
          {count.areas.map((a) => {
            const p = progress(a.id)
            const current = a.id === areaId
            return (
              <button
                key={a.id}
                type="button"
                aria-current={current ? 'true' : undefined}
                onClick={() => showArea(a.id)}
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
          <p role="status" className="pb-2 text-sm font-semibold" data-testid="sheet-scan">
            {scanNote}
          </p>
        )}
      </div>
      <div className="mb-3">
        <label htmlFor="sheet-find" className="sr-only">
          {COUNT_UI.findLabel}
        </label>
        <input
          ref={findRef}
          id="sheet-find"
          type="search"
          value={find}
          placeholder={COUNT_UI.findPlaceholder}
          autoComplete="off"
          enterKeyHint="go"
          onChange={(e) => setFind(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return
            e.preventDefault()
            goToFound()
          }}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
        />
        {found && (
          <p role="status" className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {found.first ? COUNT_UI.findHit(found.all.length, found.first.item_name, found.first.area_id === areaId ? null : (count.areas.find((a) => a.id === found.first!.area_id)?.name ?? '')) : COUNT_UI.findNone(find.trim())}
          </p>
        )}
        {found && !found.first && open && (
          <Button variant="secondary" className="mt-2" onClick={() => setAdding(find.trim())}>
            {COUNT_UI.addNotFound(find.trim())}
          </Button>
        )}
      </div>
      <SheetList lines={areaLines} areaName={areaName} store={store} actions={actions} disabled={!open} target={target} />
      <FoundLines areaName={areaName} lines={foundLines.filter((f) => f.area_id === areaId)} />
      {open && (
        <Button variant="secondary" className="mt-4 w-full sm:w-auto" onClick={() => setAdding('')}>
          {COUNT_UI.addFound}
        </Button>
      )}

      {open && (
        <div data-sticky-bar className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <span className="text-sm" aria-live="polite">
            {pending ? COUNT_UI.saving : COUNT_UI.uncountedLeft(uncounted.length)}
          </span>
          <Button className="ml-auto" onClick={() => void startSubmit()} disabled={pending}>
            {COUNT_UI.submit}
          </Button>
        </div>
      )}
      {figures.dialog}
      <ConfirmDialog
        open={askSubmit}
        title={COUNT_UI.submitWaitingTitle}
        message={COUNT_UI.submitWaiting(onPhone)}
        confirmLabel={COUNT_UI.submitAnyway}
        cancelLabel={COUNT_UI.keepCounting}
        danger
        onConfirm={() => setSubmitting(true)}
        onClose={() => setAskSubmit(false)}
      />
      {adding !== null && (
        <AddFoundDialog countId={count.id} areaId={areaId} areaName={areaName} initial={adding} onClose={() => setAdding(null)} onLine={lineAdded} onFound={foundAdded} />
      )}
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

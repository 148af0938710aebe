import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { displayCode, looksLikeName, normaliseCode, type CountScanAnswer, type ResolvedBarcode } from '../../../../src/contract/barcodes'
import type { CountLine, StockCount } from '../../../../src/contract/counts'
import { ApiError } from '../../api/client'
import { getCountSheet, listOpenCounts, postCountScan, resolveBarcode, undoCountScan } from '../../api/barcodes'
import { Button, buttonClass } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { failureMessage } from '../../components/failureMessage'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { primeAudio, scanFeedback } from '../../components/scan/feedback'
import { ScanButton, useKeyboardScans } from '../../components/scan/ScanButton'
import { UnknownCodeDialog } from '../../components/scan/UnknownCode'
import { PageLoading } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { newKey } from '../../lib/formInput'
import { boxUnreachable, sendNow } from '../../lib/offline/app'
import { scanOnPhone, storedOpenCounts } from '../../lib/counting/phoneScan'
import { getSession } from '../../session/store'
import { useFormat } from '../../lib/useFormat'
import { SCAN_UI } from '../../messages/scan'

interface Done {
  answer: CountScanAnswer
  undone: boolean
  /** Counted on the phone (the box did not answer): an entry waiting in the outbox, corrected on the sheet. */
  onPhone?: boolean
}

/**
 * Scan to count (continuous mode): pick the open count and the area (or arrive from an area's QR label,
 * /scan?area=ID), then scan: each code adds one pack (or one base unit) to that area's line, with a beep,
 * and the next. The scan field keeps focus for keyboard scanners; the camera keeps decoding. Unknown
 * codes wait in a list (link / create / skip) and counting never stops for them.
 */
export default function ScanCountPage() {
  const f = useFormat()
  const params = new URLSearchParams(window.location.search)
  // Without the box, the open counts kept on this phone (issue 33.2).
  const [fromPhone, setFromPhone] = useState(false)
  const counts = useLoad(
    (signal) =>
      listOpenCounts(signal).then(
        (r): StockCount[] => r.data,
        async (err) => {
          const kept = boxUnreachable(err) ? await storedOpenCounts().catch(() => []) : []
          if (!kept.length) throw err
          setFromPhone(true)
          return kept
        },
      ),
    [],
  )
  const [countId, setCountId] = useState(params.get('count') ?? '')
  const [areaId, setAreaId] = useState(params.get('area') ?? '')
  const [text, setText] = useState('')
  const [done, setDone] = useState<Done[]>([])
  const [unknown, setUnknown] = useState<{ raw: string; scanId: string; resolved: ResolvedBarcode & { code: string } }[]>([])
  const [linking, setLinking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // Typed text that is a name (issue 32.3): the lines of this count whose item name contains it.
  const [byName, setByName] = useState<{ text: string; lines: CountLine[] } | null>(null)
  const field = useRef<HTMLInputElement>(null)

  // An area's QR label names only the area: the open count that has it.
  useEffect(() => {
    if (!counts.data || countId) return
    const withArea = counts.data.find((c) => c.areas.some((a) => String(a.id) === areaId))
    const only = counts.data.length === 1 ? counts.data[0] : undefined
    const pick = withArea ?? only
    if (pick) setCountId(String(pick.id))
  }, [counts.data, countId, areaId])

  const count: StockCount | undefined = counts.data?.find((c) => String(c.id) === countId)
  useEffect(() => {
    if (count && !count.areas.some((a) => String(a.id) === areaId) && count.areas.length === 1) setAreaId(String(count.areas[0].id))
  }, [count, areaId])
  const ready = !!count && count.areas.some((a) => String(a.id) === areaId)

  /** `typed`: a code typed by a person; an unknown one is "not found", never queued to be saved as a barcode. */
  async function send(raw: string, scanId: string = newKey(), typed = false): Promise<boolean> {
    if (!ready) return false
    setError(null)
    setByName(null)
    for (let attempt = 0; ; attempt++) {
      try {
        const res = await postCountScan(Number(countId), { area_id: Number(areaId), raw, scan_id: scanId })
        setDone((d) => [{ answer: res.data, undone: false }, ...d.filter((x) => x.answer.scan_id !== scanId)].slice(0, 50))
        return true
      } catch (err) {
        if (err instanceof ApiError && err.status === 404 && typed) {
          const n = normaliseCode(raw)
          setError(SCAN_UI.typedNotFound(n.ok ? displayCode(n.code) : raw.trim()))
          return false
        }
        if (err instanceof ApiError && err.status === 404) {
          // Unknown: put it aside with its details and go on counting.
          try {
            const r = (await resolveBarcode(raw)).data
            if (r.code) setUnknown((u) => [...u, { raw, scanId, resolved: r as ResolvedBarcode & { code: string } }])
          } catch {
            /* the 404 message below says enough */
          }
          setError(err.message)
          return false
        }
        // No answer from the box: counted from the sheet kept on this phone, queued as an entry.
        if (boxUnreachable(err)) {
          // The page is signed-in only (its route's guard).
          const r = await scanOnPhone(Number(countId), getSession()!.user.id, Number(areaId), raw, scanId).catch(() => ({ ok: false as const, message: SCAN_UI.phoneFailed }))
          if (!r.ok) {
            setError(r.message)
            return false
          }
          setFromPhone(true)
          setDone((d) => [{ answer: r.answer, undone: false, onPhone: true }, ...d.filter((x) => x.answer.scan_id !== scanId)].slice(0, 50))
          void sendNow()
          return true
        }
        // A lost answer: the same scan_id again can never count twice.
        if (!(err instanceof ApiError) && attempt < 2) {
          await new Promise((r) => setTimeout(r, 800))
          continue
        }
        setError(failureMessage(err, 'Failed to count the scan'))
        return false
      }
    }
  }

  const keyboardScan = async (code: string) => {
    const ok = await send(code)
    scanFeedback(ok)
    field.current?.focus()
  }
  useKeyboardScans((code) => void keyboardScan(code), ready && !linking)

  /** A name is looked up on this count's sheet (never sent as a code); anything else is counted as a typed code. */
  async function searchByName(name: string) {
    setError(null)
    try {
      const sheet = (await getCountSheet(Number(countId))).data
      const q = name.toLocaleLowerCase()
      setByName({ text: name, lines: sheet.lines.filter((l) => l.item_name.toLocaleLowerCase().includes(q)).slice(0, 20) })
    } catch (err) {
      setError(failureMessage(err, SCAN_UI.searchFailed))
    }
  }

  function submitTyped(e: FormEvent) {
    e.preventDefault()
    const typed = text.trim()
    setText('')
    if (!typed) return
    if (looksLikeName(typed)) return void searchByName(typed)
    void send(typed, newKey(), true).then((ok) => {
      scanFeedback(ok)
      field.current?.focus()
    })
  }
  const sheetHref = (area: string, find?: string) => `/counts/${countId}${area ? `?area=${area}` : ''}${find ? `${area ? '&' : '?'}find=${encodeURIComponent(find)}` : ''}`

  async function undo(d: Done) {
    try {
      const res = await undoCountScan(Number(countId), d.answer.scan_id)
      setDone((all) => all.map((x) => (x.answer.scan_id === d.answer.scan_id ? { answer: res.data, undone: true } : x)))
    } catch (err) {
      setError(failureMessage(err, 'Failed to undo the scan'))
    }
  }

  const last = done[0]
  const lastLine = last && !last.undone ? `+${f.quantity(last.answer.added, last.answer.item.unit)} ${last.answer.item.name} → ${f.quantity(last.answer.line.counted ?? 0, last.answer.item.unit)}` : null

  if (counts.loading && !counts.data) return <PageLoading />
  return (
    <div className="mx-auto max-w-2xl space-y-5">
      <PageHeader
        title="Scan to count"
        description="Each scan adds one pack (or one unit) to the area's count sheet."
        actions={
          countId ? (
            <Link href={sheetHref(areaId)} className={buttonClass('secondary')}>
              {SCAN_UI.backToSheet}
            </Link>
          ) : undefined
        }
      />
      {counts.error && <LoadError error={counts.error} retry={counts.reload} />}
      {fromPhone && (
        <p role="status" className="text-sm font-medium text-amber-900 dark:text-amber-200" data-testid="scan-source">
          {SCAN_UI.fromPhone}
        </p>
      )}
      {counts.data && counts.data.length === 0 && <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">No count is open. Start one on the Counts page, then scan.</p>}
      {counts.data && counts.data.length > 0 && (
        <div className="grid gap-3 sm:grid-cols-2">
          <SelectField
            label="Count"
            value={countId}
            onChange={(v) => {
              setCountId(v)
              setAreaId('')
            }}
            placeholder="Choose a count"
            options={counts.data.map((c) => ({ value: String(c.id), label: `#${c.id} · ${c.areas.map((a) => a.name).join(', ')}` }))}
          />
          <SelectField label="Area" value={areaId} onChange={setAreaId} placeholder="Choose an area" options={(count?.areas ?? []).map((a) => ({ value: String(a.id), label: a.name }))} />
        </div>
      )}
      {ready && (
        <>
          <form onSubmit={submitTyped} className="flex flex-col gap-2 sm:flex-row sm:items-end">
            <div className="flex-1 space-y-1.5">
              <label htmlFor="scan-field" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
                Scan field
              </label>
              <input
                id="scan-field"
                ref={field}
                autoFocus
                autoComplete="off"
                inputMode="text"
                value={text}
                onChange={(e) => setText(e.target.value)}
                onFocus={primeAudio}
                placeholder="Scan, or type a code or a name and press Enter"
                className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 focus:border-brand-600 focus:outline-2 focus:outline-brand-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              />
            </div>
            <ScanButton continuous title="Scan to count" status={lastLine ?? SCAN_UI.aim} onCode={(code) => send(code)} />
          </form>
          <p role="status" aria-live="polite" className="min-h-6 text-base font-semibold" data-testid="last-scan">
            {lastLine}
          </p>
          {byName && (
            <section aria-label={SCAN_UI.nameResults(byName.text)} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="name-results">
              <p className="mb-2 font-semibold">{byName.lines.length ? SCAN_UI.nameResults(byName.text) : SCAN_UI.nameNone(byName.text)}</p>
              <ul className="space-y-1">
                {byName.lines.map((l) => (
                  <li key={`${l.area_id}:${l.item_id}`}>
                    <Link href={sheetHref(String(l.area_id), l.item_name)} className="inline-flex min-h-11 items-center text-brand-700 underline dark:text-brand-300">
                      {SCAN_UI.openOnSheet(l.item_name, count?.areas.find((a) => a.id === l.area_id)?.name ?? '')}
                    </Link>
                  </li>
                ))}
                {byName.lines.length === 0 && (
                  <li>
                    <Link href={sheetHref(areaId)} className="inline-flex min-h-11 items-center text-brand-700 underline dark:text-brand-300">
                      {SCAN_UI.addOnSheet}
                    </Link>
                  </li>
                )}
              </ul>
            </section>
          )}
          {error && (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {error}
            </p>
          )}
          {unknown.length > 0 && (
            <div className="flex items-center justify-between gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-700 dark:bg-amber-950">
              <span>
                Unknown codes waiting: {unknown.length} ({unknown.map((u) => displayCode(u.resolved.code)).join(', ')})
              </span>
              <Button variant="secondary" onClick={() => setLinking(true)}>
                Resolve
              </Button>
            </div>
          )}
          <section aria-label="Scans">
            <h2 className="mb-2 text-sm font-semibold text-slate-700 dark:text-slate-300">Scans</h2>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
              {done.map((d) => (
                <li key={d.answer.scan_id} className="flex min-h-11 items-center justify-between gap-2 px-3 py-1.5 text-sm">
                  <span className={d.undone ? 'text-slate-500 line-through' : ''}>
                    {d.answer.pack ? `1 ${d.answer.pack.name}` : `1 ${d.answer.item.unit}`} · {d.answer.item.name} → {f.quantity(d.answer.line.counted ?? 0, d.answer.item.unit)}
                  </span>
                  {d.onPhone && <span className="text-xs text-amber-900 dark:text-amber-200">{SCAN_UI.onPhone}</span>}
                  {!d.undone && !d.onPhone && (
                    <Button variant="ghost" onClick={() => undo(d)} aria-label={`Undo ${d.answer.item.name}`}>
                      Undo
                    </Button>
                  )}
                </li>
              ))}
              {done.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Nothing scanned yet</li>}
            </ul>
          </section>
        </>
      )}
      {linking && unknown[0] && (
        <UnknownCodeDialog
          resolved={unknown[0].resolved}
          onClose={() => {
            setUnknown((u) => u.slice(1))
            setLinking(unknown.length > 1)
          }}
          onLinked={() => {
            const first = unknown[0]
            setUnknown((u) => u.slice(1))
            setLinking(unknown.length > 1)
            // The scan that found nothing was never counted: count it now, under its own id.
            void send(first.raw, first.scanId)
          }}
        />
      )}
    </div>
  )
}

// Scan to count without the box (issue 33.2): /scan counts through the box (POST …/scans); when the box does not
// answer, the code is resolved from the codes stored with the sheet — the sheet's own lookup — and the line's new
// figure is queued as an entry, kept as the sheet keeps a save (lib/offline/journal), so the sheet opened later
// shows it as waiting on this phone.
import type { CountScanAnswer } from '../../../../src/contract/barcodes'
import type { CountLine } from '../../../../src/contract/counts'
import { keepLine, replayJournals } from '../offline/journal'
import { allItems } from '../offline/outbox'
import { loadDrafts, loadSheet, resolveStored, storedSheets } from '../offline/sheets'
import { COUNT_UI } from '../../messages/counts'
import { SCAN_UI } from '../../messages/scan'
import { bodyFrom, entryFrom, initialView, lineKey, oneMore, type Draft } from './lineState'

/** Counted on the phone: the answer the box would have given (the line with its new figure), or why not. */
export type PhoneScan = { ok: true; answer: CountScanAnswer } | { ok: false; message: string }

/** The open counts kept on this phone (the scan page's list when the box does not answer). */
export const storedOpenCounts = async () => (await storedSheets()).map((s) => s.count).filter((c) => c.status === 'OPEN')

/** One scan of `raw` onto the area's line, on the phone. Scans are counted one after another (each reads the last). */
export function scanOnPhone(countId: number, userId: number, areaId: number, raw: string, scanId: string): Promise<PhoneScan> {
  const next = queue.then(() => scanOnce(countId, userId, areaId, raw, scanId))
  queue = next.catch(() => {})
  return next
}
let queue: Promise<unknown> = Promise.resolve()

async function scanOnce(countId: number, userId: number, areaId: number, raw: string, scanId: string): Promise<PhoneScan> {
  const held = await loadSheet(countId)
  if (!held) return { ok: false, message: SCAN_UI.notKept }
  const hit = resolveStored(raw, held.codes)
  if (!hit) return { ok: false, message: COUNT_UI.scanUnknown(raw.trim()) }
  const line: CountLine | undefined = held.count.lines.find((l) => l.area_id === areaId && l.item_id === hit.item_id)
  if (!line) {
    const name = held.count.lines.find((l) => l.item_id === hit.item_id)?.item_name
    return { ok: false, message: name ? SCAN_UI.notInArea(name) : COUNT_UI.scanUnknown(raw.trim()) }
  }
  // The line as this phone knows it: its draft when newer than the stored sheet (as the sheet would open it).
  const key = lineKey(line)
  // A draft still being typed on the sheet is in the journal only (lib/offline/journal): replayed first, so it is read.
  await replayJournals()
  const [drafts, items] = await Promise.all([loadDrafts<Draft>(countId), allItems()])
  const waiting = new Set(items.filter((i) => !i.refused).map((i) => i.id))
  const refused = new Map(items.filter((i) => i.refused).map((i) => [i.id, i.refused!]))
  const before = initialView(line, drafts[key], waiting, refused).view.draft
  const pack = line.packs.find((p) => p.id === hit.pack_id) ?? null
  const draft = oneMore(before, line, pack)
  const parsed = bodyFrom(draft, line)
  if (!parsed.ok) return { ok: false, message: parsed.message }
  const at = new Date().toISOString()
  const entry = entryFrom(parsed.body, line, at)
  await keepLine(countId, userId, key, { draft: { draft, hundredths: parsed.hundredths, at, entry: entry.id }, entry })
  const counted = (parsed.hundredths ?? 0) / 100
  return {
    ok: true,
    answer: {
      scan_id: scanId,
      item: { id: line.item_id, name: line.item_name, unit: line.unit },
      pack: pack && { id: pack.id, name: pack.name, size: pack.size },
      added: pack ? pack.size : 1,
      line: { ...line, counted },
      replayed: false,
    },
  }
}

// The count sheet's per-line drafts: what was typed, what the server holds, and the phone's copy (lib/offline)
// that keeps a pack split (2 case + 3 bottle) exactly as typed across a reload, and the entries made of them.
import { CountLineBody, CountPackEntry, type CountLine } from '../../../../src/contract/counts'
import type { EntryBody } from '../../lib/offline/outbox'
import type { StoredDraft } from '../../lib/offline/sheets'
import { splitIntoPacks } from '../../../../src/contract/packs'
import { parseQuantity } from '../../../../src/contract/quantity'
import { check } from '../../lib/validation'
import { hasOpen, openDraftFrom, parseOpen, type OpenDraft } from './openBottles'

/** `queued`: its entry is on this phone, not yet on the box (issue 33.4). */
export type SaveState = 'idle' | 'saving' | 'queued' | 'saved' | 'failed'

/** What a line's fields hold: `counted` for an item without packs, else one text per pack and `loose`. */
export interface Draft {
  counted: string
  packs: Record<number, string>
  loose: string
  /** Open bottles of an item with bottle facts (issue 35), beside full packs and loose. */
  open?: OpenDraft
}

/** A line on the sheet: its fields, where its save stands, and what the server holds. */
export interface LineView {
  draft: Draft
  state: SaveState
  error: string | null
  /** The counted total the server holds (hundredths; null: not counted). */
  saved: number | null
}

export const lineKey = (l: { area_id: number; item_id: number }) => `${l.area_id}:${l.item_id}`

/** The fields for a server value: packs split largest first (as the print and the list show it). */
export function draftFrom(line: Pick<CountLine, 'counted' | 'packs' | 'open' | 'bottle' | 'item_name' | 'unit'>): Draft {
  if (line.counted === null) return { counted: '', packs: {}, loose: '' }
  // Open bottles keep their weights; the rest of the figure is the full bottles (issue 35).
  const open = openDraftFrom(line)
  const part = open ? parseOpen(open, line) : null
  if (open && part?.ok) return { ...draftFrom({ ...line, open: null, counted: (Math.round(line.counted * 100) - part.hundredths) / 100 }), open }
  if (line.packs.length === 0) return { counted: String(line.counted), packs: {}, loose: '' }
  const split = splitIntoPacks(line.counted, line.packs)
  return { counted: '', packs: Object.fromEntries(split.packs.map((p) => [p.pack.id, String(p.count)])), loose: String(split.loose) }
}

export type DraftBody =
  | { counted: number | null }
  | { packs: { pack_id: number; quantity: number }[]; loose: number; open_weights_g?: number[]; open_tenths?: number[] }

const NEGATIVE = 'A count cannot be negative'
const wholePacks = (name: string) => `Whole ${name}s only; put the rest in loose`

/**
 * A draft → the line's body, checked with the server's CountLineBody, or a message when a field cannot be
 * read (the parser's words) or the schema refuses it (in the sheet's words). Empty everywhere: not counted (null).
 */
export function bodyFrom(draft: Draft, line: Pick<CountLine, 'packs' | 'area_id' | 'item_id'> & Partial<Pick<CountLine, 'bottle' | 'item_name' | 'unit'>>): { ok: true; body: DraftBody; hundredths: number | null } | { ok: false; message: string } {
  const ids = { area_id: line.area_id, item_id: line.item_id }
  if (hasOpen(draft.open) && line.bottle) {
    // Open bottles go with the full ones (packs, or the plain figure as loose); the server converts them again.
    const open = parseOpen(draft.open, { item_name: line.item_name ?? '', unit: line.unit ?? '', bottle: line.bottle })
    if (!open.ok) return open
    const full = bodyFrom({ ...draft, open: undefined }, { ...line, bottle: null })
    if (!full.ok) return full
    const packed = 'packs' in full.body ? full.body : { packs: [], loose: full.body.counted ?? 0 }
    return { ok: true, body: { ...packed, open_weights_g: open.open_weights_g, open_tenths: open.open_tenths }, hundredths: (full.hundredths ?? 0) + open.hundredths }
  }
  if (line.packs.length === 0) {
    if (draft.counted.trim() === '') return { ok: true, body: { counted: null }, hundredths: null }
    const r = parseQuantity(draft.counted)
    if (!r.ok) return { ok: false, message: r.message }
    const c = check(CountLineBody, { ...ids, counted: r.value })
    if (!c.ok) return { ok: false, message: r.value < 0 ? NEGATIVE : firstOf(c.errors) }
    return { ok: true, body: { counted: r.value }, hundredths: Math.round(r.value * 100) }
  }
  const texts = [...line.packs.map((p) => draft.packs[p.id] ?? ''), draft.loose]
  if (texts.every((t) => t.trim() === '')) return { ok: true, body: { counted: null }, hundredths: null }
  const packs: { pack_id: number; quantity: number }[] = []
  let total = 0
  for (const p of line.packs) {
    const t = (draft.packs[p.id] ?? '').trim()
    if (t === '') continue
    const r = parseQuantity(t)
    const entry = { pack_id: p.id, quantity: r.ok ? r.value : Number.NaN }
    if (!check(CountPackEntry, entry).ok) return { ok: false, message: wholePacks(p.name) }
    packs.push(entry)
    total += entry.quantity * Math.round(p.size * 100)
  }
  let loose = 0
  if (draft.loose.trim() !== '') {
    const r = parseQuantity(draft.loose)
    if (!r.ok) return { ok: false, message: r.message }
    loose = r.value
  }
  const c = check(CountLineBody, { ...ids, packs, loose })
  if (!c.ok) return { ok: false, message: loose < 0 ? NEGATIVE : firstOf(c.errors) }
  total += Math.round(loose * 100)
  return { ok: true, body: { packs, loose }, hundredths: total }
}

const firstOf = (errors: Record<string, string>) => Object.values(errors)[0]

// ---------- The phone's copy (issue 33: lib/offline) ----------

export type LocalDraft = StoredDraft<Draft>

/** A save → the entry the phone makes of it: its own UUID, packs + loose (a plain figure is loose), open bottles, the device's instant. */
export function entryFrom(body: DraftBody, line: Pick<CountLine, 'area_id' | 'item_id'>, at: string): EntryBody | null {
  if ('counted' in body) return body.counted === null ? null : { id: crypto.randomUUID(), area_id: line.area_id, item_id: line.item_id, loose: body.counted, counted_at: at }
  // Open bottles travel with the entry, as weights or tenths: the box converts them (a save on the sheet once did).
  const { packs, loose, open_weights_g, open_tenths } = body
  return { id: crypto.randomUUID(), area_id: line.area_id, item_id: line.item_id, packs, loose, ...(open_weights_g?.length ? { open_weights_g } : {}), ...(open_tenths?.length ? { open_tenths } : {}), counted_at: at }
}

/**
 * A line's view on load, from what the box (or the stored sheet) says and the phone's draft of it: the draft while
 * its entry waits in the outbox (`queued`) or was refused; the draft when it stands for the line's figure (the split
 * exactly as typed) or was typed after the line's latest entry (`unsent` when it never became an entry: the sheet
 * saves it now); else the line's figure.
 */
export function initialView(line: CountLine, local: LocalDraft | undefined, waiting: ReadonlySet<string>, refused: ReadonlyMap<string, string>): { view: LineView; unsent: boolean } {
  const server = line.counted === null ? null : Math.round(line.counted * 100)
  const fromServer: LineView = { draft: draftFrom(line), state: server === null ? 'idle' : 'saved', error: null, saved: server }
  if (!local) return { view: fromServer, unsent: false }
  const mine = (state: SaveState, error: string | null = null): LineView => ({ draft: local.draft, state, error, saved: local.hundredths })
  if (local.entry && waiting.has(local.entry)) return { view: mine('queued'), unsent: false }
  if (local.entry && refused.has(local.entry)) return { view: mine('failed', refused.get(local.entry)!), unsent: false }
  if (local.hundredths === server) return { view: { ...fromServer, draft: local.draft }, unsent: false }
  if (local.at > (line.counted_at ?? '')) return local.entry ? { view: mine(local.hundredths === null ? 'idle' : 'saved'), unsent: false } : { view: { ...fromServer, draft: local.draft }, unsent: true }
  return { view: fromServer, unsent: false }
}

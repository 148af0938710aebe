// A count sheet that travels with the phone (issue 33.2): the count as last loaded (areas in shelf order, lines,
// items and their packs), every code of its items, and each line's draft as typed on this phone — so the sheet
// opens from the device when the box does not answer, after a reload or with the browser closed and opened again.
import { normaliseCode, parseGs1, type SheetCode } from '../../../../src/contract/barcodes'
import type { StockCountDetail } from '../../../../src/contract/counts'
import { del, getAll, get, put, tx } from './db'

export interface StoredSheet {
  id: number
  count: StockCountDetail
  codes: SheetCode[]
  /** When the box gave it (ISO). */
  saved_at: string
}

export const saveSheet = (count: StockCountDetail, codes: SheetCode[]) =>
  tx(['sheets'], 'readwrite', (t) => put(t, 'sheets', { id: count.id, count, codes, saved_at: new Date().toISOString() } satisfies StoredSheet))

export const loadSheet = (id: number) => tx(['sheets'], 'readonly', (t) => get<StoredSheet>(t, 'sheets', id))

/** A stored sheet's count replaced by a newer answer of the box, its codes kept (a refresh while open). */
export const refreshSheet = (count: StockCountDetail) =>
  tx(['sheets'], 'readwrite', async (t) => {
    const held = await get<StoredSheet>(t, 'sheets', count.id)
    await put(t, 'sheets', { id: count.id, count, codes: held?.codes ?? [], saved_at: new Date().toISOString() } satisfies StoredSheet)
  })

/** What a line's fields held when last changed on this phone. */
export interface StoredDraft<D = unknown> {
  draft: D
  /** The total the draft stands for (hundredths; null: empty). */
  hundredths: number | null
  /** When it was typed (ISO): an older draft never hides a newer count from someone else. */
  at: string
  /** The entry made of it (in the outbox until the box holds it); null: typed, not saved yet. */
  entry: string | null
}
interface DraftRow<D> extends StoredDraft<D> {
  key: [number, string]
}

export const saveDraft = <D>(countId: number, lineKey: string, d: StoredDraft<D>) =>
  tx(['drafts'], 'readwrite', (t) => put(t, 'drafts', { key: [countId, lineKey], ...d } satisfies DraftRow<D>))

/** The drafts of one count, by line key. */
export async function loadDrafts<D>(countId: number): Promise<Record<string, StoredDraft<D>>> {
  const rows = await tx(['drafts'], 'readonly', (t) =>
    new Promise<DraftRow<D>[]>((resolve, reject) => {
      const req = t.objectStore('drafts').getAll(IDBKeyRange.bound([countId], [countId, []]))
      req.onsuccess = () => resolve(req.result as DraftRow<D>[])
      req.onerror = () => reject(req.error)
    }),
  )
  return Object.fromEntries(rows.map(({ key, ...d }) => [key[1], d]))
}

/** Every stored sheet's id (the unit tests, and a later clean-up of closed counts). */
export const storedSheetIds = () => tx(['sheets'], 'readonly', (t) => getAll<StoredSheet>(t, 'sheets')).then((xs) => xs.map((x) => x.id))

const HOUSE_LABEL = /^RIMS-(\d{1,12})$/

/**
 * A scan resolved from the stored codes as the box's /barcodes/resolve would: a GS1 string's GTIN, else the
 * normalised code (a GTIN as 14 digits), else the text as typed (a code saved before check digits were checked),
 * then a RIMS house label. `pack_id`: a pack's code (a case code counts a case). Null when no item has it.
 */
export function resolveStored(raw: string, codes: readonly SheetCode[]): { code: string; item_id: number; pack_id: number | null } | null {
  const byCode = new Map(codes.map((c) => [c.code, c]))
  const gs1 = parseGs1(raw)
  const candidates: string[] = []
  if (gs1?.ok && gs1.data.gtin) candidates.push(gs1.data.gtin)
  else if (!gs1) {
    const n = normaliseCode(raw)
    if (n.ok) candidates.push(n.code)
    candidates.push(raw.trim())
  }
  for (const code of candidates) {
    const hit = byCode.get(code)
    if (hit) return { code, item_id: hit.item_id, pack_id: hit.pack_id }
  }
  const house = HOUSE_LABEL.exec(raw.trim())
  return house ? { code: raw.trim(), item_id: Number(house[1]), pack_id: null } : null
}

/** A count closed (approved or cancelled): its sheet and drafts leave the phone. */
export const forgetCount = (countId: number) =>
  tx(['sheets', 'drafts'], 'readwrite', async (t) => {
    await del(t, 'sheets', countId)
    await del(t, 'drafts', IDBKeyRange.bound([countId], [countId, []]))
  })

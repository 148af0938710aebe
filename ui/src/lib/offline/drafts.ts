// Each count line's draft as typed on this phone (issue 33.2), apart from the stored sheets (./sheets.ts): the
// entry asks for a count's drafts at start (lib/earlyFetch.ts), so this module is part of it and stays small.
import { allItems } from './outbox'
import { put, tx } from './db'

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

/** The count sheet's part kept on this phone: its drafts, and the outbox (whose entries say which lines wait or were refused). */
export const sheetOnPhone = <D>(countId: number) => Promise.all([loadDrafts<D>(countId), allItems()])

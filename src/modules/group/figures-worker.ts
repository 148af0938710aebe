// Runs in a worker thread: a site's figures take a few hundred ms on a large copy and bun:sqlite is synchronous,
// so the group's sites are shared among workers (the cores work side by side, the server keeps answering).
import { AppError } from '../../lib/errors'
import { openSiteReader, type SiteReader } from './figures'
import type { FiguresRequest, FiguresResult } from './pool'

/** The open copies of this worker's sites, each with the snapshot it was opened on. */
const readers = new Map<string, { version: string; reader: SiteReader | null; error: string | null }>()

self.onmessage = (event: MessageEvent<FiguresRequest>) => {
  const q = event.data
  let result: FiguresResult
  try {
    let open = readers.get(q.siteId)
    if (!open || open.version !== q.version) {
      open?.reader?.close()
      try {
        open = { version: q.version, reader: openSiteReader(q.path, () => new Date()), error: null }
      } catch (e) {
        // Another RIMS version's copy: said on its card, asked again only when a new copy comes.
        if (!(e instanceof AppError)) throw e
        open = { version: q.version, reader: null, error: e.message }
      }
      readers.set(q.siteId, open)
    }
    result = open.reader
      ? { id: q.id, ok: true, currency: open.reader.currency(), timeZone: open.reader.timeZone(), figures: open.reader.figures(q.start, q.end) }
      : { id: q.id, ok: false, error: open.error!, unreadable: false }
  } catch (e) {
    result = { id: q.id, ok: false, error: (e as Error).message, unreadable: true }
  }
  postMessage(result)
}

// Receiving from the supplier's own invoice (issue 34): one typed function per endpoint.
import type { DraftHeadInput, DraftLayoutInput, DraftLayoutView, DraftLineInput, DraftReceiveInput, InvoiceDraft, InvoiceDraftSummary, OcrPage } from '../../../src/contract/invoices'
import type { Receipt } from '../../../src/contract/purchasing'
import { call, callFile, callList } from './client'

type Signal = AbortSignal | undefined

/** The file read into a draft (multipart, field `file`; a photo with the `words` OCR found on it); nothing touches stock until it is received. */
export function createDraft(file: File, opts: { supplier_id: number | null; order_id: number | null; csv_map?: Record<string, string>; words?: OcrPage }) {
  const form = new FormData()
  form.set('file', file)
  if (opts.supplier_id) form.set('supplier_id', String(opts.supplier_id))
  if (opts.order_id) form.set('order_id', String(opts.order_id))
  // A supplier's first CSV: its header → field mapping, as a person chose it (kept for the supplier once received).
  if (opts.csv_map) form.set('csv_map', JSON.stringify(opts.csv_map))
  if (opts.words) form.set('words', JSON.stringify(opts.words))
  return call<InvoiceDraft>('POST', '/receipts/drafts', { form })
}
/** Whether photos are read (the invoice_ocr setting). */
export const ocrSetting = (signal?: Signal) => call<{ enabled: boolean }>('GET', '/receipts/drafts/ocr', { signal })
export const getDraft = (id: number, signal?: Signal) => call<InvoiceDraft>('GET', `/receipts/drafts/${id}`, { signal })
/** The head's number or date, when the reader did not find them. */
export const updateDraftHead = (id: number, body: DraftHeadInput) => call<InvoiceDraft>('PATCH', `/receipts/drafts/${id}`, { body })
/** A line corrected by a person: a confirmed item becomes the supplier's alias. */
export const updateDraftLine = (id: number, n: number, body: DraftLineInput) => call<InvoiceDraft>('PUT', `/receipts/drafts/${id}/lines/${n}`, { body })
/** A PDF draft's columns with its first rows cut into them, to name the columns by. */
export const getDraftLayout = (id: number, signal?: Signal) => call<DraftLayoutView>('GET', `/receipts/drafts/${id}/layout`, { signal })
/** The columns named by a person: the file is read again with them. */
export const updateDraftLayout = (id: number, body: DraftLayoutInput) => call<InvoiceDraft>('PUT', `/receipts/drafts/${id}/layout`, { body })
export const receiveDraft = (id: number, body: DraftReceiveInput, idempotencyKey: string) =>
  call<Receipt>('POST', `/receipts/drafts/${id}/receive`, { body, idempotencyKey })
export const listDrafts = (q: { status?: string; page: number; limit: number }, signal?: Signal) => callList<InvoiceDraftSummary>('/receipts/drafts', { ...q }, signal)
export const draftFile = (id: number) => callFile(`/receipts/drafts/${id}/file`)
export const disputeDraft = (id: number, reason: string) => call<InvoiceDraft>('POST', `/receipts/drafts/${id}/dispute`, { body: { reason } })
export const receivedInvoicesCsv = (q: { from?: string; to?: string }) => callFile('/receipts/drafts/export.csv', q)

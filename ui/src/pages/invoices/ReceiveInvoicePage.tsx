import { useState, type FormEvent } from 'react'
import { Link, useLocation, useSearchParams } from 'wouter'
import { getOrder } from '../../api/purchasing'
import { createDraft, ocrSetting } from '../../api/invoices'
import { listSuppliers } from '../../api/stock'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { OCR_UI } from '../../lib/ocr/messages'
import type { OcrProgress } from '../../lib/ocr/read'
import { INVOICE_UI as T } from '../../messages/invoices'
import { useCsvMap } from './CsvMap'
import { FileField, fileProblem, isPhoto } from './FileField'

/**
 * /purchasing/invoices/new — the supplier's invoice file read into a draft. `?order=ID` (from the order's
 * Receive page) preselects the order and its supplier; without it (a delivery without an order) the supplier
 * is chosen here or found from the file.
 */
export default function ReceiveInvoicePage() {
  const [params] = useSearchParams()
  const orderId = Number(params.get('order')) || null
  const state = useLoad(
    async (signal) => ({
      order: orderId ? (await getOrder(orderId, signal)).data : null,
      suppliers: orderId ? [] : (await listSuppliers({ page: 1, limit: 100 }, signal)).data,
      photos: (await ocrSetting(signal)).data.enabled,
    }),
    [orderId],
    T.loadFailed,
  )
  if (state.loading && !state.data) return <PageLoading />
  if (state.error || !state.data) return <LoadError error={state.error ?? T.loadFailed} retry={state.reload} />
  const { order, suppliers, photos } = state.data
  return (
    <div className="mx-auto max-w-xl">
      <PageHeader title={T.receiveTitle} description={order ? T.forOrder(order.number, order.supplier_name) : T.receiveHint} />
      <UploadForm orderId={order?.id ?? null} supplierId={order?.supplier_id ?? null} suppliers={suppliers} photos={photos} />
      {order && (
        <p className="mt-6 text-sm">
          <Link href={`/purchasing/orders/${order.id}/receive`} className="font-semibold text-brand-700 underline dark:text-brand-300">
            {T.typeLink}
          </Link>
        </p>
      )}
    </div>
  )
}

function UploadForm({ orderId, supplierId, suppliers, photos }: { orderId: number | null; supplierId: number | null; suppliers: { id: number; name: string }[]; photos: boolean }) {
  const [, navigate] = useLocation()
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [supplier, setSupplier] = useState(supplierId ? String(supplierId) : '')
  const [ocr, setOcr] = useState<OcrProgress | null>(null)
  const { busy, failure, setFailure, run } = useSubmit()
  const csv = useCsvMap(() => setFailure(null))

  function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const problem = file ? fileProblem(file, photos) : T.fileRequired
    setFileError(problem)
    if (problem || !file) return
    const mapped = csv.chosen()
    if (mapped.problem) return setFailure(mapped.problem)
    void run(async () => {
      let words
      if (isPhoto(file)) {
        // Read on this phone (tesseract.js, from the box's own files); only the photo and its words are sent.
        setOcr({ stage: 'loading', progress: 0 })
        try {
          const { readPhoto } = await import('../../lib/ocr/read')
          words = await readPhoto(file, setOcr)
        } catch (err) {
          throw new Error(`${OCR_UI.failed}: ${err instanceof Error ? err.message : String(err)}`)
        } finally {
          setOcr(null)
        }
      }
      try {
        const draft = (await createDraft(file, { supplier_id: supplier ? Number(supplier) : null, order_id: orderId, csv_map: mapped.csv_map, words })).data
        navigate(`/purchasing/invoices/${draft.id}`)
      } catch (err) {
        // A CSV whose headers are not known: the mapping is offered instead of the server's sentence.
        if (!(await csv.offer(err, file))) throw err
      }
    }, T.readFailed)
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FileField
        file={file}
        error={fileError}
        photos={photos}
        onChange={(f) => {
          setFile(f)
          setFileError(f ? fileProblem(f, photos) : null)
          csv.reset()
        }}
      />
      {csv.step}
      {orderId === null && (
        <SelectField label={T.supplier} value={supplier} onChange={setSupplier} placeholder={T.anySupplier} hint={T.supplierHint} options={suppliers.map((s) => ({ value: String(s.id), label: s.name }))} />
      )}
      <ErrorLine message={failure} />
      <Button type="submit" disabled={busy} className="w-full sm:w-auto">
        {ocr ? (ocr.stage === 'loading' ? OCR_UI.loading : OCR_UI.reading(Math.round(ocr.progress * 100))) : busy ? T.reading : T.read}
      </Button>
    </form>
  )
}

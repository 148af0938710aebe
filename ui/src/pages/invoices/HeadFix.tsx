import { useState } from 'react'
import { DraftHeadBody, type InvoiceDraft } from '../../../../src/contract/invoices'
import { updateDraftHead } from '../../api/invoices'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { useSubmit } from '../../components/useSubmit'
import { withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { INVOICE_UI as T } from '../../messages/invoices'

/** The invoice number or date the reader did not find, typed off the paper (PATCH, checked with DraftHeadBody). */
export function HeadFix({ draft, onChanged }: { draft: InvoiceDraft; onChanged: (d: InvoiceDraft) => void }) {
  const [number, setNumber] = useState(draft.invoice_number ?? '')
  const [date, setDate] = useState(draft.invoice_date ?? '')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  function save() {
    setFailure(null)
    const c = check(DraftHeadBody, { invoice_number: number, invoice_date: date || undefined })
    setErrors(c.ok ? {} : withLabels(c.errors, { invoice_number: T.invoiceNumber, invoice_date: T.invoiceDate }))
    if (!c.ok) return
    void run(async () => onChanged((await updateDraftHead(draft.id, c.value)).data), T.headFailed)
  }
  return (
    <fieldset className="mt-3 space-y-2 rounded-xl border border-slate-200 p-3 dark:border-slate-800">
      <legend className="px-1 text-sm font-medium">{T.headFix}</legend>
      <div className="grid grid-cols-2 gap-2">
        <TextField label={T.invoiceNumber} value={number} onChange={setNumber} error={errors.invoice_number} />
        <TextField label={T.invoiceDate} type="date" value={date} onChange={setDate} error={errors.invoice_date} />
      </div>
      <ErrorLine message={failure} />
      <Button variant="secondary" disabled={busy} onClick={save}>
        {T.headSave}
      </Button>
    </fieldset>
  )
}

import { useState, type FormEvent } from 'react'
import { PO_MSG, ReturnLine, type ReceiptSummary } from '../../../../src/contract/purchasing'
import { getReceipt, returnGoods } from '../../api/purchasing'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { FormModal } from '../../components/FormModal'
import { LoadError } from '../../components/LoadError'
import { QuantityField } from '../../components/QuantityField'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { newKey, toNumber } from '../../lib/formInput'
import { useFormat } from '../../lib/useFormat'
import { check } from '../../lib/validation'
import { PURCHASING_UI as T } from '../../messages/purchasing'
import { returnable } from './returnable'

/**
 * Goods sent back to the supplier from one receipt (damaged, wrong, short-dated): a quantity per item in
 * its base unit, one reason for the lot. Each line leaves the store as an OUT row in the ledger; the order
 * is not reopened. One Idempotency-Key per opening, so a retried send returns nothing twice.
 */
export function ReturnDialog({ receipt, onClose, onDone }: { receipt: Pick<ReceiptSummary, 'id' | 'invoice_number'>; onClose: () => void; onDone: () => void }) {
  const fmt = useFormat()
  const state = useLoad(
    async (signal) => {
      const r = (await getReceipt(receipt.id, signal)).data
      return { rows: returnable(r), earlier: r.returns }
    },
    [receipt.id],
    T.loadFailed,
  )
  const [key] = useState(newKey)
  const [quantities, setQuantities] = useState<Record<number, string>>({})
  const [reason, setReason] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const { busy, failure, setFailure, run } = useSubmit()
  const formId = `return-${receipt.id}`

  async function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    const rows = state.data?.rows ?? []
    const found: Record<string, string | undefined> = {}
    const lines = rows.flatMap((row) => {
      const typed = (quantities[row.item_id] ?? '').trim()
      if (!typed) return []
      const quantity = toNumber(typed)
      // The contract's own rule for a returned quantity (at least 0.01, two decimals), then what this receipt has left.
      const checked = check(ReturnLine.entries.quantity, quantity)
      if (!checked.ok) found[row.item_id] = checked.errors._
      else if (quantity > row.left) found[row.item_id] = PO_MSG.returnTooMuch(row.item_name, row.left, row.unit)
      return [{ item_id: row.item_id, quantity, reason: reason.trim() }]
    })
    if (!reason.trim()) found.reason = T.returnReasonRequired
    setErrors(found)
    if (lines.length === 0) return setFailure(T.returnNothing)
    if (Object.values(found).some(Boolean)) return
    await run(async () => {
      const res = await returnGoods(receipt.id, { lines }, key)
      toast({ kind: 'success', title: res.message || PO_MSG.returned })
      onDone()
    }, T.returnFailed)
  }

  return (
    <FormModal title={T.returnTitle(receipt.invoice_number)} busy={busy} formId={formId} submitLabel={T.returnSubmit} busyLabel="Recording..." onClose={onClose} onSubmit={submit}>
      {state.loading && !state.data ? (
        <Spinner />
      ) : state.error || !state.data ? (
        <LoadError error={state.error ?? T.loadFailed} retry={state.reload} inline />
      ) : state.data.rows.every((row) => row.left <= 0) ? (
        <p className="text-sm">{T.returnNone}</p>
      ) : (
        <>
          {state.data.rows
            .filter((row) => row.left > 0)
            .map((row) => (
              <QuantityField
                key={row.item_id}
                label={T.returnItem(row.item_name)}
                unit={row.unit}
                value={quantities[row.item_id] ?? ''}
                onChange={(value) => {
                  setQuantities((q) => ({ ...q, [row.item_id]: value }))
                  setErrors((e) => ({ ...e, [row.item_id]: undefined }))
                }}
                error={errors[row.item_id]}
                hint={T.returnLeft(fmt.quantity(row.left, row.unit))}
              />
            ))}
          <TextField
            label={T.returnReason}
            value={reason}
            onChange={(value) => {
              setReason(value)
              setErrors((e) => ({ ...e, reason: undefined }))
            }}
            error={errors.reason}
            hint={T.returnReasonHint}
            maxLength={500}
          />
        </>
      )}
      {state.data && state.data.earlier.length > 0 && (
        <section aria-label={T.returnedEarlier} className="text-sm">
          <h3 className="font-medium">{T.returnedEarlier}</h3>
          <ul className="mt-1 space-y-1 text-slate-700 dark:text-slate-300">
            {state.data.earlier.map((x) => (
              <li key={x.id}>
                {fmt.quantity(x.quantity, x.unit)} {x.item_name}: {x.reason} · {x.user_name}
              </li>
            ))}
          </ul>
        </section>
      )}
      <ErrorLine message={failure} />
    </FormModal>
  )
}

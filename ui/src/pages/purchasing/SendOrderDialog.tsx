import { useState, type FormEvent } from 'react'
import { addDays, localDate } from '../../../../src/contract/dates'
import { SendOrderBody, type PurchaseOrder } from '../../../../src/contract/purchasing'
import { sendOrder } from '../../api/purchasing'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { FormModal } from '../../components/FormModal'
import { toast } from '../../components/toast'
import { useSubmit } from '../../components/useSubmit'
import { useDisplaySettings } from '../../lib/display'
import { withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { PURCHASING_UI as T } from '../../messages/purchasing'

/**
 * "Mark as sent" asks the day the delivery is expected (issue 32.8): an order without one never shows under
 * "Orders to receive". Prefilled with the order's own date when it is today or later, else tomorrow (suppliers
 * have no lead time on record); required.
 */
export function SendOrderDialog({ order, onClose, onSent }: { order: Pick<PurchaseOrder, 'id' | 'number' | 'expected_date'>; onClose: () => void; onSent: () => void }) {
  const { time_zone } = useDisplaySettings()
  const [date, setDate] = useState(() => {
    const today = localDate(new Date(), time_zone)
    return order.expected_date && order.expected_date >= today ? order.expected_date : addDays(today, 1)
  })
  const [error, setError] = useState<string | undefined>()
  const { busy, failure, setFailure, run } = useSubmit()
  const formId = `send-${order.id}`

  function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    if (!date) return setError(T.expectedRequired)
    const body = check(SendOrderBody, { expected_date: date })
    if (!body.ok) return setError(withLabels(body.errors, { expected_date: T.expectedDate }).expected_date ?? T.expectedRequired)
    void run(async () => {
      await sendOrder(order.id, body.value)
      toast({ kind: 'success', title: T.sent })
      onSent()
    }, T.actionFailed)
  }

  return (
    <FormModal title={T.sendTitle(order.number)} size="sm" busy={busy} formId={formId} submitLabel={T.sendSubmit} busyLabel="Sending…" onClose={onClose} onSubmit={submit}>
      <TextField
        label={T.expectedDate}
        type="date"
        value={date}
        onChange={(v) => (setDate(v), setError(undefined))}
        error={error}
        hint={T.sendHint}
        required
      />
      <ErrorLine message={failure} />
    </FormModal>
  )
}

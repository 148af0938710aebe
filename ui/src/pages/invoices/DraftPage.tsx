import { useState, type FormEvent } from 'react'
import { useParams } from 'wouter'
import { DraftLineBody, DraftReceiveBody, DraftReceiveLine, INVOICE_MSG, OPEN_DRAFT_STATUSES, readByColumns, type InvoiceDraft } from '../../../../src/contract/invoices'
import { toCents } from '../../../../src/contract/fixed'
import type { Receipt } from '../../../../src/contract/purchasing'
import { MANAGER } from '../../../../src/contract/roles'
import { getDraft, receiveDraft, updateDraftLine } from '../../api/invoices'
import { getReceipt } from '../../api/purchasing'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { failureMessage } from '../../components/failureMessage'
import { LoadError } from '../../components/LoadError'
import { PageLoading } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { newKey, numberOrUndefined, withLabels } from '../../lib/formInput'
import { check } from '../../lib/validation'
import { INVOICE_UI as T } from '../../messages/invoices'
import { useSession } from '../../session/store'
import { DraftHead } from './DraftHead'
import { DraftLineCard, type ArrivalState } from './DraftLineCard'
import { ManagerActions } from './ManagerActions'
import { PdfColumns } from './PdfColumns'
import { ReceiptView } from './ReceiptView'

/** /purchasing/invoices/:id — a draft read from the supplier's invoice: checked, corrected, then received as one receipt. */
export default function DraftPage() {
  const id = Number(useParams<{ id: string }>().id)
  const state = useLoad(
    async (signal) => {
      const draft = (await getDraft(id, signal)).data
      // A received draft opened again shows its receipt.
      const receipt = draft.receipt_id ? (await getReceipt(draft.receipt_id, signal)).data : null
      return { draft, receipt }
    },
    [id],
    T.loadFailed,
  )
  if (state.loading && !state.data) return <PageLoading />
  if (state.error || !state.data) return <LoadError error={state.error ?? T.loadFailed} retry={state.reload} />
  return <DraftForm key={id} loaded={state.data.draft} loadedReceipt={state.data.receipt} />
}

/** The schema's field names in the words on the form. */
const LINE_LABELS = { received_quantity: 'Received', refused_quantity: 'Refused', refused_reason: 'Why refused', quantity: 'Invoiced quantity', unit_price: 'Price', expiry_date: 'Expiry date', note: 'Note' }

const arrivalOf = (quantity: number): ArrivalState => ({ received: String(quantity), refused: '0', reason: 'REFUSED', expiry: '', note: '' })

function DraftForm({ loaded, loadedReceipt }: { loaded: InvoiceDraft; loadedReceipt: Receipt | null }) {
  const manager = useSession()?.user.role_name === MANAGER
  // One Idempotency-Key per opening of the draft (DECISIONS): a retried Receive writes one receipt.
  const [key] = useState(newKey)
  const [draft, setDraft] = useState(loaded)
  const [receipt, setReceipt] = useState(loadedReceipt)
  const [arrivals, setArrivals] = useState<Record<number, ArrivalState>>(() => Object.fromEntries(loaded.lines.map((l) => [l.n, arrivalOf(l.quantity)])))
  const [errors, setErrors] = useState<Record<number, Record<string, string>>>({})
  const [saving, setSaving] = useState<number | null>(null)
  const { busy, failure, setFailure, run } = useSubmit()
  const open = OPEN_DRAFT_STATUSES.includes(draft.status)
  // A PDF or a photo read by position: its columns can be named (open by itself while nothing was read) and it is read again.
  const [naming, setNaming] = useState(false)
  const namable = open && readByColumns(draft.reader) && draft.layout !== null

  if (receipt) return <ReceiptView draft={draft} receipt={receipt} />

  const setArrival = (n: number, patch: Partial<ArrivalState>) => {
    setErrors((e) => (e[n] ? { ...e, [n]: {} } : e))
    setArrivals((s) => ({ ...s, [n]: { ...s[n], ...patch } }))
  }

  /** A line's item picked or confirmed, or its figures corrected: checked with DraftLineBody, then PUT; the fields refused, or null. */
  async function saveLine(n: number, change: { item_id: number | null; quantity: string; unit_price: string }): Promise<Record<string, string> | null> {
    setFailure(null)
    const c = check(DraftLineBody, { item_id: change.item_id ?? undefined, quantity: numberOrUndefined(change.quantity), unit_price: numberOrUndefined(change.unit_price) })
    if (!c.ok) {
      const refused = withLabels(c.errors, LINE_LABELS)
      if (refused.item_id) refused.item_id = T.pickFirst
      return refused
    }
    setSaving(n)
    try {
      const before = draft.lines.find((l) => l.n === n)
      const next = (await updateDraftLine(draft.id, n, c.value)).data
      setDraft(next)
      // A corrected invoiced quantity is what arrives unless the person says otherwise.
      const after = next.lines.find((l) => l.n === n)
      if (after && before && after.quantity !== before.quantity && arrivals[n]?.received === String(before.quantity)) setArrival(n, { received: String(after.quantity) })
      return null
    } catch (err) {
      setFailure(failureMessage(err, T.lineFailed))
      return { _: failureMessage(err, T.lineFailed) }
    } finally {
      setSaving(null)
    }
  }

  /** The lines as they arrived, checked with the contract's DraftReceiveBody; null with each refused field marked. */
  function checkedBody() {
    const body = {
      lines: draft.lines.map((l) => {
        const refused = numberOrUndefined(arrivals[l.n].refused)
        return {
          n: l.n,
          received_quantity: numberOrUndefined(arrivals[l.n].received),
          refused_quantity: refused,
          refused_reason: refused ? arrivals[l.n].reason : null,
          expiry_date: arrivals[l.n].expiry || null,
          note: arrivals[l.n].note.trim() || null,
        }
      }),
    }
    const found: Record<number, Record<string, string>> = {}
    for (const b of body.lines) {
      const c = check(DraftReceiveLine, b)
      if (!c.ok) found[b.n] = withLabels(c.errors, LINE_LABELS)
      else {
        // The server's own rule, said before sending: received and refused within what was invoiced.
        const invoiced = draft.lines.find((l) => l.n === b.n)!.quantity
        if (toCents(c.value.received_quantity) + toCents(c.value.refused_quantity) > toCents(invoiced)) found[b.n] = { _: INVOICE_MSG.tooMuch(b.n) }
      }
    }
    const r = check(DraftReceiveBody, body)
    setErrors(found)
    if (r.ok && Object.keys(found).length === 0) return r.value
    // A line's field may be off-screen on a phone: the line beside Receive says to look (or what no field shows).
    setFailure(Object.keys(found).length || r.ok ? T.checkFields : (r.errors.lines ?? T.checkFields))
    return null
  }

  function submit(e: FormEvent) {
    e.preventDefault()
    setFailure(null)
    if (draft.lines.some((l) => l.item_id === null)) return setFailure(T.receiveFirst)
    const body = checkedBody()
    if (!body) return
    void run(async () => {
      const res = await receiveDraft(draft.id, body, key)
      toast({ kind: 'success', title: T.receivedToast, message: res.message })
      setDraft({ ...draft, status: 'RECEIVED', receipt_id: res.data.id })
      setReceipt(res.data)
      // Read again for what is now worth a credit note (short, refused, damaged); the receipt is written either way.
      getDraft(draft.id).then(
        (r) => setDraft(r.data),
        (err: unknown) => toast({ kind: 'error', title: T.loadFailed, message: failureMessage(err, T.loadFailed) }),
      )
    }, T.receiveFailed)
  }

  /** The file read again with named columns: new lines, each arriving in full until said otherwise. */
  function reread(next: InvoiceDraft) {
    setDraft(next)
    setArrivals(Object.fromEntries(next.lines.map((l) => [l.n, arrivalOf(l.quantity)])))
    setErrors({})
    setFailure(null)
    setNaming(false)
  }

  const toReview = draft.lines.filter((l) => l.problems.length > 0 || l.item_id === null).length
  const noLines = draft.lines.length === 0
  return (
    <form onSubmit={submit} noValidate className="mx-auto max-w-3xl">
      <DraftHead draft={draft} onChanged={setDraft} />
      {manager && <ManagerActions draft={draft} onChanged={setDraft} />}
      {namable &&
        (naming || noLines ? (
          <PdfColumns key={draft.layout!.columns.map((c) => c.field).join()} draft={draft} onRead={reread} />
        ) : (
          <button type="button" className="mt-3 min-h-11 text-sm font-semibold text-brand-700 underline dark:text-brand-300" onClick={() => setNaming(true)}>
            {T.changeColumns(draft.reader === 'OCR' ? 'photo' : 'PDF')}
          </button>
        ))}
      {!noLines && (
        <p role="status" className={`mt-4 text-sm font-semibold ${toReview ? 'text-red-800 dark:text-red-300' : 'text-emerald-800 dark:text-emerald-300'}`}>
          {toReview ? T.toReview(toReview) : T.allMatched}
        </p>
      )}
      <ul aria-label="Invoice lines" className="mt-2 space-y-3">
        {draft.lines.map((l) => (
          <DraftLineCard key={l.n} line={l} arrival={arrivals[l.n]} errors={errors[l.n]} busy={saving === l.n || !open} onArrival={(p) => setArrival(l.n, p)} onSave={(c) => saveLine(l.n, c)} />
        ))}
      </ul>
      {open && !noLines && (
        <div data-sticky-bar className="sticky bottom-0 mt-6 space-y-3 border-t border-slate-200 bg-white/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <ErrorLine message={failure} />
          <Button type="submit" disabled={busy || saving !== null} className="w-full sm:w-auto">
            {busy ? T.receiving : T.receive}
          </Button>
        </div>
      )}
      {!open && <ErrorLine message={failure} />}
    </form>
  )
}

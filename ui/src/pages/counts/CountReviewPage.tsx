import { useState } from 'react'
import { Link, useLocation, useParams } from 'wouter'
import type { ReviewLine } from '../../../../src/contract/counts'
import { formatPacked } from '../../../../src/contract/packs'
import { formatMl } from '../../../../src/contract/bar'
import { messageOr } from '../../api/client'
import { approveCount, cancelCount, downloadVariance, getReview, putLine } from '../../api/counts'
import { Badge, titleCase } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { ConfirmDialog } from '../../components/ConfirmDialog'
import { ErrorLine } from '../../components/ErrorLine'
import { TextField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { Spinner } from '../../components/Spinner'
import { StatCards } from '../../components/StatCards'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { saveFile } from '../../lib/saveFile'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { UI } from '../../messages/common'
import { dropJournals } from '../../lib/offline/journal'
import { forgetCount } from '../../lib/offline/sheets'
import { STATUS_TONES } from './CountsPage'
import { DevicesTable, DoubleCountReview } from './DoubleCountReview'
import { FoundReview } from './FoundReview'

/** The Manager's variance review: one row per item by |value|, the totals, reasons, approve. */
export default function CountReviewPage() {
  const id = Number(useParams<{ id: string }>().id)
  const fmt = useFormat()
  const [, navigate] = useLocation()
  const review = useLoad((signal) => getReview(id, signal).then((r) => r.data), [id], COUNT_UI.reviewFailed)
  const [confirm, setConfirm] = useState<'approve' | 'cancel' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  if (review.error) return <LoadError error={review.error} retry={review.reload} />
  if (!review.data) return <Spinner label="Loading review" />
  const r = review.data
  const submitted = r.count.status === 'SUBMITTED'
  // Devices still holding entries (issue 33.5): approving asks first, naming whose phones they are on.
  const waitingOn = [...new Set(r.devices.filter((d) => d.waiting > 0).map((d) => d.user_name))]
  const approveMessage = r.waiting > 0 ? `${COUNT_UI.waitingWarning(r.waiting, waitingOn)} ${COUNT_UI.approveMessage}` : COUNT_UI.approveMessage

  const download = async () => {
    try {
      const f = await downloadVariance(id)
      saveFile(f.blob, f.filename ?? `count-${id}-variance.csv`)
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: messageOr(err, COUNT_UI.downloadFailed) })
    }
  }
  return (
    <div>
      <PageHeader
        title={COUNT_UI.reviewTitle(id)}
        description={<Badge tone={STATUS_TONES[r.count.status]}>{titleCase(r.count.status)}</Badge>}
        actions={
          <>
            <Link href={`/counts/${id}`} className={buttonClass('secondary')}>
              {COUNT_UI.open}
            </Link>
            <Link href={`/counts/${id}/print`} className={buttonClass('secondary')}>
              {COUNT_UI.print}
            </Link>
            <Button variant="secondary" onClick={download}>
              {COUNT_UI.download}
            </Button>
          </>
        }
      />
      <StatCards
        label="Variance totals"
        loading={false}
        error={null}
        onRetry={review.reload}
        stats={[
          { label: COUNT_UI.gains, value: fmt.money(r.totals.gains), tone: 'success' },
          { label: COUNT_UI.losses, value: fmt.money(r.totals.losses), tone: 'danger' },
          { label: COUNT_UI.net, value: fmt.money(r.totals.net), tone: r.totals.net < 0 ? 'danger' : 'neutral' },
          { label: 'Items', value: r.lines.length },
        ]}
      />
      {r.needs_reason > 0 && <ErrorLine message={COUNT_UI.needsReason(r.needs_reason)} />}
      <FoundReview countId={id} lines={r.found_lines} unresolved={r.unresolved_found} editable={submitted || r.count.status === 'OPEN'} onResolved={review.reload} />
      <DoubleCountReview
        countId={id}
        lines={r.double_count_lines}
        units={new Map(r.lines.map((l) => [l.item_id, l.unit]))}
        editable={submitted || r.count.status === 'OPEN'}
        onResolved={() => {
          setFailure(null)
          review.reload()
        }}
      />
      <DevicesTable devices={r.devices} />
      <ErrorLine message={failure} />
      <ol className="mt-4 space-y-3" aria-label="Variances by value">
        {r.lines.map((l) => (
          <ReviewRow
            key={l.item_id}
            countId={id}
            line={l}
            // An item on the count only through a found line mapped to it takes its reason with that line's area.
            areaId={l.area_ids[0] ?? r.found_lines.find((f) => f.item_id === l.item_id && f.resolution === 'MAPPED')?.area_id ?? 0}
            editable={submitted || r.count.status === 'OPEN'}
            onSaved={review.reload}
          />
        ))}
      </ol>
      {(submitted || r.count.status === 'OPEN') && (
        <div data-sticky-bar className="sticky bottom-0 mt-6 flex flex-wrap gap-3 border-t border-slate-200 bg-white/95 py-3 dark:border-slate-700 dark:bg-slate-950/95">
          <Button variant="secondary" onClick={() => setConfirm('cancel')}>
            {COUNT_UI.cancelCount}
          </Button>
          {submitted && r.double_counts > 0 && (
            <p id="approve-blocked" className="ml-auto self-center text-sm font-semibold text-amber-800 dark:text-amber-200">
              {COUNT_UI.approveBlocked(r.double_counts)}
            </p>
          )}
          {submitted && (
            <Button className={r.double_counts > 0 ? '' : 'ml-auto'} onClick={() => setConfirm('approve')} disabled={r.double_counts > 0} aria-describedby={r.double_counts > 0 ? 'approve-blocked' : undefined}>
              {COUNT_UI.approve}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'approve' ? COUNT_UI.approveTitle : COUNT_UI.cancelTitle}
        message={confirm === 'approve' ? approveMessage : COUNT_UI.cancelMessage}
        confirmLabel={confirm === 'approve' ? COUNT_UI.approve : COUNT_UI.cancelCount}
        danger={confirm === 'cancel'}
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          setFailure(null)
          try {
            if (confirm === 'approve') {
              const res = await approveCount(id)
              toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.approved(res.data.posted.length) })
            } else {
              await cancelCount(id)
              toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.cancelled })
            }
            void forgetCount(id).catch(() => {})
            dropJournals(id)
            navigate('/counts')
          } catch (err) {
            setFailure(messageOr(err, confirm === 'approve' ? COUNT_UI.approveFailed : COUNT_UI.cancelFailed))
            review.reload()
          }
        }}
      />
    </div>
  )
}

function ReviewRow({ countId, line, areaId, editable, onSaved }: { countId: number; line: ReviewLine; areaId: number; editable: boolean; onSaved: () => void }) {
  const fmt = useFormat()
  const [reason, setReason] = useState(line.reason ?? '')
  const [error, setError] = useState<string | undefined>()
  const save = async () => {
    if ((line.reason ?? '') === reason.trim()) return
    setError(undefined)
    try {
      await putLine(countId, { area_id: areaId, item_id: line.item_id, reason: reason.trim() || null })
      toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.reasonSaved })
      onSaved()
    } catch (err) {
      setError(messageOr(err, 'Failed to save the reason'))
    }
  }
  const tone = (line.variance_value ?? 0) < 0 ? 'text-red-700 dark:text-red-300' : (line.variance_value ?? 0) > 0 ? 'text-emerald-800 dark:text-emerald-300' : ''
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900" data-testid={`review-${line.item_id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold">
          {line.item_name} {line.over_threshold && <Badge tone="warning">{COUNT_UI.over}</Badge>}
        </p>
        <p className={`font-semibold ${tone}`}>{line.variance_value === null ? '—' : fmt.money(line.variance_value)}</p>
      </div>
      <dl className="mt-1 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Expected</dt>
          <dd>{formatPacked(line.expected, line.unit, line.packs)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Counted</dt>
          <dd>{line.counted === null ? COUNT_UI.lineNotCounted : formatPacked(line.counted, line.unit, line.packs)}</dd>
          {line.open_ml !== null && <dd data-testid={`review-open-${line.item_id}`}>incl. {formatMl(line.open_ml)} open</dd>}
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-300">Variance</dt>
          <dd>{line.variance === null ? '—' : fmt.quantity(line.variance, line.unit)}</dd>
        </div>
      </dl>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        {[line.area_names.join(', '), line.found_quantity !== null ? COUNT_UI.includesFound(fmt.quantity(line.found_quantity, line.unit)) : ''].filter(Boolean).join(' · ')}
      </p>
      {editable && line.variance !== null && line.variance !== 0 && (
        <div className="mt-2">
          <TextField label={COUNT_UI.reasonLabel(line.item_name)} value={reason} onChange={setReason} onBlur={save} error={error} maxLength={500} />
        </div>
      )}
      {!editable && line.reason && <p className="mt-1 text-sm">Reason: {line.reason}</p>}
    </li>
  )
}

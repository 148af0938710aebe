import { useState, type FormEvent } from 'react'
import { Link, useLocation } from 'wouter'
import { COUNT_STATUSES, type CountStatus, type StockCount } from '../../../../src/contract/counts'
import { MANAGER } from '../../../../src/contract/roles'
import { listAreas, listCounts, startCount } from '../../api/counts'
import { Badge, titleCase, type BadgeTone } from '../../components/Badge'
import { Button, buttonClass } from '../../components/Button'
import { DataTable, type Column } from '../../components/DataTable'
import { ErrorLine } from '../../components/ErrorLine'
import { SelectField, TextField } from '../../components/Field'
import { FormModal } from '../../components/FormModal'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { usePagedList } from '../../components/usePagedList'
import { useSubmit } from '../../components/useSubmit'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { UI } from '../../messages/common'
import { useSession } from '../../session/store'
import { SectionLinks } from './SectionLinks'

export const STATUS_TONES: Record<CountStatus, BadgeTone> = { OPEN: 'info', SUBMITTED: 'warning', APPROVED: 'success', CANCELLED: 'neutral' }

/** /counts: the sessions, newest first, and "Start a count". */
export default function CountsPage() {
  const fmt = useFormat()
  const session = useSession()
  const isManager = session?.user.role_name === MANAGER
  const [status, setStatus] = useState('')
  const [starting, setStarting] = useState(false)
  const list = usePagedList<StockCount>(({ page, limit, signal }) => listCounts({ page, limit, status: (status || undefined) as CountStatus | undefined }, signal), [status])

  const columns: Column<StockCount>[] = [
    { header: 'Count', cell: (c) => <Link href={`/counts/${c.id}`} className="font-semibold text-brand-700 underline dark:text-brand-300">#{c.id}</Link> },
    { header: COUNT_UI.status, cell: (c) => <span className="flex gap-1"><Badge tone={STATUS_TONES[c.status]}>{titleCase(c.status)}</Badge>{c.blind && <Badge tone="violet">{COUNT_UI.blind}</Badge>}</span> },
    { header: 'Areas', cell: (c) => c.areas.map((a) => a.name).join(', ') },
    { header: 'Counted', numeric: true, cell: (c) => `${c.counted_count}/${c.line_count}` },
    { header: 'Started', cell: (c) => `${fmt.dateTime(c.started_at)} · ${c.started_by_name}`, wide: true },
  ]
  return (
    <div>
      <PageHeader title={COUNT_UI.title} description={COUNT_UI.description} actions={<Button onClick={() => setStarting(true)}>{COUNT_UI.start}</Button>} />
      <SectionLinks current="counts" />
      <div className="mb-4 max-w-xs">
        <SelectField label={COUNT_UI.status} value={status} onChange={setStatus} placeholder="All statuses" options={COUNT_STATUSES.map((s) => ({ value: s, label: titleCase(s) }))} />
      </div>
      <DataTable
        kind="counts"
        columns={columns}
        list={list}
        failed={COUNT_UI.listFailed}
        actions={(c) => (
          <span className="flex gap-2">
            <Link href={`/counts/${c.id}`} className={buttonClass('secondary')} aria-label={`${COUNT_UI.open} #${c.id}`}>
              {COUNT_UI.open}
            </Link>
            {/* An approved count's review stays readable (issue 32.3): what was posted, and why. */}
            {isManager && (c.status === 'SUBMITTED' || c.status === 'APPROVED' || (c.status === 'OPEN' && !c.blind)) && (
              <Link href={`/counts/${c.id}/review`} className={buttonClass('secondary')} aria-label={`${COUNT_UI.review} #${c.id}`}>
                {COUNT_UI.review}
              </Link>
            )}
          </span>
        )}
      />
      {starting && <StartDialog onClose={() => setStarting(false)} />}
    </div>
  )
}

function StartDialog({ onClose }: { onClose: () => void }) {
  const [, navigate] = useLocation()
  const areas = useLoad((signal) => listAreas(signal).then((r) => r.data), [], COUNT_UI.areasFailed)
  const [chosen, setChosen] = useState<number[]>([])
  const [blind, setBlind] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string | undefined>()
  const { busy, failure, setFailure, run } = useSubmit()
  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setFailure(null)
    if (chosen.length === 0) return setError(COUNT_UI.chooseAtLeastOne)
    setError(undefined)
    await run(async () => {
      const res = await startCount({ area_ids: chosen, blind, note: note.trim() || undefined })
      toast({ kind: 'success', title: UI.successTitle, message: COUNT_UI.started(res.data.id) })
      onClose()
      navigate(`/counts/${res.data.id}`)
    }, COUNT_UI.startFailed)
  }
  return (
    <FormModal title={COUNT_UI.startTitle} busy={busy} formId="start-count" submitLabel={COUNT_UI.start} busyLabel={COUNT_UI.starting} onClose={onClose} onSubmit={submit}>
      <ErrorLine message={failure} />
      {areas.error && <LoadError error={areas.error} retry={areas.reload} inline />}
      {areas.data && areas.data.length === 0 && (
        <p className="text-sm">
          {COUNT_UI.noAreas}{' '}
          <Link href="/counts/areas" className="underline">
            {COUNT_UI.areasLink}
          </Link>
        </p>
      )}
      {areas.data && areas.data.length > 0 && (
        <fieldset aria-describedby={error ? 'start-areas-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{COUNT_UI.chooseAreas}</legend>
          {areas.data.map((a) => (
            <label key={a.id} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                className="size-5"
                checked={chosen.includes(a.id)}
                disabled={a.open_count_id !== null}
                onChange={(e) => setChosen((c) => (e.target.checked ? [...c, a.id] : c.filter((x) => x !== a.id)))}
              />
              <span>
                {a.name} <span className="text-sm text-slate-600 dark:text-slate-300">({a.item_count}{a.open_count_id !== null ? `, ${COUNT_UI.inCount(a.open_count_id)}` : ''})</span>
              </span>
            </label>
          ))}
          {error && (
            <p id="start-areas-error" className="text-sm text-red-700 dark:text-red-300">
              {error}
            </p>
          )}
        </fieldset>
      )}
      <label className="mt-3 flex min-h-11 items-center gap-3">
        <input type="checkbox" className="size-5" checked={blind} onChange={(e) => setBlind(e.target.checked)} />
        {COUNT_UI.blindLabel}
      </label>
      <TextField label={COUNT_UI.noteLabel} value={note} onChange={setNote} hint="Optional" maxLength={500} />
    </FormModal>
  )
}

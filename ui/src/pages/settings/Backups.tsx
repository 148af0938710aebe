import { useId, useState } from 'react'
import type { BackupInfo } from '../../../../src/contract/backups'
import { createBackup, downloadBackup, listBackups } from '../../api/managerSettings'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { saveFile } from '../../lib/saveFile'
import { errorText, useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'


export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`
  const units = ['KB', 'MB', 'GB', 'TB']
  let v = n / 1024
  let i = 0
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024
    i++
  }
  return `${v.toFixed(v >= 100 ? 0 : 1)} ${units[i]}`
}

/** The backups on the box (newest first): size, time, integrity, a download each, and 'Back up now'. */
export function Backups() {
  const fmt = useFormat()
  const headingId = useId()
  const backups = useLoad((signal) => listBackups(signal).then((r) => r.data), [], (err) => `Failed to load backups: ${errorText(err)}`)
  const state = { rows: backups.data ?? [], loading: backups.loading, error: backups.error }
  const reload = backups.reload
  const [working, setWorking] = useState(false)
  const [downloading, setDownloading] = useState<string | null>(null)

  async function backUpNow() {
    setWorking(true)
    try {
      const res = await createBackup()
      toast({ kind: 'success', title: res.message || 'Backup created successfully' })
    } catch (err) {
      toast({ kind: 'error', title: 'Failed to create backup', message: errorText(err) })
    } finally {
      setWorking(false)
      reload()
    }
  }

  async function download(b: BackupInfo) {
    setDownloading(b.name)
    try {
      const { blob, filename } = await downloadBackup(b.name)
      saveFile(blob, filename ?? b.name)
    } catch (err) {
      toast({ kind: 'error', title: 'Failed to download backup', message: errorText(err) })
    } finally {
      setDownloading(null)
    }
  }

  return (
    <section aria-labelledby={headingId} aria-busy={state.loading || undefined} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-lg font-semibold">
            Backups
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">Copies of the database, each checked for integrity before it is kept.</p>
        </div>
        <Button onClick={backUpNow} disabled={working}>
          {working ? 'Backing up...' : 'Back up now'}
        </Button>
      </div>
      {state.error ? (
        <div className="space-y-3">
          <ErrorLine message={state.error} />
          <Button variant="secondary" onClick={reload}>
            {UI.retry}
          </Button>
        </div>
      ) : state.loading && state.rows.length === 0 ? (
        <Spinner label="Loading backups" />
      ) : state.rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{UI.empty('backups')}</p>
      ) : (
        <ul aria-label="Backups" className="divide-y divide-slate-100 dark:divide-slate-800">
          {state.rows.map((b) => (
            <li key={b.name} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-semibold break-all">{b.name}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  {fmt.dateTime(b.created_at)} · {formatBytes(b.size)} · {b.kind === 'manual' ? 'Manual' : 'Scheduled'} ·{' '}
                  {b.integrity_ok ? (
                    <span className="font-medium text-emerald-800 dark:text-emerald-300">Integrity OK</span>
                  ) : (
                    <span className="font-medium text-red-700 dark:text-red-300">Integrity check failed</span>
                  )}
                </p>
              </div>
              <Button variant="secondary" onClick={() => download(b)} disabled={downloading !== null} aria-label={`Download backup ${b.name}`}>
                {downloading === b.name ? 'Downloading...' : 'Download'}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

import { useEffect, useId, useState, type FormEvent } from 'react'
import { copyAge, type OffsiteEnvField, type OffsitePatch, type OffsiteSettings } from '../../../../src/contract/offsite'
import { getOffsiteSettings, getOffsiteStatus, publishOffsite, saveOffsiteSettings, testOffsite } from '../../api/offsite'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { PasswordField, TextField } from '../../components/Field'
import { Spinner } from '../../components/Spinner'
import { toast } from '../../components/toast'
import { errorText, useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'

type Field = 'endpoint' | 'region' | 'bucket' | 'prefix' | 'access_key_id' | 'site_name' | 'site_id' | 'cron' | 'keep'
const LABELS: Record<Field | 'secret_access_key', string> = {
  endpoint: 'Endpoint',
  region: 'Region',
  bucket: 'Bucket',
  prefix: 'Prefix',
  access_key_id: 'Access key',
  secret_access_key: 'Secret key',
  site_name: 'Site name',
  site_id: 'Site id',
  cron: 'Nightly snapshot schedule',
  keep: 'Nightly snapshots to keep',
}
const FIELDS: Field[] = ['endpoint', 'region', 'bucket', 'prefix', 'access_key_id', 'site_name', 'site_id', 'cron', 'keep']
const ENV_HINT = 'Set by the environment'

const toForm = (s: OffsiteSettings) => Object.fromEntries(FIELDS.map((f) => [f, String(s[f])])) as Record<Field, string>

/**
 * Settings → Off-site copies: where the copies go (the secret is write-only), Test connection,
 * Publish now and the last good copy. Fields the environment sets are read-only.
 */
export function OffsiteCopies() {
  const fmt = useFormat()
  const headingId = useId()
  const settings = useLoad((signal) => getOffsiteSettings(signal).then((r) => r.data), [], (err) => `Failed to load the off-site settings: ${errorText(err)}`)
  const status = useLoad((signal) => getOffsiteStatus(signal).then((r) => r.data), [], (err) => `Failed to load the off-site status: ${errorText(err)}`)
  const [form, setForm] = useState<Record<Field, string> | null>(null)
  const [secret, setSecret] = useState('')
  const [busy, setBusy] = useState<'save' | 'test' | 'run' | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [tested, setTested] = useState<{ ok: boolean; message: string } | null>(null)

  useEffect(() => {
    if (settings.data) setForm(toForm(settings.data))
  }, [settings.data])

  const fromEnv = new Set<OffsiteEnvField | Field>(settings.data?.from_env ?? [])

  async function save(e: FormEvent) {
    e.preventDefault()
    if (!form || !settings.data) return
    const saved = toForm(settings.data)
    const patch: Record<string, unknown> = {}
    for (const f of FIELDS) if (!fromEnv.has(f) && form[f] !== saved[f]) patch[f] = f === 'keep' ? Number(form[f]) : form[f]
    if (secret && !fromEnv.has('secret_access_key')) patch.secret_access_key = secret
    setBusy('save')
    setFailure(null)
    try {
      const res = await saveOffsiteSettings(patch as OffsitePatch)
      toast({ kind: 'success', title: res.message })
      setSecret('')
      settings.reload()
      status.reload()
    } catch (err) {
      setFailure(errorText(err))
    } finally {
      setBusy(null)
    }
  }

  async function test() {
    setBusy('test')
    setTested(null)
    try {
      const res = await testOffsite()
      setTested({ ok: res.data.ok, message: res.data.message })
    } catch (err) {
      setTested({ ok: false, message: errorText(err) })
    } finally {
      setBusy(null)
    }
  }

  async function publishNow() {
    setBusy('run')
    try {
      const res = await publishOffsite()
      toast({ kind: 'success', title: res.message })
    } catch (err) {
      toast({ kind: 'error', title: 'Off-site copy failed', message: errorText(err) })
    } finally {
      setBusy(null)
      status.reload()
    }
  }

  const s = status.data
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
      <div>
        <h2 id={headingId} className="text-lg font-semibold">
          Off-site copies
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          A nightly snapshot and the hourly stock movements, sent to S3-compatible storage (AWS S3, Cloudflare R2, Backblaze B2, MinIO…), so the restaurant survives a dead SD card or a stolen box.
        </p>
      </div>
      {s && (
        <div role="status" aria-label="Off-site copy status" className="space-y-1 text-sm">
          <p>
            <span className="font-semibold">Last good copy: </span>
            {s.last_success_at ? `${copyAge(s.last_success_at, new Date())} (${fmt.dateTime(s.last_success_at)})` : 'never'}
            {s.generation > 0 && <span className="text-slate-600 dark:text-slate-400"> · site {s.site_id}, generation {s.generation}</span>}
          </p>
          {s.last_error && <ErrorLine message={`Last error: ${s.last_error}`} />}
          {s.retry_at && <p className="text-slate-600 dark:text-slate-400">Next try {fmt.dateTime(s.retry_at)}</p>}
        </div>
      )}
      {settings.error ? (
        <div className="space-y-3">
          <ErrorLine message={settings.error} />
          <Button variant="secondary" onClick={settings.reload}>
            {UI.retry}
          </Button>
        </div>
      ) : !form || !settings.data ? (
        <Spinner label="Loading the off-site settings" />
      ) : (
        <form onSubmit={save} noValidate className="space-y-4" aria-label="Off-site copies">
          <div className="grid gap-5 sm:grid-cols-2">
            {FIELDS.map((f) => (
              <TextField
                key={f}
                label={LABELS[f]}
                value={form[f]}
                onChange={(v) => setForm({ ...form, [f]: v })}
                disabled={fromEnv.has(f) || busy !== null}
                hint={fromEnv.has(f) ? ENV_HINT : f === 'cron' ? 'Minute hour day month weekday, in the restaurant’s time zone' : undefined}
                inputMode={f === 'keep' ? 'numeric' : undefined}
              />
            ))}
            <PasswordField
              label={LABELS.secret_access_key}
              value={secret}
              onChange={setSecret}
              disabled={fromEnv.has('secret_access_key') || busy !== null}
              autoComplete="new-password"
              hint={fromEnv.has('secret_access_key') ? ENV_HINT : settings.data.secret_set ? 'A secret is set; leave blank to keep it' : 'Not set'}
            />
          </div>
          {failure && <ErrorLine message={failure} />}
          {tested && (tested.ok ? <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-300">{tested.message}</p> : <ErrorLine message={tested.message} />)}
          <div className="flex flex-col-reverse flex-wrap gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={test} disabled={busy !== null || !settings.data.configured}>
              {busy === 'test' ? 'Testing...' : 'Test connection'}
            </Button>
            <Button variant="secondary" onClick={publishNow} disabled={busy !== null || !settings.data.configured}>
              {busy === 'run' ? 'Publishing...' : 'Publish now'}
            </Button>
            <Button type="submit" disabled={busy !== null}>
              {busy === 'save' ? 'Saving...' : 'Save off-site settings'}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}

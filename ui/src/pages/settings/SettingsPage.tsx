import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react'
import { SETTINGS_MSG, type ManagerSettings } from '../../../../src/contract/settings'
import { getConnectInfo, getManagerSettings, saveManagerSettings } from '../../api/managerSettings'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { PasswordField, SelectField, TextField } from '../../components/Field'
import { QuantityField } from '../../components/QuantityField'
import { PageHeader } from '../../components/PageHeader'
import { toast } from '../../components/toast'
import { PageLoading } from '../../components/Spinner'
import { loadDisplaySettings } from '../../lib/display'
import { errorText, useLoad } from '../../components/useLoad'
import { UI } from '../../messages/common'
import { Backups } from './Backups'
import { OffsiteCopies } from './OffsiteCopies'
import { BackupSchedule } from './BackupSchedule'
import { TimeZonePicker } from './TimeZonePicker'
import { ConnectDevice } from './ConnectDevice'
import { changes, COST_METHOD_OPTIONS, fieldOfMessage, LABELS, ORDER_ROUNDING_OPTIONS, POUR_OZ_OPTIONS, toForm, validate, type SettingsForm, type SettingsKey } from './form'

const CUSTOM = '__custom__'

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="space-y-4 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0 dark:border-slate-800">
      <div>
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description && <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">{children}</div>
    </section>
  )
}

/**
 * A labelled on/off switch (a checkbox read out as a switch). The checkbox itself is a 44 × 44 px
 * target (issue 24) drawn as a 24 px box inside it; the whole row is a label, so tapping the words works too.
 */
function Switch({ label, checked, onChange, hint, disabled }: { label: string; checked: boolean; onChange: (v: boolean) => void; hint?: ReactNode; disabled?: boolean }) {
  const id = useId()
  return (
    <div className="space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center gap-2 has-disabled:cursor-not-allowed has-disabled:opacity-60">
        <span className="relative grid size-11 shrink-0 place-items-center">
          <input
            id={id}
            type="checkbox"
            role="switch"
            checked={checked}
            disabled={disabled}
            onChange={(e) => onChange(e.target.checked)}
            aria-describedby={hint ? `${id}-hint` : undefined}
            className="peer absolute inset-0 m-0 size-11 cursor-pointer appearance-none rounded-lg focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed"
          />
          <span
            aria-hidden="true"
            className="pointer-events-none grid size-6 place-items-center rounded-md border-2 border-slate-500 bg-white text-transparent peer-checked:border-brand-700 peer-checked:bg-brand-700 peer-checked:text-white dark:border-slate-400 dark:bg-slate-900 dark:peer-checked:border-brand-500 dark:peer-checked:bg-brand-600"
          >
            <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
              <path d="M5 12.5l4.5 4.5L19 7.5" />
            </svg>
          </span>
        </span>
        <span className="text-sm font-medium text-slate-700 dark:text-slate-200">{label}</span>
      </label>
      {hint && (
        <div id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </div>
      )}
    </div>
  )
}

function useConnectInfo() {
  const c = useLoad((signal) => getConnectInfo(signal).then((r) => r.data), [], (err) => `Failed to load the device addresses: ${errorText(err)}`)
  return { info: c.data, loading: c.loading, error: c.error, retry: c.reload }
}

export default function SettingsPage() {
  const [loaded, setLoaded] = useState<{ settings: ManagerSettings | null; error: string | null }>({ settings: null, error: null })
  const [attempt, setAttempt] = useState(0)
  const [saved, setSaved] = useState<SettingsForm | null>(null)
  const [form, setForm] = useState<SettingsForm | null>(null)
  const [errors, setErrors] = useState<Partial<Record<SettingsKey, string>>>({})
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [customUrl, setCustomUrl] = useState(false)
  const connect = useConnectInfo()

  useEffect(() => {
    const ctrl = new AbortController()
    setLoaded({ settings: null, error: null })
    getManagerSettings(ctrl.signal).then(
      (res) => {
        setLoaded({ settings: res.data, error: null })
        setSaved(toForm(res.data))
        setForm(toForm(res.data))
      },
      (err: unknown) => {
        if (!ctrl.signal.aborted) setLoaded({ settings: null, error: `Failed to load settings: ${errorText(err)}` })
      },
    )
    return () => ctrl.abort()
  }, [attempt])

  if (loaded.error)
    return (
      <section className="mx-auto max-w-4xl space-y-3">
        <PageHeader title="Settings" />
        <ErrorLine message={loaded.error} />
        <Button variant="secondary" onClick={() => setAttempt((a) => a + 1)}>
          {UI.retry}
        </Button>
      </section>
    )
  if (!form || !saved || !loaded.settings) return <PageLoading />
  const settings = loaded.settings

  const set =
    <K extends SettingsKey>(key: K) =>
    (value: SettingsForm[K]) => {
      setForm((f) => (f ? { ...f, [key]: value } : f))
      setErrors((e) => ({ ...e, [key]: undefined }))
    }
  const text = (key: SettingsKey, extra: Record<string, unknown> = {}) => (
    <TextField label={LABELS[key]} value={form[key] as string} onChange={set(key) as (v: string) => void} error={errors[key]} {...extra} />
  )
  const number = (key: SettingsKey, hint?: string, decimal = false) =>
    decimal ? (
      <QuantityField label={LABELS[key]} value={form[key] as string} onChange={set(key) as (v: string) => void} error={errors[key]} hint={hint} />
    ) : (
      text(key, { inputMode: 'numeric', hint, autoComplete: 'off' })
    )

  const choice = (key: 'order_rounding' | 'cost_method' | 'pour_oz', options: { value: string; label: string }[], hint: string) => (
    <SelectField label={LABELS[key]} value={form[key]} onChange={set(key) as (v: string) => void} options={options} error={errors[key]} hint={hint} />
  )

  const addresses = connect.info ? connect.info.urls.flatMap((u) => (u.https ? [u.https, u.http] : [u.http])) : []
  const urlChoice = customUrl || (form.public_url !== '' && !addresses.includes(form.public_url)) ? CUSTOM : form.public_url
  const httpsOn = !!connect.info?.urls.some((u) => u.https)

  async function save(e: FormEvent) {
    e.preventDefault()
    if (!form || !saved) return
    const patch = changes(form, saved)
    const checked = validate(patch)
    if (!checked.ok) {
      setErrors(checked.errors)
      // The field may be off-screen on a phone: a line beside the Save button says to look.
      const n = Object.keys(checked.errors).length
      setFailure(n === 1 ? 'Check the field marked in red above' : `Check the ${n} fields marked in red above`)
      return
    }
    setErrors({})
    setFailure(null)
    if (Object.keys(checked.value).length === 0) {
      toast({ kind: 'info', title: 'No changes to save' })
      return
    }
    setBusy(true)
    try {
      const res = await saveManagerSettings(checked.value)
      const next = toForm(res.data)
      setLoaded({ settings: res.data, error: null })
      setSaved(next)
      setForm(next)
      setCustomUrl(false)
      // The header, money and dates follow at once.
      await loadDisplaySettings()
      toast({ kind: 'success', title: res.message || SETTINGS_MSG.saved })
    } catch (err) {
      const message = errorText(err)
      const field = fieldOfMessage(message)
      if (field) setErrors({ [field]: LABELS[field] + message.slice(field.length) })
      // A field's refusal shows under it; the form stays as typed.
      setFailure(field ? LABELS[field] + message.slice(field.length) : message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="mx-auto max-w-4xl space-y-6">
      <PageHeader title="Settings" description="How RIMS names, counts, alerts, mails and backs up for this restaurant." />
      <form onSubmit={save} noValidate className="space-y-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6 dark:border-slate-800 dark:bg-slate-900">
        <Section title="Restaurant" description="The name in the header, and how money and dates are written.">
          {text('restaurant_name', { autoComplete: 'organization' })}
          {text('currency', { hint: 'A 3-letter code, e.g. ZMW', autoCapitalize: 'characters' })}
          {text('locale', { hint: 'e.g. en-ZM' })}
          <TimeZonePicker label={LABELS.time_zone} value={form.time_zone} onChange={set('time_zone')} error={errors.time_zone} />
        </Section>

        <Section title="Stock and alerts" description="When items count as expiring or low, and when a discrepancy alert is raised.">
          {number('expiring_days', '1 to 365 days')}
          {number('discrepancy_wastage_value', "A day's kitchen wastage worth more than this raises an alert", true)}
          {number('discrepancy_count_change', 'A stock count changing a balance by more than this raises an alert', true)}
          {number('count_variance_pct', 'In a count session, an item off by more than this percent needs a reason before approval', true)}
          {number('count_variance_value', 'In a count session, an item off by more than this value needs a reason before approval', true)}
        </Section>

        <Section title="Purchasing and costing" description="How order suggestions round to packs, what a delivery does to cost prices, and the food cost menus aim for.">
          {choice('order_rounding', ORDER_ROUNDING_OPTIONS, 'Nearest: 1.4 cases suggests 1, 1.5 suggests 2')}
          {choice('cost_method', COST_METHOD_OPTIONS, "What an item's cost price becomes when a delivery is received")}
          {number('price_alert_pct', 'A delivered price this far from the last one raises a price alert, and the receiving form warns', true)}
          {number('target_food_cost_pct', "A menu plate's cost as a share of its price; a recipe may set its own", true)}
          <Switch
            label={LABELS.invoice_ocr}
            checked={form.invoice_ocr}
            onChange={set('invoice_ocr')}
            hint="Receive from invoice offers “Take a photo”: the phone reads the photo itself (about 6 MB of reader files from this box the first time; tens of seconds a page on a slow phone). Every line is still checked against the invoice's totals."
          />
        </Section>

        <Section title="Bar" description="How drinks' pours are measured and the pour cost each kind of drink aims for (a menu recipe whose category is spirits, wine, beer or cocktails).">
          {choice('pour_oz', POUR_OZ_OPTIONS, 'What 1 oz in a drink recipe means')}
          {number('dash_ml', 'What 1 dash in a drink recipe means', true)}
          {number('sales_tax_pct', 'Pour cost divides by the price without it; 0 when prices are without tax', true)}
          {number('pour_target_spirits_pct', undefined, true)}
          {number('pour_target_wine_pct', undefined, true)}
          {number('pour_target_beer_pct', undefined, true)}
          {number('pour_target_cocktails_pct', undefined, true)}
        </Section>

        <Section title="Sign-in" description="How long a sign-in lasts before staff sign in again.">
          {number('token_hours', '1 to 720 hours')}
        </Section>

        <Section title="Email (SMTP)" description="Used for password reset emails.">
          {text('smtp_host', { autoComplete: 'off' })}
          {number('smtp_port', 'Usually 587, or 465 with TLS from the start')}
          {text('smtp_user', { autoComplete: 'off' })}
          <PasswordField
            label={LABELS.smtp_password}
            value={form.smtp_password}
            onChange={set('smtp_password')}
            error={errors.smtp_password}
            autoComplete="new-password"
            hint={settings.smtp_password_set ? 'A password is set. Leave blank to keep it.' : 'No password is set.'}
          />
          {text('smtp_from', { hint: 'e.g. RIMS <rims@example.com>' })}
          <Switch label={LABELS.smtp_secure} checked={form.smtp_secure} onChange={set('smtp_secure')} />
        </Section>

        <Section title="Automatic backups" description="When the automatic backup runs (in the restaurant's time zone) and how many are kept.">
          <BackupSchedule value={form.backup_cron} onChange={set('backup_cron')} error={errors.backup_cron} />
          {number('backup_keep', '1 to 365')}
        </Section>

        <div className="border-t border-slate-200 pt-6 dark:border-slate-800">
          <ConnectDevice info={connect.info} loading={connect.loading} error={connect.error} retry={connect.retry}>
            <div className="grid gap-5 sm:grid-cols-2">
              <div className="space-y-3">
                <SelectField
                  label={LABELS.public_url}
                  value={urlChoice}
                  onChange={(v) => {
                    setCustomUrl(v === CUSTOM)
                    if (v !== CUSTOM) set('public_url')(v)
                  }}
                  options={[{ value: '', label: 'Not set' }, ...addresses.map((a) => ({ value: a, label: a })), { value: CUSTOM, label: 'Another address…' }]}
                  error={urlChoice === CUSTOM ? undefined : errors.public_url}
                  hint="The address used in links sent by email (password reset)."
                />
                {urlChoice === CUSTOM && (
                  <TextField
                    label="Another public URL"
                    type="url"
                    inputMode="url"
                    placeholder="https://rims.example.com"
                    value={form.public_url}
                    onChange={set('public_url')}
                    error={errors.public_url}
                  />
                )}
              </div>
              <Switch
                label={LABELS.require_https}
                checked={form.require_https}
                onChange={set('require_https')}
                disabled={!httpsOn && !form.require_https}
                hint={
                  <>
                    <p>Send every HTTP visit to the HTTPS address (the certificate download stays on HTTP).</p>
                    <p className="mt-1 font-medium text-amber-800 dark:text-amber-300">
                      Warning: devices that have not installed the certificate will see a browser warning (“Your connection is not private”) until they do.
                    </p>
                    {!httpsOn && <p className="mt-1">HTTPS is off on this server, so this cannot be turned on.</p>}
                  </>
                }
              />
            </div>
          </ConnectDevice>
        </div>

        <div data-sticky-bar className="sticky bottom-0 -mx-4 flex flex-col-reverse flex-wrap gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:flex-row sm:justify-end sm:px-6 dark:border-slate-800 dark:bg-slate-900/95">
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => {
              setForm(saved)
              setErrors({})
              setCustomUrl(false)
            }}
          >
            Reset
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving...' : 'Save Settings'}
          </Button>
          {failure && (
            <div className="w-full sm:order-first">
              <ErrorLine message={failure} />
            </div>
          )}
        </div>
      </form>

      <Backups />
      <OffsiteCopies />
    </section>
  )
}

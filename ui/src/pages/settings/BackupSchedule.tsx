import { useState } from 'react'
import { cronToPreset, describePreset, presetToCron, WEEKDAYS, type BackupPreset } from '../../../../src/contract/backup-schedule'
import { SelectField, TextField } from '../../components/Field'

type Kind = BackupPreset['kind']
const KINDS: { value: Kind; label: string }[] = [
  { value: 'daily', label: 'Every day' },
  { value: 'twice', label: 'Twice a day (12 hours apart)' },
  { value: 'weekly', label: 'Once a week' },
  { value: 'cron', label: 'Advanced (cron)' },
]

/**
 * The backup schedule as presets (every day at a time, twice a day, weekly on a day at a time); the raw
 * cron only under "Advanced", which also holds a stored cron no preset says. Writes `backup_cron`.
 */
export function BackupSchedule({ value, onChange, error }: { value: string; onChange: (cron: string) => void; error?: string }) {
  const preset = cronToPreset(value)
  const [advanced, setAdvanced] = useState(preset.kind === 'cron')
  const kind: Kind = advanced || preset.kind === 'cron' ? 'cron' : preset.kind
  const time = preset.kind === 'cron' ? '03:00' : preset.time
  const day = preset.kind === 'weekly' ? preset.day : 0
  const write = (p: BackupPreset) => {
    const cron = presetToCron(p)
    if (cron) onChange(cron)
  }

  return (
    <div className="space-y-4 sm:col-span-2">
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Backup schedule"
          value={kind}
          onChange={(k) => {
            setAdvanced(k === 'cron')
            if (k === 'daily' || k === 'twice') write({ kind: k, time })
            if (k === 'weekly') write({ kind: 'weekly', day, time })
          }}
          options={KINDS}
          error={kind === 'cron' ? undefined : error}
          hint={kind === 'cron' ? undefined : describePreset(preset)}
        />
        {kind === 'weekly' && (
          <SelectField label="Day" value={String(day)} onChange={(d) => write({ kind: 'weekly', day: Number(d), time })} options={WEEKDAYS.map((w, i) => ({ value: String(i), label: w }))} />
        )}
        {kind !== 'cron' && (
          <TextField
            label={kind === 'twice' ? 'First time' : 'Time'}
            type="time"
            value={time}
            onChange={(t) => write(kind === 'weekly' ? { kind, day, time: t } : { kind: kind as 'daily' | 'twice', time: t })}
            hint="In the restaurant's time zone"
          />
        )}
        {kind === 'cron' && (
          <TextField
            label="Cron expression"
            value={value}
            onChange={onChange}
            error={error}
            hint="minute hour day month weekday, e.g. 0 3 * * * for 03:00 every day"
            autoComplete="off"
            spellCheck={false}
          />
        )}
      </div>
    </div>
  )
}

import { useState } from 'react'
import { columnLetter, headerLabel, repeatedHeaders, type ImportColumnSpec } from '../../../../src/contract/imports'
import { Button } from '../../components/Button'
import { ColumnMap } from '../../components/ColumnMap'
import { SelectField, TextField } from '../../components/Field'
import { combinedSample, IGNORE, UNDECIDED, type Choices } from './layout'

/**
 * The file's columns (issue 32.7): each header with its first values and what it is read as (the shared ColumnMap);
 * a repeated header is offered as two columns ("Full bottles (column G)" / "(column J)") for the person to choose;
 * fields built from several columns (Brand + Item + Size → name) and fields with one value for every row.
 */
export function ColumnsStep({ headers, samples, specs, choices, change }: { headers: string[]; samples: string[][]; specs: ImportColumnSpec[]; choices: Choices; change: (c: Choices) => void }) {
  const repeated = repeatedHeaders(headers)
  const label = (i: number) => headerLabel(headers, i, repeated)
  const fieldOptions = specs.map((s) => ({ value: s.field, label: s.field === s.label.toLowerCase().replace(/ /g, '_') ? s.label : `${s.label} (${s.field})` }))
  const fieldLabel = (f: string) => fieldOptions.find((o) => o.value === f)?.label ?? f
  const combinedFields = new Set(choices.combined.map((r) => r.field))
  const constantFields = new Set(Object.keys(choices.constants))
  const columns = headers.map((h, i) => {
    const value = choices.columns[i] ?? IGNORE
    const overridden = value !== IGNORE && value !== UNDECIDED && (combinedFields.has(value) || constantFields.has(value))
    return {
      label: label(i),
      blank: h ? undefined : `(no header, column ${columnLetter(i)})`,
      values: samples.map((row) => row[i]),
      value,
      badge: value === UNDECIDED ? 'appears twice: choose' : value === IGNORE && !repeated.has(i) && h !== '' ? 'not recognised' : undefined,
      note: overridden ? `${fieldLabel(value)} is set below instead.` : undefined,
    }
  })

  return (
    <div className="space-y-5">
      <ColumnMap
        name="Columns of the file"
        columns={columns}
        options={fieldOptions}
        ignore={{ value: IGNORE, label: 'Ignore this column' }}
        pending={{ value: UNDECIDED, label: 'Choose…' }}
        onChange={(i, v) => change({ ...choices, columns: { ...choices.columns, [i]: v } })}
      />
      <p className="text-sm text-slate-600 dark:text-slate-400">Two columns read as the same field are added up for an amount (full bottles in two places) and joined with spaces for text.</p>
      <CombineColumns headers={headers} label={label} samples={samples} fieldOptions={fieldOptions} fieldLabel={fieldLabel} choices={choices} change={change} />
      <SameValue fieldOptions={fieldOptions} fieldLabel={fieldLabel} choices={choices} change={change} />
    </div>
  )
}

type FieldOption = { value: string; label: string }

/** Brand + Item + Size → name: the ticked columns joined with spaces in the file's order, empty parts skipped. */
function CombineColumns({ headers, label, samples, fieldOptions, fieldLabel, choices, change }: { headers: string[]; label: (i: number) => string; samples: string[][]; fieldOptions: FieldOption[]; fieldLabel: (f: string) => string; choices: Choices; change: (c: Choices) => void }) {
  const [field, setField] = useState(() => (fieldOptions.some((o) => o.value === 'name') ? 'name' : (fieldOptions[0]?.value ?? '')))
  const [ticked, setTicked] = useState<number[]>([])
  const add = () => {
    change({ ...choices, combined: [...choices.combined.filter((r) => r.field !== field), { field, columns: [...ticked].sort((a, b) => a - b) }] })
    setTicked([])
  }
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">Combine columns into one field</legend>
      {choices.combined.length > 0 && (
        <ul aria-label="Combined fields" className="space-y-2 text-sm">
          {choices.combined.map((r) => (
            <li key={r.field} className="flex flex-wrap items-center gap-2">
              <span>
                <strong>{fieldLabel(r.field)}</strong> = {r.columns.map(label).join(' + ')}
                {samples[0] && <span className="text-slate-600 dark:text-slate-400"> (first row: “{combinedSample(r.columns, samples[0])}”)</span>}
              </span>
              <Button variant="ghost" onClick={() => change({ ...choices, combined: choices.combined.filter((x) => x.field !== r.field) })} aria-label={`Remove combined ${fieldLabel(r.field)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,16rem)_1fr] sm:items-start">
        <SelectField label="Field to build" value={field} onChange={setField} options={fieldOptions} />
        <div role="group" aria-label="Columns to combine" className="flex flex-wrap gap-x-4">
          {headers.map((_, i) => (
            <label key={i} className="flex min-h-11 cursor-pointer items-center gap-2 text-sm">
              <input type="checkbox" className="h-5 w-5 accent-brand-700" checked={ticked.includes(i)} onChange={(e) => setTicked((t) => (e.target.checked ? [...t, i] : t.filter((x) => x !== i)))} />
              {label(i)}
            </label>
          ))}
        </div>
      </div>
      <Button variant="secondary" onClick={add} disabled={ticked.length < 2}>
        Combine {ticked.length >= 2 ? ticked.length : ''} columns
      </Button>
    </fieldset>
  )
}

/** A field with one value for every row (every bottle is category "Spirits"). */
function SameValue({ fieldOptions, fieldLabel, choices, change }: { fieldOptions: FieldOption[]; fieldLabel: (f: string) => string; choices: Choices; change: (c: Choices) => void }) {
  const [field, setField] = useState(() => (fieldOptions.some((o) => o.value === 'category') ? 'category' : (fieldOptions[0]?.value ?? '')))
  const [value, setValue] = useState('')
  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-semibold">The same value for every row</legend>
      {Object.keys(choices.constants).length > 0 && (
        <ul aria-label="Values for every row" className="space-y-2 text-sm">
          {Object.entries(choices.constants).map(([f, v]) => (
            <li key={f} className="flex flex-wrap items-center gap-2">
              <span>
                <strong>{fieldLabel(f)}</strong> = “{v}”
              </span>
              <Button
                variant="ghost"
                onClick={() => {
                  const { [f]: _gone, ...rest } = choices.constants
                  change({ ...choices, constants: rest })
                }}
                aria-label={`Remove ${fieldLabel(f)} for every row`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
        <SelectField label="Field for every row" value={field} onChange={setField} options={fieldOptions} />
        <TextField label="Value for every row" value={value} onChange={setValue} maxLength={200} />
      </div>
      <Button
        variant="secondary"
        disabled={value.trim() === ''}
        onClick={() => {
          change({ ...choices, constants: { ...choices.constants, [field]: value.trim() } })
          setValue('')
        }}
      >
        Use for every row
      </Button>
    </fieldset>
  )
}

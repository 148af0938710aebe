import { useState } from 'react'
import type { SalesImportResult } from '../../../../src/contract/recipes'
import { importSales, listRecipes, saveSalesMapping } from '../../api/recipes'
import { Badge } from '../../components/Badge'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { failureMessage } from '../../components/failureMessage'
import { SelectField, TextField } from '../../components/Field'
import { toast } from '../../components/toast'
import { useLoad } from '../../components/useLoad'
import { useSubmit } from '../../components/useSubmit'
import { useFormat } from '../../lib/useFormat'
import { UI } from '../../messages/common'
import { RECIPES_UI } from '../../messages/recipes'

const IGNORE = 'ignore'

/** The sales import wizard: pick the till's CSV, check it (dry run), map unknown codes on the spot, then import. */
export function SalesImport() {
  const f = useFormat()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [result, setResult] = useState<SalesImportResult | null>(null)
  const [choice, setChoice] = useState<Record<string, string>>({})
  const submit = useSubmit()
  const dishes = useLoad((signal) => listRecipes({ page: 1, limit: 500, kind: 'MENU', active: 'true' }, signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  const options = [{ value: IGNORE, label: RECIPES_UI.ignore }, ...(dishes.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))]
  const period = from && to ? { from, to } : {}

  const check = () =>
    submit.run(async () => {
      if (!file) return
      setResult((await importSales(file.text, { dry_run: true, ...period })).data)
    }, RECIPES_UI.importFailed)

  const commit = () =>
    submit.run(async () => {
      if (!file) return
      const res = await importSales(file.text, { dry_run: false, ...period })
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      setResult(res.data)
    }, RECIPES_UI.importFailed)

  async function map(code: string) {
    const picked = choice[code]
    if (!picked) return
    try {
      await saveSalesMapping(code, picked === IGNORE ? null : Number(picked))
      await check()
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, RECIPES_UI.mappingFailed) })
    }
  }

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{RECIPES_UI.salesIntro}</p>
      <div className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <div className="space-y-1.5">
          <label htmlFor="sales-file" className="block text-sm font-medium">
            {RECIPES_UI.chooseFile}
          </label>
          <input
            id="sales-file"
            type="file"
            accept=".csv,text/csv"
            className="block min-h-11 w-full text-sm"
            onChange={async (e) => {
              const picked = e.target.files?.[0]
              setResult(null)
              setFile(picked ? { name: picked.name, text: await picked.text() } : null)
            }}
          />
        </div>
        <TextField label={RECIPES_UI.periodFrom} type="date" value={from} onChange={setFrom} />
        <TextField label={RECIPES_UI.periodTo} type="date" value={to} onChange={setTo} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button onClick={check} disabled={!file || submit.busy}>
          {RECIPES_UI.check}
        </Button>
        <Button variant="secondary" onClick={commit} disabled={!file || !result || !result.dry_run || submit.busy}>
          {RECIPES_UI.importNow}
        </Button>
      </div>
      <ErrorLine message={submit.failure} />
      {result && (
        <section aria-label="Import result" className="space-y-3">
          <p className="text-sm" role="status">
            {result.dry_run ? 'Checked (nothing saved): ' : 'Imported: '}
            {result.rows_read} rows → {result.lines.length} lines over {result.dates.length} day(s){result.replaced ? `; replaces ${result.replaced} stored lines` : ''}.
          </p>
          <h3 className="text-base font-semibold">{RECIPES_UI.unmappedTitle}</h3>
          {result.unmapped.length === 0 ? (
            <p className="text-sm">{RECIPES_UI.allMapped}</p>
          ) : (
            <ul className="space-y-2">
              {result.unmapped.map((u) => (
                <li key={u.code} className="grid gap-2 rounded-xl border border-amber-300 p-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,2fr)_auto] sm:items-end dark:border-amber-700">
                  <div className="text-sm">
                    <Badge tone="warning">Unmapped</Badge> <span className="font-medium">{u.code}</span>
                    {u.name && u.name !== u.code && ` · ${u.name}`}
                    <div className="text-slate-600 dark:text-slate-400">
                      {f.quantity(u.quantity)} sold · {f.money(u.net_sales)}
                    </div>
                  </div>
                  <SelectField label={RECIPES_UI.mapTo(u.code)} value={choice[u.code] ?? ''} placeholder="Choose" options={options} onChange={(v) => setChoice((c) => ({ ...c, [u.code]: v }))} />
                  <Button variant="secondary" onClick={() => map(u.code)} disabled={!choice[u.code]}>
                    {RECIPES_UI.saveMapping}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  )
}

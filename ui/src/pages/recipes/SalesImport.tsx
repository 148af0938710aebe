import { useMemo, useState } from 'react'
import type { SalesImportResult } from '../../../../src/contract/recipes'
import { importSales, listRecipes, listSalesSources, saveSalesMappings } from '../../api/recipes'
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
import { SALES_UI } from '../../messages/sales'
import { looksLikeSquare } from './salesWindow'

/**
 * The sales import wizard: pick the till's CSV and name the till, check it (dry run: its first and last day, the
 * lines counted and the voided/refunded ones left out), tick unknown codes and map or ignore them together, then import.
 */
export function SalesImport() {
  const f = useFormat()
  const [file, setFile] = useState<{ name: string; text: string } | null>(null)
  const [pos, setPos] = useState<string | null>(null)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [result, setResult] = useState<SalesImportResult | null>(null)
  const [ticked, setTicked] = useState<Set<string>>(new Set())
  const [dish, setDish] = useState('')
  const [filter, setFilter] = useState('')
  const submit = useSubmit()
  const dishes = useLoad((signal) => listRecipes({ page: 1, limit: 500, kind: 'MENU', active: 'true' }, signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  const sources = useLoad((signal) => listSalesSources(signal).then((r) => r.data), [], RECIPES_UI.loadFailed)
  // The till field starts at the till used last.
  const till = pos ?? sources.data?.[0]?.pos ?? ''
  const options = (dishes.data ?? []).map((d) => ({ value: String(d.id), label: d.name }))
  const period = from && to ? { from, to } : {}

  const unmapped = result?.unmapped ?? []
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase()
    return q ? unmapped.filter((u) => u.code.toLowerCase().includes(q) || (u.name ?? '').toLowerCase().includes(q)) : unmapped
  }, [unmapped, filter])
  const tickedCodes = unmapped.filter((u) => ticked.has(u.code)).map((u) => u.code)
  const allShownTicked = shown.length > 0 && shown.every((u) => ticked.has(u.code))

  async function dryRun(text: string) {
    const r = (await importSales(text, { dry_run: true, pos: till, ...period })).data
    setResult(r)
    setTicked((t) => new Set([...t].filter((c) => r.unmapped.some((u) => u.code === c))))
  }

  const check = () =>
    submit.run(async () => {
      if (file) await dryRun(file.text)
    }, RECIPES_UI.importFailed)

  const commit = () =>
    submit.run(async () => {
      if (!file) return
      const res = await importSales(file.text, { dry_run: false, pos: till, ...period })
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      setResult(res.data)
      setTicked(new Set())
      sources.reload()
    }, RECIPES_UI.importFailed)

  async function mapTicked(recipeId: number | null) {
    if (!file || tickedCodes.length === 0) return
    try {
      const res = await saveSalesMappings(till, tickedCodes, recipeId)
      toast({ kind: 'success', title: UI.successTitle, message: res.message })
      setTicked(new Set())
      setFilter('')
      await dryRun(file.text)
    } catch (err) {
      toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, SALES_UI.mappingFailed) })
    }
  }

  const toggle = (code: string, on: boolean) =>
    setTicked((t) => {
      const next = new Set(t)
      if (on) next.add(code)
      else next.delete(code)
      return next
    })

  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">{SALES_UI.intro}</p>
      <div className="grid gap-3 sm:grid-cols-2 sm:items-end">
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
              setTicked(new Set())
              const text = picked ? await picked.text() : ''
              // A Square file, with no till typed: the Square till named last, else "Square".
              if (picked && pos === null && looksLikeSquare(text)) setPos((sources.data ?? []).find((s) => /square/i.test(s.pos))?.pos ?? SALES_UI.squareDetected)
              setFile(picked ? { name: picked.name, text } : null)
            }}
          />
        </div>
        <TextField label={SALES_UI.posLabel} hint={SALES_UI.posHint} value={till} onChange={(v) => (setPos(v), setResult(null))} list="sales-sources" maxLength={60} autoComplete="off" />
        <datalist id="sales-sources">
          {(sources.data ?? []).map((s) => (
            <option key={s.pos} value={s.pos} />
          ))}
        </datalist>
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
          <div role="status" className="rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700">
            <p className="font-medium">
              {result.dry_run ? SALES_UI.checked : SALES_UI.imported}
              {result.pos && ` · ${result.pos}`}
            </p>
            <p>
              {result.first_date && result.last_date ? SALES_UI.fileRange(f.date(result.first_date), f.date(result.last_date)) : SALES_UI.noCountedRows}
              {' · '}
              {SALES_UI.linesCounted(result.rows_counted, result.rows_read)}
              {result.voided_rows > 0 && ` · ${SALES_UI.voided(result.voided_rows)}`}
              {result.replaced > 0 && ` · ${SALES_UI.replaces(result.replaced)}`}
            </p>
          </div>
          <h3 className="text-base font-semibold">{SALES_UI.unmappedTitle(unmapped.length)}</h3>
          {unmapped.length === 0 ? (
            <p className="text-sm">{RECIPES_UI.allMapped}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600 dark:text-slate-400">{SALES_UI.unmappedHelp}</p>
              <div className="sticky top-0 z-10 grid gap-2 rounded-xl border border-amber-300 bg-white p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto_auto] sm:items-end dark:border-amber-700 dark:bg-slate-900">
                <TextField label={SALES_UI.filter} value={filter} onChange={setFilter} type="search" />
                <SelectField label={SALES_UI.mapTicked} value={dish} placeholder={SALES_UI.chooseDish} options={options} onChange={setDish} />
                <Button onClick={() => mapTicked(Number(dish))} disabled={!dish || tickedCodes.length === 0}>
                  {SALES_UI.mapButton(tickedCodes.length)}
                </Button>
                <Button variant="secondary" onClick={() => mapTicked(null)} disabled={tickedCodes.length === 0}>
                  {SALES_UI.ignoreButton(tickedCodes.length)}
                </Button>
              </div>
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">{SALES_UI.unmappedTitle(unmapped.length)}</caption>
                  <thead>
                    <tr className="border-b border-slate-200 text-left dark:border-slate-700">
                      <th scope="col" className="w-11 py-2">
                        <input
                          type="checkbox"
                          className="size-5"
                          aria-label={SALES_UI.selectAll(shown.length)}
                          checked={allShownTicked}
                          disabled={shown.length === 0}
                          onChange={(e) =>
                            setTicked((t) => {
                              const next = new Set(t)
                              for (const u of shown) e.target.checked ? next.add(u.code) : next.delete(u.code)
                              return next
                            })
                          }
                        />
                      </th>
                      <th scope="col" className="py-2">
                        {SALES_UI.code}
                      </th>
                      <th scope="col" className="py-2 text-right">
                        {SALES_UI.sold}
                      </th>
                      <th scope="col" className="py-2 text-right">
                        {SALES_UI.net}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {shown.map((u) => (
                      <tr key={u.code} className="border-b border-slate-100 dark:border-slate-800">
                        <td className="py-1">
                          <input type="checkbox" className="size-5" aria-label={SALES_UI.tick(u.code)} checked={ticked.has(u.code)} onChange={(e) => toggle(u.code, e.target.checked)} />
                        </td>
                        <td className="py-1 break-words">
                          <span className="font-medium">{u.code}</span>
                          {u.name && u.name !== u.code && <span className="text-slate-600 dark:text-slate-400"> · {u.name}</span>}
                        </td>
                        <td className="py-1 text-right tabular-nums">{f.quantity(u.quantity)}</td>
                        <td className="py-1 text-right tabular-nums">{f.money(u.net_sales)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {shown.length === 0 && <p className="py-2 text-sm">{SALES_UI.none}</p>}
              </div>
            </>
          )}
        </section>
      )}
    </div>
  )
}

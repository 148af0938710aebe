import { fromCents, toCents } from '../../contract/fixed'
import { RECIPE_MSG, type SalesDayLine, type SalesImportLine, type SalesImportResult, type SalesMapping } from '../../contract/recipes'
import type { User } from '../../contract/auth'
import type { ServiceDeps } from '../../db/service-deps'
import { badRequest } from '../../lib/errors'
import { readSalesCsv } from './csv-import'
import * as repo from './repo'

export type SalesService = ReturnType<typeof createSalesService>

// papaparse loads on the first import, not at start.
let papa: Promise<typeof import('papaparse')> | null = null
const loadPapa = () => (papa ??= import('papaparse').then((m) => (m.default ?? m) as typeof import('papaparse')))

const dayLine = (r: repo.ResolvedSaleRow): SalesDayLine => ({
  recipe_id: r.recipe_id,
  recipe_name: r.recipe_name,
  code: r.code,
  name: r.name,
  quantity: fromCents(r.quantity),
  net_sales: fromCents(r.net_sales),
  source: r.source,
  status: r.status,
})

export function createSalesService({ db, clock }: ServiceDeps) {
  return {
    /** A till export: checked and previewed (dry run), or saved in place of the sales of the same days. */
    async importCsv(user: User, text: string, q: { dry_run: 'true' | 'false'; from?: string; to?: string }): Promise<SalesImportResult> {
      const Papa = await loadPapa()
      const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
      const period = q.from && q.to ? { from: q.from, to: q.to } : null
      const { lines, rowsRead } = readSalesCsv(parsed.data, period)
      const dryRun = q.dry_run !== 'false'
      const days = [...new Set(lines.filter((l) => l.date_from === l.date_to).map((l) => l.date_from))].sort()
      const periodUsed = lines.some((l) => l.date_from !== l.date_to) ? period : null
      return db
        .transaction(() => {
          const resolved = new Map<string, ReturnType<typeof repo.resolveCode>>()
          const out: SalesImportLine[] = lines.map((l) => {
            const key = l.code.toLowerCase()
            const r = resolved.get(key) ?? resolved.set(key, repo.resolveCode(db, l.code)).get(key)!
            return { ...l, quantity: fromCents(l.quantity), net_sales: fromCents(l.net_sales), ...r }
          })
          const replaced = repo.countReplaced(db, days, periodUsed)
          if (!dryRun) {
            repo.deleteReplaced(db, days, periodUsed)
            repo.insertSales(db, lines.map((l) => ({ date_from: l.date_from, date_to: l.date_to, code: l.code, name: l.name, recipe_id: null, quantity: l.quantity, net_sales: l.net_sales, source: 'IMPORT' as const })), user.id, clock().toISOString())
          }
          const unmapped = new Map<string, SalesImportResult['unmapped'][number]>()
          for (const l of out.filter((x) => x.status === 'UNMAPPED')) {
            const key = l.code.toLowerCase()
            const u = unmapped.get(key)
            if (u) (u.quantity = fromCents(toCents(u.quantity) + toCents(l.quantity))), (u.net_sales = fromCents(toCents(u.net_sales) + toCents(l.net_sales)))
            else unmapped.set(key, { code: l.code, name: l.name, quantity: l.quantity, net_sales: l.net_sales })
          }
          const dates = periodUsed ? [...new Set([...days, `${periodUsed.from}..${periodUsed.to}`])] : days
          return { dry_run: dryRun, rows_read: rowsRead, dates, lines: out, unmapped: [...unmapped.values()], replaced }
        })
        .immediate()
    },

    mappings: (): SalesMapping[] => repo.mappings(db),

    /** Maps a till code to a MENU recipe, or to nothing (ignored: gift cards, drinks not tracked). */
    saveMapping(user: User, code: string, recipeId: number | null): SalesMapping {
      db.transaction(() => {
        if (recipeId !== null && !repo.activeMenuRecipe(db, recipeId)) throw badRequest(RECIPE_MSG.notMenuRecipe(recipeId))
        repo.saveMapping(db, code, recipeId, user.id, clock().toISOString())
      }).immediate()
      return repo.mappings(db).find((m) => m.code.toLowerCase() === code.toLowerCase())!
    },

    unmapped: () => repo.unmappedCodes(db).map((u) => ({ ...u, quantity: fromCents(u.quantity), net_sales: fromCents(u.net_sales) })),

    day: (date: string) => repo.dayLines(db, date).map(dayLine),

    /** The manual grid: the day's sales replaced by these lines (one per dish; a dish given twice is summed). */
    saveDay(user: User, date: string, lines: { recipe_id: number; quantity: number; net_sales: number }[]) {
      db.transaction(() => {
        const byRecipe = new Map<number, { quantity: number; net_sales: number }>()
        for (const l of lines) {
          if (!repo.activeMenuRecipe(db, l.recipe_id)) throw badRequest(RECIPE_MSG.notMenuRecipe(l.recipe_id))
          const s = byRecipe.get(l.recipe_id) ?? byRecipe.set(l.recipe_id, { quantity: 0, net_sales: 0 }).get(l.recipe_id)!
          s.quantity += toCents(l.quantity)
          s.net_sales += toCents(l.net_sales)
        }
        repo.deleteReplaced(db, [date], null)
        repo.insertSales(
          db,
          [...byRecipe].map(([recipe_id, s]) => ({ date_from: date, date_to: date, code: null, name: null, recipe_id, quantity: s.quantity, net_sales: s.net_sales, source: 'MANUAL' as const })),
          user.id,
          clock().toISOString(),
        )
      }).immediate()
      return repo.dayLines(db, date).map(dayLine)
    },
  }
}

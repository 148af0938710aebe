import { fromCents, toCents } from '../../contract/fixed'
import { RECIPE_MSG, type SalesBulkMappingResult, type SalesDayLine, type SalesImportLine, type SalesImportResult, type SalesMapping, type SalesSource } from '../../contract/recipes'
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

export function createSalesService({ db, clock, settings }: ServiceDeps) {
  return {
    /**
     * A till export: checked and previewed (dry run), or saved in place of that till's sales of the same days.
     * Codes resolve through the till's (`pos`) mappings, then the ones for every till.
     */
    async importCsv(user: User, text: string, q: { dry_run: 'true' | 'false'; from?: string; to?: string; pos?: string }): Promise<SalesImportResult> {
      const Papa = await loadPapa()
      const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
      const period = q.from && q.to ? { from: q.from, to: q.to } : null
      const pos = repo.canonicalPos(db, q.pos ?? '')
      const read = readSalesCsv(parsed.data, period, settings.get().time_zone)
      const { lines } = read
      const dryRun = q.dry_run !== 'false'
      const days = [...new Set(lines.filter((l) => l.date_from === l.date_to).map((l) => l.date_from))].sort()
      const periodUsed = lines.some((l) => l.date_from !== l.date_to) ? period : null
      return db
        .transaction(() => {
          const resolved = new Map<string, ReturnType<typeof repo.resolveCode>>()
          const out: SalesImportLine[] = lines.map((l) => {
            const key = l.code.toLowerCase()
            const r = resolved.get(key) ?? resolved.set(key, repo.resolveCode(db, pos, l.code)).get(key)!
            return { ...l, quantity: fromCents(l.quantity), net_sales: fromCents(l.net_sales), ...r }
          })
          const replaced = repo.countReplaced(db, days, periodUsed, pos)
          if (!dryRun) {
            repo.deleteReplaced(db, days, periodUsed, pos)
            repo.insertSales(
              db,
              lines.map((l) => ({ date_from: l.date_from, date_to: l.date_to, sold_at: l.sold_at, pos, code: l.code, name: l.name, recipe_id: null, quantity: l.quantity, net_sales: l.net_sales, source: 'IMPORT' as const })),
              user.id,
              clock().toISOString(),
            )
          }
          const unmapped = new Map<string, SalesImportResult['unmapped'][number] & { q: number; n: number }>()
          for (const l of lines) {
            const key = l.code.toLowerCase()
            if (resolved.get(key)!.status !== 'UNMAPPED') continue
            const u = unmapped.get(key)
            if (u) (u.q += l.quantity), (u.n += l.net_sales), (u.rows += l.rows)
            else unmapped.set(key, { code: l.code, name: l.name, quantity: 0, net_sales: 0, rows: l.rows, q: l.quantity, n: l.net_sales })
          }
          const dates = periodUsed ? [...new Set([...days, `${periodUsed.from}..${periodUsed.to}`])] : days
          const firstDate = lines.reduce<string | null>((a, l) => (a === null || l.date_from < a ? l.date_from : a), null)
          const lastDate = lines.reduce<string | null>((a, l) => (a === null || l.date_to > a ? l.date_to : a), null)
          return {
            dry_run: dryRun,
            pos,
            format: read.format,
            rows_read: read.rowsRead,
            rows_counted: read.rowsCounted,
            voided_rows: read.voided,
            first_date: firstDate,
            last_date: lastDate,
            dates,
            lines: out,
            // Most sold first: the codes worth mapping come to the top.
            unmapped: [...unmapped.values()]
              .sort((a, b) => b.n - a.n || b.q - a.q || a.code.localeCompare(b.code))
              .map(({ q, n, ...u }) => ({ ...u, quantity: fromCents(q), net_sales: fromCents(n) })),
            replaced,
          }
        })
        .immediate()
    },

    mappings: (pos?: string): SalesMapping[] => repo.mappings(db, pos),

    /** Maps a till's code to a MENU recipe, or to nothing (ignored: gift cards, drinks not tracked). */
    saveMapping(user: User, code: string, recipeId: number | null, asked = ''): SalesMapping {
      const pos = repo.canonicalPos(db, asked)
      db.transaction(() => {
        if (recipeId !== null && !repo.activeMenuRecipe(db, recipeId)) throw badRequest(RECIPE_MSG.notMenuRecipe(recipeId))
        repo.saveMapping(db, pos, code, recipeId, user.id, clock().toISOString())
      }).immediate()
      return repo.mappingOf(db, pos, code)!
    },

    /** Ticked codes of one till mapped to one dish, or ignored, in one transaction: all or none. */
    saveMappings(user: User, codes: string[], recipeId: number | null, asked = ''): SalesBulkMappingResult {
      const pos = repo.canonicalPos(db, asked)
      let recipeName: string | null = null
      const unique = [...new Map(codes.map((c) => [c.toLowerCase(), c])).values()]
      db.transaction(() => {
        if (recipeId !== null) {
          const r = repo.activeMenuRecipe(db, recipeId)
          if (!r) throw badRequest(RECIPE_MSG.notMenuRecipe(recipeId))
          recipeName = r.name
        }
        const at = clock().toISOString()
        for (const code of unique) repo.saveMapping(db, pos, code, recipeId, user.id, at)
      }).immediate()
      return { pos, recipe_id: recipeId, recipe_name: recipeName, codes: unique.length }
    },

    sources: (): SalesSource[] => repo.sources(db),

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
        repo.deleteReplaced(db, [date], null, null)
        repo.insertSales(
          db,
          [...byRecipe].map(([recipe_id, s]) => ({ date_from: date, date_to: date, sold_at: null, pos: '', code: null, name: null, recipe_id, quantity: s.quantity, net_sales: s.net_sales, source: 'MANUAL' as const })),
          user.id,
          clock().toISOString(),
        )
      }).immediate()
      return repo.dayLines(db, date).map(dayLine)
    },
  }
}

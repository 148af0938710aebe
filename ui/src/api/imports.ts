import type { BulkEditInput, BulkEditResult, ImportColumnSpec, ImportKind, ImportResult, ImportSource, RepeatRule } from '../../../src/contract/imports'
import { call, callFile } from './client'

/** CSV export, import (dry run or real), the template, and bulk edit of items. */
export const exportCsv = (kind: ImportKind) => callFile(`/${kind}/export.csv`)
export const downloadTemplate = () => callFile('/imports/items/template.csv')
export const importColumns = (kind: ImportKind, signal?: AbortSignal) => call<ImportColumnSpec[]>('GET', `/imports/${kind}/columns`, { signal })
export const runImport = (
  kind: ImportKind,
  csv: string,
  o: { dryRun: boolean; setQuantity?: boolean; map?: Record<string, string>; layout?: Record<string, ImportSource>; repeats?: RepeatRule; roundPrices?: boolean },
) =>
  call<ImportResult>('POST', `/imports/${kind}`, {
    csv,
    query: {
      dry_run: o.dryRun,
      set_quantity: o.setQuantity || undefined,
      map: o.map && Object.keys(o.map).length ? JSON.stringify(o.map) : undefined,
      layout: o.layout ? JSON.stringify(o.layout) : undefined,
      repeats: o.repeats && o.repeats !== 'refuse' ? o.repeats : undefined,
      round_prices: o.roundPrices || undefined,
    },
  })
export const bulkEditItems = (body: BulkEditInput) => call<BulkEditResult>('PATCH', '/items/bulk', { body })

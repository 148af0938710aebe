import { useEffect, useState } from 'react'
import type { StorageArea } from '../../../../src/contract/counts'
import type { Item } from '../../../../src/contract/stock'
import { call } from '../../api/client'
import { listItems } from '../../api/stock'
import { Button } from '../../components/Button'
import { SelectField } from '../../components/Field'
import { LoadError } from '../../components/LoadError'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'

/** A4 label sheets in common sizes (mm): columns × rows, label size, the sheet's top/left margins and the gaps. */
export const SHEETS = {
  L7160: { label: 'A4 · 21 labels 63.5 × 38.1 mm (3 × 7)', cols: 3, rows: 7, w: 63.5, h: 38.1, top: 15.15, left: 7.2, gapX: 2.5, gapY: 0 },
  L7163: { label: 'A4 · 14 labels 99.1 × 38.1 mm (2 × 7)', cols: 2, rows: 7, w: 99.1, h: 38.1, top: 15.15, left: 4.65, gapX: 2.5, gapY: 0 },
  L7159: { label: 'A4 · 24 labels 63.5 × 33.9 mm (3 × 8)', cols: 3, rows: 8, w: 63.5, h: 33.9, top: 12.9, left: 7.2, gapX: 2.5, gapY: 0 },
  L7651: { label: 'A4 · 65 labels 38.1 × 21.2 mm (5 × 13)', cols: 5, rows: 13, w: 38.1, h: 21.2, top: 10.7, left: 4.65, gapX: 2.5, gapY: 0 },
} as const
type SheetKey = keyof typeof SHEETS

interface Label {
  key: string
  title: string
  caption: string
  text: string
  format: 'QRCode' | 'Code128'
}

/** Items that have no code: every page of the item list, those without a barcode (at most 5,000 items read). */
async function itemsWithoutCode(signal: AbortSignal): Promise<Item[]> {
  const out: Item[] = []
  for (let page = 1; page <= 50; page++) {
    const r = await listItems({ page, limit: 100 }, signal)
    out.push(...r.data.filter((i) => !i.barcode && i.is_active))
    if (page * 100 >= r.meta.total) break
  }
  return out
}

const PRINT_CSS = `@media print {
  @page { size: A4; margin: 0 }
  body * { visibility: hidden }
  .label-sheet, .label-sheet * { visibility: visible }
  .label-sheet { position: absolute; left: 0; top: 0; margin: 0 !important; box-shadow: none !important; border: 0 !important }
  .label-sheet { break-after: page }
}`

/**
 * Printable labels: QR codes for storage areas (scanned, they open that area's scan-to-count page) and
 * Code 128 for items without a code (RIMS-<id>, which POST /barcodes/resolve finds), on A4 sheets.
 */
export default function LabelsPage() {
  const [kind, setKind] = useState<'areas' | 'items'>('areas')
  const [sheet, setSheet] = useState<SheetKey>('L7160')
  const data = useLoad(
    (signal) =>
      kind === 'areas'
        ? call<StorageArea[]>('GET', '/storage-areas', { signal }).then((r) =>
            r.data.map((a): Label => ({ key: `a${a.id}`, title: a.name, caption: 'Scan to count', text: `${window.location.origin}/scan?area=${a.id}`, format: 'QRCode' })),
          )
        : itemsWithoutCode(signal).then((items) => items.map((i): Label => ({ key: `i${i.id}`, title: i.name, caption: `RIMS-${i.id} · ${i.unit}`, text: `RIMS-${i.id}`, format: 'Code128' }))),
    [kind],
  )
  const [images, setImages] = useState<Record<string, string>>({})
  const [drawError, setDrawError] = useState<string | null>(null)
  useEffect(() => {
    if (!data.data) return
    let stop = false
    setDrawError(null)
    import('../../lib/scanner/writer')
      .then(async ({ barcodeImage }) => {
        const out: Record<string, string> = {}
        for (const l of data.data!) out[l.key] = await barcodeImage(l.text, l.format)
        if (!stop) setImages(out)
      })
      .catch((err: unknown) => !stop && setDrawError(String(err)))
    return () => {
      stop = true
    }
  }, [data.data])

  const s = SHEETS[sheet]
  const perSheet = s.cols * s.rows
  const labels = data.data ?? []
  const sheets: Label[][] = []
  for (let i = 0; i < labels.length; i += perSheet) sheets.push(labels.slice(i, i + perSheet))

  return (
    <div className="space-y-5">
      <style>{PRINT_CSS}</style>
      <PageHeader title="Labels" description="Print QR labels for storage areas and Code 128 labels for items without a code." actions={<Button onClick={() => window.print()}>Print</Button>} />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Labels for"
          value={kind}
          onChange={(v) => setKind(v as 'areas' | 'items')}
          options={[
            { value: 'areas', label: 'Storage areas (QR: scan to count)' },
            { value: 'items', label: 'Items without a code (Code 128)' },
          ]}
        />
        <SelectField label="Sheet" value={sheet} onChange={(v) => setSheet(v as SheetKey)} options={Object.entries(SHEETS).map(([k, v]) => ({ value: k, label: v.label }))} />
      </div>
      {data.error && <LoadError error={data.error} retry={data.reload} />}
      {drawError && <LoadError error={`The labels could not be drawn: ${drawError}`} retry={data.reload} />}
      {data.loading && !data.data && <PageLoading />}
      {data.data && labels.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{kind === 'areas' ? 'No storage areas yet.' : 'Every item has a code.'}</p>}
      {/* A 210 mm sheet is wider than a phone: the region scrolls sideways, so it takes keyboard focus (axe). */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Label sheets">
        {sheets.map((page, n) => (
          <div
            key={n}
            className="label-sheet mx-auto mb-6 bg-white text-black shadow ring-1 ring-slate-200"
            style={{ width: '210mm', height: '297mm', paddingTop: `${s.top}mm`, paddingLeft: `${s.left}mm`, boxSizing: 'border-box' }}
            aria-label={`Sheet ${n + 1}`}
          >
            <div style={{ display: 'grid', gridTemplateColumns: `repeat(${s.cols}, ${s.w}mm)`, gridAutoRows: `${s.h}mm`, columnGap: `${s.gapX}mm`, rowGap: `${s.gapY}mm` }}>
              {page.map((l) => (
                <figure key={l.key} className="flex items-center gap-2 overflow-hidden p-[2mm]" style={{ flexDirection: l.format === 'QRCode' ? 'row' : 'column', justifyContent: 'center' }}>
                  {images[l.key] ? (
                    <img src={images[l.key]} alt={`${l.format === 'QRCode' ? 'QR code' : 'Code 128'} for ${l.title}`} style={l.format === 'QRCode' ? { height: `${Math.min(s.h - 6, s.w / 2)}mm` } : { width: '90%', height: `${s.h * 0.45}mm` }} />
                  ) : (
                    <span className="text-xs">…</span>
                  )}
                  <figcaption className="min-w-0 text-center leading-tight">
                    <span className="block truncate text-[11px] font-semibold">{l.title}</span>
                    <span className="block truncate text-[9px]">{l.caption}</span>
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        ))}
      </div>
    </div>
  )
}

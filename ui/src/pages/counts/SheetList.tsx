import { defaultRangeExtractor, useWindowVirtualizer, type Range } from '@tanstack/react-virtual'
import { memo, useCallback, useEffect, useRef } from 'react'
import type { CountLine } from '../../../../src/contract/counts'
import { usePageTop } from '../../lib/usePageTop'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { lineKey } from '../../lib/counting/lineState'
import type { LineStore } from './lineStore'
import { SheetLine, type LineActions } from './SheetLine'

/** An area of up to this many lines is rendered whole (find in page works; nothing to gain below it). */
export const RENDER_ALL_UP_TO = 40
/** Lines rendered beyond each edge of the screen, so a fling or Enter meets a line already there. */
const OVERSCAN = 6
const GAP = 12

/** A line to bring on screen (a scan, a search, Enter onto a line not rendered, "Go back" to a figure); `seq` repeats a request. */
export interface Target {
  key: string
  focus: boolean
  seq: number
}

/** Estimated heights before a line is measured: a Counted field, or a grid of pack fields two to a row. */
const estimate = (l: CountLine) => (l.packs.length === 0 ? 144 : 56 + 82 * Math.ceil((l.packs.length + 1) / 2))

/**
 * An area's lines as a virtual list on the page's own scroll (useWindowVirtualizer): only the lines on or near the
 * screen are in the page (each measured once shown), the focused line always stays (its field keeps the focus
 * and the keyboard), and `target` scrolls a line into view (centred, clear of the sticky bars) and focuses it.
 */
export const SheetList = memo(function SheetList(p: { lines: CountLine[]; areaName: string; store: LineStore; actions: LineActions; disabled: boolean; target: Target | null }) {
  const fmt = useFormat()
  const { lines } = p
  const listRef = useRef<HTMLOListElement>(null)
  // The list's distance from the top of the page: what is above it (header, tabs, a scan's note) may change height.
  const margin = usePageTop(listRef)
  const focused = useRef<number | null>(null)
  const rangeExtractor = useCallback((range: Range) => {
    const indexes = defaultRangeExtractor(range)
    const f = focused.current
    if (f !== null && f < range.count && !indexes.includes(f)) return [...indexes, f].sort((a, b) => a - b)
    return indexes
  }, [])
  const all = lines.length <= RENDER_ALL_UP_TO
  const virtualizer = useWindowVirtualizer({
    count: lines.length,
    estimateSize: (i) => estimate(lines[i]),
    getItemKey: (i) => lineKey(lines[i]),
    overscan: all ? lines.length : OVERSCAN,
    gap: GAP,
    scrollMargin: margin,
    rangeExtractor,
  })

  // Bring `target` on screen and focus its first field once rendered (the list may only just have been drawn).
  useEffect(() => {
    const t = p.target
    if (!t) return
    const index = lines.findIndex((l) => lineKey(l) === t.key)
    if (index < 0) return
    const field = () => document.querySelector<HTMLInputElement>(`[data-line-key="${t.key}"] input`)
    // On screen and clear of the sticky header, tabs and Submit bar: left where it is; else centred.
    const rect = field()?.closest('li')?.getBoundingClientRect()
    if (!rect || rect.top < window.innerHeight * 0.2 || rect.bottom > window.innerHeight * 0.85) virtualizer.scrollToIndex(index, { align: 'center' })
    if (!t.focus) return
    let frames = 0
    let raf = requestAnimationFrame(function tryFocus() {
      const input = field()
      if (input) {
        input.focus()
        input.select()
      } else if (frames++ < 30) raf = requestAnimationFrame(tryFocus)
    })
    return () => cancelAnimationFrame(raf)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [p.target, lines])

  const items = virtualizer.getVirtualItems()
  return (
    <ol
      ref={listRef}
      className="relative"
      style={{ height: lines.length ? virtualizer.getTotalSize() : undefined }}
      aria-label={COUNT_UI.sheetOf(p.areaName)}
      onFocus={(e) => {
        const li = (e.target as HTMLElement).closest<HTMLElement>('li[data-index]')
        focused.current = li ? Number(li.dataset.index) : null
      }}
    >
      {items.map((item) => {
        const l = lines[item.index]
        return (
          <SheetLine
            key={item.key}
            line={l}
            lineKey={item.key as string}
            index={item.index}
            of={lines.length}
            store={p.store}
            actions={p.actions}
            disabled={p.disabled}
            expected={l.expected !== undefined ? fmt.quantity(l.expected, l.unit) : null}
            top={item.start - virtualizer.options.scrollMargin}
            measure={virtualizer.measureElement}
          />
        )
      })}
      {lines.length === 0 && <li className="text-sm text-slate-600">{COUNT_UI.emptyArea}</li>}
    </ol>
  )
})

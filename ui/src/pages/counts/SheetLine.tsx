import { memo, type KeyboardEvent, type Ref } from 'react'
import type { CountLine } from '../../../../src/contract/counts'
import { ErrorLine } from '../../components/ErrorLine'
import { QuantityField } from '../../components/QuantityField'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { bodyFrom, type Draft } from '../../lib/counting/lineState'
import { useLineView, type LineStore } from './lineStore'
import { SaveBadge } from './SaveBadge'
import { BottleWeights } from './BottleWeights'
import { fullAndOpen, hasOpen, parseOpen } from '../../lib/counting/openBottles'

/** What a line does, the same functions for every line and every render (so a line's props never change by themselves). */
export interface LineActions {
  change: (key: string, d: Draft) => void
  leave: (key: string) => void
  retry: (key: string) => void
  enter: (index: number, key: string, e: KeyboardEvent<HTMLInputElement>) => void
}

/**
 * One line of the sheet: a quantity field, or one per pack size and loose; its save state beside the name.
 * Memoised and subscribed to its own entry of the store: typing in it re-renders it alone.
 */
export const SheetLine = memo(function SheetLine(p: {
  line: CountLine
  lineKey: string
  index: number
  /** Lines in this area (aria-setsize: only the lines near the screen are in the page). */
  of: number
  store: LineStore
  actions: LineActions
  disabled: boolean
  expected: string | null
  /** Where the virtual list places it, and how it measures it. */
  top: number
  measure: Ref<HTMLLIElement>
}) {
  const { line, index, lineKey: key, actions } = p
  const view = useLineView(p.store, key)
  const fmt = useFormat()
  const base = `line-${line.area_id}-${line.item_id}`
  // Enter in a pack field goes to the line's next field (case → bottle → loose); from the last, to the next line.
  const fieldIds = [...line.packs.map((pack) => `${base}-pack-${pack.id}`), `${base}-loose`]
  const toNextField = (i: number) => (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return
    e.preventDefault()
    const next = document.getElementById(fieldIds[i + 1]) as HTMLInputElement | null
    next?.focus()
    next?.select()
  }
  // The live total of a line counted in packs, as typed: packs × size + loose, in the item's unit.
  const parsed = line.packs.length > 0 ? bodyFrom(view.draft, line) : null
  const total = parsed?.ok && parsed.hundredths !== null ? fmt.quantity(parsed.hundredths / 100, line.unit) : null
  // Issue 35: a bottle item's open bottles, and the line read as "3 full + 1.47 L open".
  const open = line.bottle && hasOpen(view.draft.open) ? parseOpen(view.draft.open, line) : null
  const whole = open?.ok ? bodyFrom(view.draft, line) : null
  const openText = open?.ok && whole?.ok ? fullAndOpen((whole.hundredths ?? 0) - open.hundredths, open.ml, { unit: line.unit, bottle: line.bottle! }) : null
  const common = {
    disabled: p.disabled,
    hint: '',
    onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => actions.enter(index, key, e),
    onBlur: () => actions.leave(key),
    enterKeyHint: 'next' as const,
  }
  return (
    <li
      ref={p.measure}
      data-index={index}
      aria-posinset={index + 1}
      aria-setsize={p.of}
      style={{ transform: `translateY(${p.top}px)` }}
      className="absolute top-0 left-0 w-full rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900"
      data-testid={`line-${line.item_id}`}
      data-line-key={key}
      data-state={view.state}
    >
      <div className="mb-2 flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {line.item_name}
            {line.found && <span className="ml-2 text-xs font-normal text-slate-600">{COUNT_UI.found}</span>}
          </p>
          {p.expected !== null && <p className="text-xs text-slate-600 dark:text-slate-300">{COUNT_UI.expected(p.expected)}</p>}
          {line.double_count && (
            <p className="text-xs font-semibold text-amber-800 dark:text-amber-200" data-testid={`counted-twice-${line.item_id}`}>
              {COUNT_UI.countedTwice}
            </p>
          )}
        </div>
        <div aria-live="polite" data-testid={`state-${line.item_id}`}>
          <SaveBadge state={view.state} onRetry={() => actions.retry(key)} />
        </div>
      </div>
      {line.packs.length === 0 ? (
        <QuantityField
          id={`${base}-counted`}
          label={COUNT_UI.countedLabel(line.item_name)}
          unit={line.unit}
          value={view.draft.counted}
          onChange={(v) => actions.change(key, { ...view.draft, counted: v })}
          data-line-first={index}
          error={view.error ?? undefined}
          {...common}
        />
      ) : (
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {line.packs.map((pack, i) => (
            <QuantityField
              key={pack.id}
              id={`${base}-pack-${pack.id}`}
              label={COUNT_UI.packLabel(pack.name, pack.size, line.unit)}
              value={view.draft.packs[pack.id] ?? ''}
              onChange={(v) => actions.change(key, { ...view.draft, packs: { ...view.draft.packs, [pack.id]: v } })}
              {...(i === 0 ? { 'data-line-first': index } : {})}
              {...common}
              onKeyDown={toNextField(i)}
            />
          ))}
          <QuantityField
            id={`${base}-loose`}
            label={COUNT_UI.looseLabel}
            unit={line.unit}
            value={view.draft.loose}
            onChange={(v) => actions.change(key, { ...view.draft, loose: v })}
            {...common}
          />
          <p className="col-span-2 text-sm font-semibold tabular-nums sm:col-span-4" data-testid={`total-${line.item_id}`}>
            {total !== null ? COUNT_UI.lineTotal(total) : ''}
          </p>
          {view.error && (
            <div className="col-span-2 sm:col-span-4">
              <ErrorLine message={view.error} />
            </div>
          )}
        </div>
      )}
      {line.bottle && (
        <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
          <BottleWeights line={line} base={base} value={view.draft.open} disabled={p.disabled} onChange={(o) => actions.change(key, { ...view.draft, open: o })} onLeave={() => actions.leave(key)} />
          <p className="col-span-2 text-sm font-semibold tabular-nums sm:col-span-4" data-testid={`open-total-${line.item_id}`}>
            {openText}
          </p>
        </div>
      )}
    </li>
  )
})

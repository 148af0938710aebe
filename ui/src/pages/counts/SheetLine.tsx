import type { KeyboardEvent } from 'react'
import type { CountLine } from '../../../../src/contract/counts'
import { ErrorLine } from '../../components/ErrorLine'
import { QuantityField } from '../../components/QuantityField'
import { COUNT_UI } from '../../messages/counts'
import { lineKey, type Draft, type LineView } from './lineState'
import { SaveBadge } from './SaveBadge'

/** One line of the sheet: a quantity field, or one per pack size and loose; its save state beside the name. */
export function SheetLine(p: {
  line: CountLine
  index: number
  view: LineView
  disabled: boolean
  expected: string | null
  onChange: (d: Draft) => void
  onLeave: () => void
  onKeyDown: (e: KeyboardEvent<HTMLInputElement>) => void
  onRetry: () => void
}) {
  const { line, index, view } = p
  const base = `line-${line.area_id}-${line.item_id}`
  const common = { disabled: p.disabled, hint: '', onKeyDown: p.onKeyDown, onBlur: p.onLeave, enterKeyHint: 'next' as const }
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 [contain-intrinsic-size:auto_8rem] [content-visibility:auto] dark:border-slate-700 dark:bg-slate-900" data-testid={`line-${line.item_id}`} data-line-key={lineKey(line)} data-state={view.state}>
      <div className="mb-2 flex items-start justify-between gap-2">
        <div>
          <p className="font-semibold">
            {line.item_name}
            {line.found && <span className="ml-2 text-xs font-normal text-slate-600">{COUNT_UI.found}</span>}
          </p>
          {p.expected !== null && <p className="text-xs text-slate-600 dark:text-slate-300">{COUNT_UI.expected(p.expected)}</p>}
        </div>
        <div aria-live="polite" data-testid={`state-${line.item_id}`}>
          <SaveBadge view={view} onRetry={p.onRetry} />
        </div>
      </div>
      {line.packs.length === 0 ? (
        <QuantityField
          id={`${base}-counted`}
          label={COUNT_UI.countedLabel(line.item_name)}
          unit={line.unit}
          value={view.draft.counted}
          onChange={(v) => p.onChange({ ...view.draft, counted: v })}
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
              onChange={(v) => p.onChange({ ...view.draft, packs: { ...view.draft.packs, [pack.id]: v } })}
              {...(i === 0 ? { 'data-line-first': index } : {})}
              {...common}
            />
          ))}
          <QuantityField
            id={`${base}-loose`}
            label={COUNT_UI.looseLabel}
            unit={line.unit}
            value={view.draft.loose}
            onChange={(v) => p.onChange({ ...view.draft, loose: v })}
            {...common}
          />
          {view.error && (
            <div className="col-span-2 sm:col-span-4">
              <ErrorLine message={view.error} />
            </div>
          )}
        </div>
      )}
    </li>
  )
}

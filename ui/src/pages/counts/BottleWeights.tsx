import { useState } from 'react'
import type { CountLine } from '../../../../src/contract/counts'
import { QuantityField } from '../../components/QuantityField'
import { type OpenDraft } from '../../lib/counting/openBottles'
import { hasBluetoothScale, readScale } from './scale'

/**
 * The open bottles of a bottle item's line (issue 35): one weight per bottle on the numeric keypad (g), or tenths
 * by eye for a bar without a scale; a Bluetooth scale fills a weight where the browser has one.
 */
export function BottleWeights({ line, base, value, disabled, onChange, onLeave }: {
  line: CountLine
  base: string
  value: OpenDraft | undefined
  disabled: boolean
  onChange: (o: OpenDraft) => void
  onLeave: () => void
}) {
  const open = value ?? { weights: [], tenths: [] }
  const [scaleError, setScaleError] = useState<string | null>(null)
  const bottle = line.bottle!
  const weights = open.weights.length ? open.weights : ['']
  const setWeight = (i: number, v: string) => onChange({ ...open, weights: weights.map((w, j) => (j === i ? v : w)) })
  const setTenth = (i: number, v: string) => onChange({ ...open, tenths: open.tenths.map((t, j) => (j === i ? v : t)) })
  const fromScale = async (i: number) => {
    setScaleError(null)
    try {
      setWeight(i, String(await readScale()))
    } catch (err) {
      setScaleError(err instanceof Error ? err.message : 'The scale did not answer')
    }
  }
  return (
    <div className="col-span-2 space-y-2 rounded-lg bg-slate-50 p-2 sm:col-span-4 dark:bg-slate-800" data-testid={`open-${line.item_id}`}>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Open bottles: weigh each ({bottle.tare_g} g empty, {bottle.full_g} g full)
      </p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {weights.map((w, i) => (
          <div key={`w${i}`}>
            <QuantityField
              id={`${base}-weight-${i}`}
              label={`Open bottle ${i + 1}`}
              unit="g"
              value={w}
              disabled={disabled}
              hint=""
              onChange={(v) => setWeight(i, v)}
              onBlur={onLeave}
              onKeyDown={(e) => e.key === 'Enter' && onLeave()}
              enterKeyHint="done"
            />
            {hasBluetoothScale() && (
              <button type="button" className="mt-1 min-h-9 text-xs text-brand-700 underline" onClick={() => void fromScale(i)} disabled={disabled}>
                Read scale
              </button>
            )}
          </div>
        ))}
        {open.tenths.map((t, i) => (
          <QuantityField
            key={`t${i}`}
            id={`${base}-tenths-${i}`}
            label={`By eye ${i + 1} (tenths)`}
            value={t}
            disabled={disabled}
            hint="0–10"
            onChange={(v) => setTenth(i, v)}
            onBlur={onLeave}
          />
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm" disabled={disabled} onClick={() => onChange({ ...open, weights: [...weights, ''] })}>
          Add open bottle
        </button>
        <button type="button" className="min-h-11 rounded-lg border border-slate-300 px-3 text-sm" disabled={disabled} onClick={() => onChange({ ...open, weights, tenths: [...open.tenths, ''] })}>
          Add by eye (tenths)
        </button>
      </div>
      {scaleError && <p className="text-sm text-red-700">{scaleError}</p>}
    </div>
  )
}

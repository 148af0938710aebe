import type { ComponentProps } from 'react'
import { TextField } from './Field'

type QuantityFieldProps = ComponentProps<typeof TextField> & {
  /** Shown after the label: 'Quantity (kg)'. */
  unit?: string | null
  /** A number input stepping by 0.01 from `min` (the store's forms); without it, text the contract's parser reads ('.' or ','). */
  min?: string
}

/** A quantity typed on a phone's decimal keypad. */
export function QuantityField({ label, unit, min, ...rest }: QuantityFieldProps) {
  const number = min === undefined ? {} : { type: 'number', step: '0.01', min }
  return <TextField label={unit ? `${label} (${unit})` : label} inputMode="decimal" autoComplete="off" {...number} {...rest} />
}

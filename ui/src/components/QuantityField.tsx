import { useState, type ComponentProps } from 'react'
import { parseQuantity, QUANTITY_MSG } from '../../../src/contract/quantity'
import { TextField } from './Field'

type QuantityFieldProps = Omit<ComponentProps<typeof TextField>, 'type' | 'inputMode'> & {
  /** Shown after the label: 'Quantity (kg)', or a currency: 'Cost Price (ZMW)'. */
  unit?: string | null
  /** Decimals accepted: 2 (quantities, amounts) unless a cost per unit (COST_DECIMALS). */
  decimals?: number
}

/**
 * The one field for a quantity or a price typed by a person: text on a phone's decimal keypad, read by
 * the contract's `parseQuantity` ('.' or ',' is the decimal mark). A number that could be read two
 * ways ('1,234.5') shows the parser's message under the field once the field is left or the form sent;
 * nothing typed is ever dropped (a `type="number"` field drops '2,5' to '25' in some locales).
 */
export function QuantityField({ label, unit, decimals, error, hint, onBlur, value, ...rest }: QuantityFieldProps) {
  const [left, setLeft] = useState(false)
  const parsed = parseQuantity(value, decimals)
  const refused = !parsed.ok && !parsed.empty && (left || !!error) ? parsed.message : undefined
  return (
    <TextField
      label={unit ? `${label} (${unit})` : label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={refused ?? error}
      hint={hint ?? QUANTITY_MSG.example}
      onBlur={(e) => {
        setLeft(true)
        onBlur?.(e)
      }}
      {...rest}
    />
  )
}

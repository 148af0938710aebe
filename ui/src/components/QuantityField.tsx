import { useEffect, useId, useRef, useState, type ComponentProps } from 'react'
import { parseQuantity, QUANTITY_MSG } from '../../../src/contract/quantity'
import { refuseScansIn } from '../lib/scanner/hid'
import { SCAN_UI } from '../messages/scan'
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
 * Issue 29: its text is selected when it gets the focus, so typing replaces a prefilled figure instead of
 * adding digits to it; and a keyboard scanner's burst typed into it is taken back out ('That was a barcode',
 * the field keeps its value) while the code still goes to the page's scan listener, if it has one.
 */
export function QuantityField({ label, unit, decimals, error, hint, onBlur, onFocus, onMouseDown, onMouseUp, onChange, value, id, ...rest }: QuantityFieldProps) {
  const [left, setLeft] = useState(false)
  const [scanned, setScanned] = useState(false)
  const auto = useId()
  const fieldId = id ?? auto
  const focusingClick = useRef(false)
  const parsed = parseQuantity(value, decimals)
  const refused = !parsed.ok && !parsed.empty && (left || !!error) ? parsed.message : undefined

  // The <input> is TextField's: found by its id once mounted.
  useEffect(() => {
    const input = document.getElementById(fieldId)
    return input ? refuseScansIn(input, () => setScanned(true)) : undefined
  }, [fieldId])

  return (
    <TextField
      id={fieldId}
      label={unit ? `${label} (${unit})` : label}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      value={value}
      error={scanned ? SCAN_UI.wasBarcode : (refused ?? error)}
      hint={hint ?? QUANTITY_MSG.example}
      onChange={(v) => {
        setScanned(false)
        onChange(v)
      }}
      onFocus={(e) => {
        e.currentTarget.select()
        onFocus?.(e)
      }}
      // A click that focuses the field keeps the whole text selected (its mouseup would place the caret);
      // a click in a field that already has the focus places the caret as usual.
      onMouseDown={(e) => {
        focusingClick.current = document.activeElement !== e.currentTarget
        onMouseDown?.(e)
      }}
      onMouseUp={(e) => {
        if (focusingClick.current) e.preventDefault()
        focusingClick.current = false
        onMouseUp?.(e)
      }}
      onBlur={(e) => {
        setLeft(true)
        onBlur?.(e)
      }}
      {...rest}
    />
  )
}

// What a person typed in a form, made ready for the contract's schemas.
import { quantityValue } from '../../../src/contract/quantity'

/** A quantity or price typed: '' → undefined (the schema then says "… is required"); refused by `parseQuantity` → NaN (the field shows why). */
export const numberOrUndefined = (s: string) => quantityValue(s)

/** The same, with '' as NaN too (forms whose schema has a default for a missing number). */
export const toNumber = (s: string) => quantityValue(s) ?? Number.NaN

/** The schema's "cost_price must be …" with the field's visible label instead: "Cost Price must be …". */
export function withLabels(errors: Record<string, string>, labels: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [key, message] of Object.entries(errors)) {
    const label = labels[key]
    out[key] = label && message.toLowerCase().startsWith(key.toLowerCase()) ? label + message.slice(key.length) : message
  }
  return out
}

/** One schema message naming its wire field ('quantity_requested must be …') with the label instead. */
export const relabel = (message: string | undefined, label: string) => (message ? message.replace(/^[\w]+/, label) : undefined)

/** One Idempotency-Key per opening of a stock-moving form (DECISIONS "UI behaviour"). */
export const newKey = () => crypto.randomUUID()

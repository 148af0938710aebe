// What a person typed in a form, made ready for the contract's schemas.
import { quantityValue } from '../../../src/contract/quantity'

/** A quantity or price typed: '' → undefined (the schema then says "… is required"); refused by `parseQuantity` → NaN (the field shows why). */
export const numberOrUndefined = (s: string, decimals?: number) => quantityValue(s, decimals)

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

/**
 * One Idempotency-Key per opening of a stock-moving form (DECISIONS "UI behaviour"): a random (v4) UUID.
 * Built from crypto.getRandomValues because crypto.randomUUID exists only in secure contexts, and a phone
 * on the restaurant's plain-HTTP address (http://192.168.…) is not one: there every such form threw.
 */
export function newKey(): string {
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6] & 0x0f) | 0x40 // version 4
  b[8] = (b[8] & 0x3f) | 0x80 // the RFC 9562 variant
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

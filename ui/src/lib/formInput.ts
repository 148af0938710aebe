// What a person typed in a form, made ready for the contract's schemas.

/** '' → undefined (the schema then says "… is required"); otherwise the number typed (NaN is refused by the schema). */
export const numberOrUndefined = (s: string) => (s.trim() === '' ? undefined : Number(s))

/** A number typed in a text box: '' and junk are NaN (the schema then names the field); ',' is a decimal mark. */
export const toNumber = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim().replace(',', '.')))

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

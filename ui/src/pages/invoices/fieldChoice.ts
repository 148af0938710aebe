import { columnsMissing } from '../../../../src/contract/invoices'
import { INVOICE_UI as T } from '../../messages/invoices'

// The one check of a person's "which column is which" on an invoice (a CSV's mapping, a PDF's columns), said before
// anything is sent: the fields a line needs (the contract's rule, as the server reads), and no field on two columns.

/** Why these fields (one per column, '' for none) cannot be read yet, or null. */
export function fieldChoiceProblem(fields: string[]): string | null {
  const chosen = fields.filter((f) => f !== '')
  const twice = chosen.find((f, i) => chosen.indexOf(f) !== i)
  if (twice) return T.fieldTwice(T.fields[twice] ?? twice)
  const missing = columnsMissing(chosen)
  if (missing.length) return T.mapMissing(missing.map((f) => (f === 'unit_price' ? `${T.fields.unit_price} or ${T.fields.amount}` : T.fields[f])))
  return null
}

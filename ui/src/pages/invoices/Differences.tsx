import type { InvoiceDifference } from '../../../../src/contract/invoices'
import { useFormat } from '../../lib/useFormat'
import { INVOICE_UI as T } from '../../messages/invoices'

/** What is worth a credit note: a price above the order, goods short, refused or damaged, each with its value. */
export function Differences({ differences }: { differences: InvoiceDifference[] }) {
  const fmt = useFormat()
  if (differences.length === 0) return null
  const total = differences.reduce((s, d) => s + Math.round(d.value * 100), 0) / 100
  return (
    <section aria-label={T.credit} className="mt-4 rounded-xl border border-red-600 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-200">
      <h2 className="font-semibold">
        {T.credit}: {fmt.money(total)}
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {differences.map((d) => (
          <li key={`${d.n}-${d.kind}`}>{T.difference(d.n, d.description, T.differenceKinds[d.kind], fmt.number(d.quantity), fmt.money(d.value))}</li>
        ))}
      </ul>
    </section>
  )
}

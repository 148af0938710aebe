import { Link, useParams } from 'wouter'
import { getCount } from '../../api/counts'
import { Button, buttonClass } from '../../components/Button'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { useFormat } from '../../lib/useFormat'
import { COUNT_UI } from '../../messages/counts'
import { formatPacked } from '../../../../src/contract/packs'

/** Blank rows per area for items found on the shelf that are not on its list. */
const FOUND_ROWS = 5

/**
 * The paper sheet: grouped by area in shelf order, an Expected column only when the answer carries
 * one (never in a blind count while it is open), a blank Counted column, and blank rows for finds.
 */
export default function CountPrintPage() {
  const id = Number(useParams<{ id: string }>().id)
  const fmt = useFormat()
  const loaded = useLoad((signal) => getCount(id, signal).then((r) => r.data), [id], COUNT_UI.loadFailed)
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner label="Loading count" />
  const c = loaded.data
  const withExpected = c.lines.some((l) => l.expected !== undefined)
  const cell = 'border border-slate-400 px-2 py-1.5 text-left'
  return (
    <div className="print-sheet">
      <div className="mb-4 flex flex-wrap items-center gap-2 print:hidden">
        <Link href={`/counts/${id}`} className={buttonClass('secondary')}>
          {COUNT_UI.open}
        </Link>
        <Button onClick={() => window.print()}>{COUNT_UI.print}</Button>
      </div>
      <h1 className="mb-1 text-2xl font-semibold">{COUNT_UI.printTitle(id)}</h1>
      <p className="mb-4 text-sm">
        {fmt.dateTime(c.started_at)} · {c.started_by_name}
        {c.blind ? ` · ${COUNT_UI.blind}` : ''}
        {c.note ? ` · ${c.note}` : ''}
      </p>
      {c.areas.map((a) => {
        const lines = c.lines.filter((l) => l.area_id === a.id)
        return (
          <section key={a.id} className="mb-6 break-inside-avoid-page">
            <h2 className="mb-2 text-lg font-semibold">{a.name}</h2>
            <table className="w-full border-collapse text-sm">
              <thead>
                <tr>
                  <th className={cell}>#</th>
                  <th className={cell}>Item</th>
                  <th className={cell}>Unit / packs</th>
                  {withExpected && <th className={cell}>Expected</th>}
                  <th className={`${cell} w-40`}>Counted</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => (
                  <tr key={l.item_id}>
                    <td className={cell}>{i + 1}</td>
                    <td className={cell}>{l.item_name}</td>
                    <td className={cell}>{[l.unit, ...l.packs.map((p) => `${p.name} ${p.size}`)].join(' · ')}</td>
                    {withExpected && <td className={cell}>{l.expected === undefined ? '' : formatPacked(l.expected, l.unit, l.packs)}</td>}
                    <td className={cell}>{l.counted === null ? '' : formatPacked(l.counted, l.unit, l.packs)}</td>
                  </tr>
                ))}
                <tr>
                  <td className={`${cell} font-medium`} colSpan={withExpected ? 5 : 4}>
                    {COUNT_UI.foundRows}
                  </td>
                </tr>
                {Array.from({ length: FOUND_ROWS }, (_, i) => (
                  <tr key={`blank-${i}`} data-testid="found-row">
                    <td className={`${cell} h-9`}>&nbsp;</td>
                    <td className={cell} />
                    <td className={cell} />
                    {withExpected && <td className={cell} />}
                    <td className={cell} />
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )
      })}
    </div>
  )
}

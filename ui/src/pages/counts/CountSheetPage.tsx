import { useParams } from 'wouter'
import type { SheetCode } from '../../../../src/contract/barcodes'
import type { StockCountDetail } from '../../../../src/contract/counts'
import { getCount } from '../../api/counts'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { takeEarly } from '../../lib/earlyFetch'
import { boxUnreachable } from '../../lib/offline/app'
import { allItems } from '../../lib/offline/outbox'
import { loadDrafts, loadSheet } from '../../lib/offline/sheets'
import { COUNT_UI } from '../../messages/counts'
import type { Draft, LocalDraft } from './lineState'
import { Sheet } from './Sheet'

/** What the sheet opens with: the count (from the box, or as stored on this phone) and the phone's own part of it. */
export interface SheetSource {
  count: StockCountDetail
  /** Opened from this phone: the box did not answer. */
  fromPhone: boolean
  /** The stored codes (from the phone; the sheet fetches fresh ones when the box answers). */
  codes: SheetCode[]
  local: Record<string, LocalDraft>
  /** Entry ids still in the outbox, and the refused ones with the box's reason. */
  waiting: Set<string>
  refused: Map<string, string>
}

async function loadSource(id: number, signal: AbortSignal): Promise<SheetSource> {
  const phone = Promise.all([loadDrafts<Draft>(id), allItems()]).catch(() => [{}, []] as [Record<string, LocalDraft>, never[]])
  let count: StockCountDetail
  let fromPhone = false
  let codes: SheetCode[] = []
  try {
    // The entry may have asked for it already (lib/earlyFetch.ts): taken once, the first time.
    count = (await takeEarly(`/stock-counts/${id}`, () => getCount(id, signal))).data
  } catch (err) {
    // No answer from the box: the sheet stored on this phone opens instead.
    if (!boxUnreachable(err)) throw err
    const held = await loadSheet(id).catch(() => undefined)
    if (!held) throw err
    ;({ count, codes } = held)
    fromPhone = true
  }
  const [local, items] = await phone
  const mine = items.filter((i) => i.kind === 'entry' && i.count_id === id)
  return {
    count,
    fromPhone,
    codes,
    local,
    waiting: new Set(mine.filter((i) => !i.refused).map((i) => i.id)),
    refused: new Map(mine.filter((i) => i.refused).map((i) => [i.id, i.refused!])),
  }
}

/** The phone-first count sheet: one area at a time, in shelf order; every line saves itself. */
export default function CountSheetPage() {
  const params = useParams<{ id: string }>()
  const id = Number(params.id)
  const loaded = useLoad((signal) => loadSource(id, signal), [id], COUNT_UI.loadFailed)
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner label="Loading count" />
  return <Sheet source={loaded.data} reload={loaded.reload} />
}

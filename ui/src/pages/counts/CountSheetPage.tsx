import { useParams } from 'wouter'
import type { SheetCode } from '../../../../src/contract/barcodes'
import type { StockCountDetail } from '../../../../src/contract/counts'
import { getCount } from '../../api/counts'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import type { Envelope } from '../../api/client'
import { peekEarly, sheetKeys, takeArrived, takeEarly } from '../../lib/earlyFetch'
import { boxUnreachable } from '../../lib/offline/app'
import { sheetOnPhone } from '../../lib/offline/drafts'
import type { OutboxItem } from '../../lib/offline/outbox'
import { loadSheet } from '../../lib/offline/sheets'
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

type OnPhone = [Record<string, LocalDraft>, OutboxItem[]]

function sourceOf(id: number, count: StockCountDetail, fromPhone: boolean, codes: SheetCode[], [local, items]: OnPhone): SheetSource {
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

/**
 * Both halves already read when the page mounts (the entry asked for them: lib/earlyFetch.ts): its first render is
 * the sheet, not a spinner and a render later the sheet (at 4× slower CPU that second pass, with its layout and
 * paint, was ≈ 0.2 s). Taken only together, so a half left over is not mistaken for a later load's.
 */
function arrivedSource(id: number): SheetSource | null {
  const keys = sheetKeys(id)
  if (peekEarly(keys.count) === null || peekEarly(keys.phone) === null) return null
  return sourceOf(id, takeArrived<Envelope<StockCountDetail>>(keys.count)!.data, false, [], takeArrived<OnPhone>(keys.phone)!)
}

async function loadSource(id: number, signal: AbortSignal): Promise<SheetSource> {
  const keys = sheetKeys(id)
  const phone = takeEarly(keys.phone, () => sheetOnPhone<Draft>(id)).catch((): OnPhone => [{}, []])
  let count: StockCountDetail
  let fromPhone = false
  let codes: SheetCode[] = []
  try {
    // The entry may have asked for it already (lib/earlyFetch.ts): taken once, the first time.
    count = (await takeEarly(keys.count, () => getCount(id, signal))).data
  } catch (err) {
    // No answer from the box: the sheet stored on this phone opens instead.
    if (!boxUnreachable(err)) throw err
    const held = await loadSheet(id).catch(() => undefined)
    if (!held) throw err
    ;({ count, codes } = held)
    fromPhone = true
  }
  return sourceOf(id, count, fromPhone, codes, await phone)
}

/** The phone-first count sheet: one area at a time, in shelf order; every line saves itself. */
export default function CountSheetPage() {
  const params = useParams<{ id: string }>()
  const id = Number(params.id)
  const loaded = useLoad((signal) => loadSource(id, signal), [id], COUNT_UI.loadFailed, () => arrivedSource(id))
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner label="Loading count" />
  return <Sheet source={loaded.data} reload={loaded.reload} />
}

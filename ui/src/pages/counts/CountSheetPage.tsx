import { useParams } from 'wouter'
import { getCount } from '../../api/counts'
import { LoadError } from '../../components/LoadError'
import { Spinner } from '../../components/Spinner'
import { useLoad } from '../../components/useLoad'
import { takeEarly } from '../../lib/earlyFetch'
import { COUNT_UI } from '../../messages/counts'
import { Sheet } from './Sheet'

/** The phone-first count sheet: one area at a time, in shelf order; every line saves itself. */
export default function CountSheetPage() {
  const params = useParams<{ id: string }>()
  const id = Number(params.id)
  // The entry may have asked for it already (lib/earlyFetch.ts): taken once, the first time.
  const loaded = useLoad((signal) => takeEarly(`/stock-counts/${id}`, () => getCount(id, signal)).then((r) => r.data), [id], COUNT_UI.loadFailed)
  if (loaded.error) return <LoadError error={loaded.error} retry={loaded.reload} />
  if (!loaded.data) return <Spinner label="Loading count" />
  return <Sheet count={loaded.data} reload={loaded.reload} />
}

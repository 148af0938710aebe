import { useState } from 'react'
import type { CountLine, SubmitAnswer, UncountedChoice } from '../../../../src/contract/counts'
import { messageOr } from '../../api/client'
import { submitCount } from '../../api/counts'
import { Button } from '../../components/Button'
import { ErrorLine } from '../../components/ErrorLine'
import { Modal } from '../../components/Modal'
import { COUNT_UI } from '../../messages/counts'
import { lineKey } from '../../lib/counting/lineState'

/** Submit the count: the lines still uncounted, and whether they stay as they are or become zero. */
export function SubmitDialog(p: { countId: number; uncounted: CountLine[]; areaName: (id: number) => string; onClose: () => void; onDone: (a: SubmitAnswer) => void }) {
  const [choice, setChoice] = useState<UncountedChoice>('UNCHANGED')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const go = async () => {
    setBusy(true)
    setFailure(null)
    try {
      p.onDone((await submitCount(p.countId, choice)).data)
    } catch (err) {
      setFailure(messageOr(err, COUNT_UI.submitFailed))
      setBusy(false)
    }
  }
  return (
    <Modal
      open
      title={COUNT_UI.submitTitle}
      onClose={p.onClose}
      footer={
        <>
          <Button variant="secondary" onClick={p.onClose} disabled={busy}>
            {COUNT_UI.cancel}
          </Button>
          <Button onClick={go} disabled={busy}>
            {busy ? COUNT_UI.submitting : COUNT_UI.submit}
          </Button>
        </>
      }
    >
      <ErrorLine message={failure} />
      {p.uncounted.length === 0 ? (
        <p>{COUNT_UI.allCounted}</p>
      ) : (
        <>
          <p className="mb-2">{COUNT_UI.uncountedIntro(p.uncounted.length)}</p>
          <ul className="mb-4 max-h-60 list-disc overflow-y-auto pl-5 text-sm" aria-label={COUNT_UI.uncountedList}>
            {p.uncounted.map((l) => (
              <li key={lineKey(l)}>
                {l.item_name} · {p.areaName(l.area_id)}
              </li>
            ))}
          </ul>
          <fieldset>
            <legend className="mb-2 text-sm font-medium">{COUNT_UI.uncountedChoice}</legend>
            {(['UNCHANGED', 'ZERO'] as const).map((c) => (
              <label key={c} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="uncounted" value={c} checked={choice === c} onChange={() => setChoice(c)} className="size-5" />
                {c === 'UNCHANGED' ? COUNT_UI.keepUnchanged : COUNT_UI.setZero}
              </label>
            ))}
          </fieldset>
        </>
      )}
    </Modal>
  )
}
